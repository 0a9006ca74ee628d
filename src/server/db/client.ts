import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (a lower-case identifier); answers how to stop.
   * On PostgreSQL this holds a connection of its own, outside the pool, so closing the pool never waits on it.
   */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

export const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Any value unique to this project: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_KEY = 7_301_954;

export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload) => {
      assertChannelName(channel);
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => {
        await unsubscribe().catch(() => undefined);
      };
    },
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string): DatabaseHandle {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server drops (a restart, a failover, a dropped test database) is discarded by the pool and
  // the next query opens a new one; unheard, pg would raise it as an uncaught exception and end the process.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema });
  return {
    db,
    kind: 'postgres',
    migrate: async () => {
      const connection = await pool.connect();
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(connection, { schema }), { migrationsFolder });
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        connection.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, onPayload) => {
      assertChannelName(channel);
      const listener = new pg.Client({ connectionString });
      // A dropped listening connection must not take the process down; the stop function still ends it.
      listener.on('error', () => undefined);
      listener.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      await listener.connect();
      await listener.query(`LISTEN ${channel}`);
      return async () => {
        await listener.end().catch(() => undefined);
      };
    },
    close: () => pool.end(),
  };
}

/** PostgreSQL when a URL is given, else embedded PGlite in `pgliteDir` (created on first use). */
export async function openDatabase(options: { databaseUrl?: string; pgliteDir: string }): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  return openPglite(await PGlite.create(options.pgliteDir));
}
