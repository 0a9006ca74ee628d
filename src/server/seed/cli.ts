import path from 'node:path';
import { parseArgs } from 'node:util';
import { readConfig } from '../config';
import { DataDirLockedError, lockDataDir } from '../data-dir-lock';
import { openDatabase } from '../db/client';
import { seedDemoData } from './seed-demo-data';

const { values } = parseArgs({ options: { scale: { type: 'string' } } });
const scale = values.scale === undefined ? undefined : Number(values.scale);
if (scale !== undefined && (!Number.isInteger(scale) || scale <= 0)) {
  console.error('--scale takes a positive whole number of tyres, e.g. --scale 100000');
  process.exit(2);
}

const config = readConfig();
try {
  // The embedded database has one process at a time: a running shop must be stopped first.
  if (!config.databaseUrl) lockDataDir(config.dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
try {
  await database.migrate();
  const started = Date.now();
  await seedDemoData(database.db, {
    now: new Date(),
    scale,
    onProgress: (step, done, total) => {
      const width = 30;
      const filled = Math.round((done / total) * width);
      process.stdout.write(
        `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${step.padEnd(24)}`,
      );
    },
  });
  process.stdout.write(`\ndemo data loaded into ${database.kind} in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
} finally {
  await database.close();
}
