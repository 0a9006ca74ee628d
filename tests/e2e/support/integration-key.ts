import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** An integration key with every scope, made by `npm run keys -- create` on a data directory no shop holds. */
export async function createIntegrationKey(dataDir: string): Promise<string> {
  const { stdout } = await run(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/server/modules/integration/keys-cli.ts',
      'create',
      '--name',
      'e2e',
      '--scopes',
      'catalogue,prices,stock,orders',
    ],
    {
      cwd: path.resolve(import.meta.dirname, '../../..'),
      env: { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    },
  );
  const key = /yhi_ik_[A-Za-z0-9_-]{43}/.exec(stdout)?.[0];
  if (!key) throw new Error(`the keys CLI printed no key: ${stdout}`);
  return key;
}
