import path from 'node:path';
import { buildApp } from './app';
import { readConfig } from './config';
import { openDatabase } from './db/client';
import { startEmbeddedAzurite } from './integrations/storage/azurite';
import { prepareDatabase } from './prepare-database';

const settings = readConfig();
const azurite = await startEmbeddedAzurite(settings);
const config = azurite ? { ...settings, azureStorageConnectionString: azurite.connectionString } : settings;
const database = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
const app = await buildApp(config, { database });
await prepareDatabase(database, { seedDemoData: config.seedDemoData, now: new Date(), log: app.log });

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  await azurite?.stop();
  process.exit(0);
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ host: config.host, port: config.port });
app.log.info(`shop ready on http://localhost:${config.port} (database: ${database.kind})`);
