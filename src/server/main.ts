import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { openDatabase } from './db/client';
import { type LaunchedAzurite, planEmbeddedAzurite } from './integrations/storage/azurite';
import { storageStarting } from './integrations/storage/blob-storage';
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

const plannedAzurite = await planEmbeddedAzurite(settings);
let azurite: LaunchedAzurite | null = null;
const database = await openDatabase({
  databaseUrl: settings.databaseUrl,
  pgliteDir: path.join(settings.dataDir, 'db'),
});
const config = plannedAzurite
  ? { ...settings, azureStorageConnectionString: plannedAzurite.connectionString }
  : settings;
const app = await buildApp(config, { database });
await prepareDatabase(database, { seedDemoData: config.seedDemoData, now: new Date(), log: app.log });

let closing = false;
/**
 * Drain, then close: answer every request in flight while refusing new ones with 503 (http/drain.ts: the listening
 * socket stays open meanwhile, so no connection is reset), then stop listening, and only then close the database,
 * so every answered write is committed and no request is cut off.
 */
async function shutdown(reason: string, failed = false): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ reason }, 'stopping: draining requests in flight');
  const giveUp = setTimeout(() => {
    app.log.error('requests still in flight after the drain timeout; stopping anyway');
    process.exit(1);
  }, DRAIN_TIMEOUT_MS);
  giveUp.unref();
  let code = failed ? 1 : 0;
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
// Azurite starts once the catalogue has loaded, not beside it: on two cores its start (a second node process loading
// its modules) made the shop's own half a second longer. Only uploads use it, and they wait for it (blob-storage.ts);
// the shop serves everything else meanwhile, and stops if Azurite fails to start (docs/performance.md, start-up).
// A stop asked for while the catalogue loaded has begun already: nothing is started after it.
azurite = closing ? null : (plannedAzurite?.launch() ?? null);
if (azurite) {
  storageStarting(azurite.connectionString, azurite.ready);
  azurite.ready.catch((error: unknown) => {
    app.log.error({ err: error }, 'the embedded Azurite did not start; stopping');
    void shutdown('the embedded Azurite did not start', true);
  });
}
await app.listen({ host: config.host, port: config.port });
app.log.info(`shop ready on http://localhost:${config.port} (database: ${database.kind})`);
