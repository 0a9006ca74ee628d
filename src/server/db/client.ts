import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { type ChannelListener, type ListenHandlers, listenWithReconnect } from './notification-listener';
import { projectRoot } from '../project-root';
import * as schema from './schema/index';

export type Schema = typeof schema;
/** The one database type the services use, whichever driver is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface PoolUse {
  readonly total: number;
  readonly idle: number;
  readonly waiting: number;
}

export interface DatabaseHandle {
  readonly db: Database;
  readonly kind: 'pglite' | 'postgres';
  /** Applies pending migrations, one instance at a time. */
  migrate(): Promise<void>;
  /** Runs `work` while no other instance runs exclusive work (migrations, the first seed) on this database. */
  exclusively<T>(work: () => Promise<T>): Promise<T>;
  ping(): Promise<void>;
  /**
   * Calls `onPayload` for every NOTIFY on `channel` (a lower-case identifier). On PostgreSQL this holds a connection
   * of its own, outside the pool (so closing the pool never waits on it), and reconnects when it is lost.
   */
  listen(channel: string, handlers: ListenHandlers): Promise<ChannelListener>;
  /** Connections of the pool in use and waited for; null for the embedded database, which has none. */
  poolUse(): PoolUse | null;
  /** Where connection trouble is logged from now on (the app's logger, once it exists). */
  useLog(log: DatabaseLog): void;
  close(): Promise<void>;
}

export interface DatabaseLog {
  warn(object: object, message: string): void;
  info(object: object, message: string): void;
}

const silentLog: DatabaseLog = { warn: () => undefined, info: () => undefined };

const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

function assertChannelName(channel: string): void {
  if (!CHANNEL_NAME.test(channel)) throw new Error(`not a channel name: ${channel}`);
}

export const migrationsFolder = path.join(projectRoot(), 'src/server/db/migrations');

/** Any value unique to this project: serialises migrations when several instances start at once. */
const MIGRATION_LOCK_KEY = 7_301_954;

/** The embedded database: one process (data-dir-lock.ts), so exclusive work needs no lock of its own. */
export function openPglite(client: PGlite): DatabaseHandle {
  const db = drizzlePglite(client, { schema });
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder }),
    exclusively: (work) => work(),
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: async (channel, handlers) => {
      assertChannelName(channel);
      const unsubscribe = await client.listen(channel, handlers.onPayload);
      let stopped = false;
      return {
        health: () => ({ state: stopped ? 'stopped' : 'listening', outages: 0 }),
        stop: async () => {
          stopped = true;
          await unsubscribe().catch(() => undefined);
        },
      };
    },
    poolUse: () => null,
    useLog: () => undefined,
    close: () => client.close(),
  };
}

export function openPostgres(connectionString: string, initialLog: DatabaseLog = silentLog): DatabaseHandle {
  let log = initialLog;
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle connection the server drops (a restart, a failover, a dropped test database) is discarded by the pool and
  // the next query opens a new one; unheard, pg would raise it as an uncaught exception and end the process.
  pool.on('error', (error) => log.warn({ err: error }, 'an idle database connection failed; the pool replaces it'));
  const db = drizzlePg(pool, { schema });
  const exclusively = async <T>(work: () => Promise<T>): Promise<T> => {
    const connection = await pool.connect();
    try {
      await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      return await work();
    } finally {
      await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
      connection.release();
    }
  };
  return {
    db,
    kind: 'postgres',
    migrate: () => exclusively(() => migratePg(db, { migrationsFolder })),
    exclusively,
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    listen: (channel, handlers) => {
      assertChannelName(channel);
      return listenWithReconnect(connectionString, channel, handlers, {
        warn: (object, message) => log.warn(object, message),
        info: (object, message) => log.info(object, message),
      });
    },
    poolUse: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    useLog: (next) => {
      log = next;
    },
    close: () => pool.end(),
  };
}

/**
 * The embedded database's own buffer cache. PostgreSQL's default of 128 MB lives in PGlite's WebAssembly memory,
 * which is resident once touched and never shrinks, and a catalogue load touches all of it; the data files are on
 * disk, so the operating system's page cache serves what 16 MB does not hold (measured at 100,000 tyres: 230 MB
 * less resident after the catalogue load).
 */
const PGLITE_SHARED_BUFFERS = '16MB';

/** PostgreSQL when a URL is given, else embedded PGlite in `pgliteDir` (created on first use). */
export async function openDatabase(options: {
  databaseUrl?: string;
  pgliteDir: string;
  log?: DatabaseLog;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.log);
  const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
  return openPglite(await PGlite.create(options.pgliteDir, { startParams }));
}
