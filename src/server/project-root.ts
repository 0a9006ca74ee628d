import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The directory of the shop's package.json. The server runs from its sources (tsx, tests) and from one built file
 * (dist/server/main.js), so files it reads at run time (migrations, public images) are found from here, not from
 * the location of the module that reads them.
 */
export function projectRoot(): string {
  let directory = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(directory, 'package.json'))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error('the shop’s package.json was not found above the server');
    directory = parent;
  }
  return directory;
}
