import type { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { buildApp } from '../../src/server/app';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';
import { type TestApp, testConfig } from './test-app';

/**
 * A second instance of the shop on the first one's database, through a connection of its own (PostgreSQL) or the
 * same embedded database (PGlite), reading the same clock: what a second server behind a load balancer would be.
 */
export async function startSecondInstance(
  first: TestApp,
  env: Record<string, string> = {},
): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const database = first.database as DatabaseHandle;
  let handle: DatabaseHandle;
  let closeHandle = async () => undefined as void;
  if (database.kind === 'pglite') {
    handle = openPglite((database.db as unknown as { $client: PGlite }).$client);
  } else {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const own = openPostgres(pool.options.connectionString as string);
    handle = own;
    closeHandle = () => own.close();
  }
  const app = await buildApp(testConfig(env), { database: handle, now: () => first.clock.now });
  await app.ready();
  return {
    app,
    close: async () => {
      await app.close();
      await closeHandle();
    },
  };
}
