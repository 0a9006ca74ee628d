import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client';
import { isSeeded, seedDemoData } from './seed/seed-demo-data';

/**
 * Applies migrations, and on the first start of a demo installation loads the demo data. Both run under the
 * database's exclusive lock, so instances started together on an empty database seed it once.
 */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seedDemoData: boolean; now: Date; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  await database.migrate();
  if (!options.seedDemoData) return;
  await database.exclusively(async () => {
    if (await isSeeded(database.db)) return;
    options.log.info('loading demo data (first start)');
    await seedDemoData(database.db, { now: options.now });
  });
}
