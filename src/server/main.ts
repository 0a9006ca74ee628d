import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { openDatabase } from './db/client';
import { launchEmbeddedAzurite } from './integrations/storage/azurite';
import { prepareDatabase } from './prepare-database';

/** How long a stop waits for requests in flight before it gives up on them. */
const DRAIN_TIMEOUT_MS = 20_000;

const settings = readConfig();
const usesDataDir = !settings.databaseUrl || !settings.azureStorageConnectionString;
try {
  // Before the embedded database or Azurite open their files: a second process must not open them at all.
  if (usesDataDir) lockDataDir(settings.dataDir);
} catch (error) {
  if (!(error instanceof DataDirLockedError)) throw error;
  console.error(error.message);
  process.exit(1);
}

// Azurite starts while the database opens and the catalogue loads; the shop waits for it only before it listens, so
// no request finds storage missing (start-up time, docs/performance.md).
const azurite = await launchEmbeddedAzurite(settings);
const database = await openDatabase({ databaseUrl: settings.databaseUrl, pgliteDir: path.join(settings.dataDir, 'db') });
const config = azurite ? { ...settings, azureStorageConnectionString: azurite.connectionString } : settings;
const app = await buildApp(config, { database });
await prepareDatabase(database, { seedDemoData: config.seedDemoData, now: new Date(), log: app.log });

let closing = false;
/**
 * Drain, then close: answer every request in flight while refusing new ones with 503 (http/drain.ts: the listening
 * socket stays open meanwhile, so no connection is reset), then stop listening, and only then close the database,
 * so every answered write is committed and no request is cut off.
 */
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'stopping: draining requests in flight');
  const giveUp = setTimeout(() => {
    app.log.error('requests still in flight after the drain timeout; stopping anyway');
    process.exit(1);
  }, DRAIN_TIMEOUT_MS);
  giveUp.unref();
  let code = 0;
  try {
    await app.drain();
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'stopping failed');
    code = 1;
  }
  await azurite?.stop();
  app.log.info('stopped');
  process.exit(code);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.ready();
await azurite?.ready;
await app.listen({ host: config.host, port: config.port });
app.log.info(`shop ready on http://localhost:${config.port} (database: ${database.kind})`);
