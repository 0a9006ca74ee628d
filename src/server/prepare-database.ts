import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from './db/client';
import { isSeeded, seedDemoData } from './seed/seed-demo-data';

/** Applies migrations, and on the first start of a demo installation loads the demo data. */
export async function prepareDatabase(
  database: DatabaseHandle,
  options: { seedDemoData: boolean; now: Date; log: Pick<FastifyBaseLogger, 'info'> },
): Promise<void> {
  await database.migrate();
  if (options.seedDemoData && !(await isSeeded(database.db))) {
    options.log.info('loading demo data (first start)');
    await seedDemoData(database.db, { now: options.now });
  }
}
