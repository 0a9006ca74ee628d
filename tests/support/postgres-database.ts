import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { openPostgres } from '../../src/server/db/client';
import { withDatabaseName } from './test-database';

/**
 * Tests about several instances on one PostgreSQL run on PostgreSQL whatever suite pass this is: the server on
 * 127.0.0.1:5432 is there on every machine and in CI (TEST_DATABASE_URL names another).
 */
const serverUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function onServer(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

export interface PostgresDatabase {
  readonly url: string;
  /** Runs SQL as a superuser on the server (pg_terminate_backend and the like). */
  admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T>;
  dispose(): Promise<void>;
}

/** A database of its own on the PostgreSQL server, empty or migrated. */
export async function createPostgresDatabase(options: { migrated: boolean }): Promise<PostgresDatabase> {
  const name = `yhi_ops_${randomUUID().replaceAll('-', '')}`;
  await onServer((admin) => admin.query(`create database ${name}`));
  const url = withDatabaseName(serverUrl, name);
  if (options.migrated) {
    const handle = openPostgres(url);
    try {
      await handle.migrate();
    } finally {
      await handle.close();
    }
  }
  return {
    url,
    admin: async (work) => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      try {
        return await work(client);
      } finally {
        await client.end();
      }
    },
    dispose: () => onServer((admin) => admin.query(`drop database if exists ${name} with (force)`)),
  };
}
