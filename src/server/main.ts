import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { DataDirLockedError, lockDataDir } from './data-dir-lock';
import { openDatabase } from './db/client';
import { type LaunchedAzurite, planEmbeddedAzurite } from './integrations/storage/azurite';
import { storageStarting } from './integrations/storage/blob-storage';
import { prepareDatabase } from './prepare-database';

/**
 * How long a stop waits for requests in flight before it cuts them off, and how long it then allows itself to close
 * the database: together short of the grace a container runtime gives before it kills the process.
 */
const STOP_TIMEOUT_MS = 7_000;
const CUT_OFF_GRACE_MS = 1_500;

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
 * Stop without losing a request: stop listening at once (a new connection is refused, so a load balancer moves on),
 * close the idle keep-alive connections, answer every request in flight and refuse with 503 any that arrives on a
 * connection opened before (http/drain.ts), let the app's own work finish, and only then close the database, so every
 * answered write is committed. Requests still in flight at the stop timeout are cut off and the stop fails.
 */
async function shutdown(reason: string, failed = false): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ reason }, 'stopping: no new connections; answering the requests in flight');
  let cutOff = false;
  // Held, not unref'd: should the close leave nothing else to wait on, the process still ends through here.
  setTimeout(() => {
    cutOff = true;
    app.log.error('requests still in flight at the stop timeout; cutting them off');
    app.server.closeAllConnections();
    setTimeout(() => process.exit(1), CUT_OFF_GRACE_MS);
  }, STOP_TIMEOUT_MS);
  let code = failed ? 1 : 0;
  try {
    await app.close();
    await database.close();
  } catch (error) {
    app.log.error({ err: error }, 'stopping failed');
    code = 1;
  }
  await azurite?.stop();
  app.log.info('stopped');
  process.exit(cutOff ? 1 : code);
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
