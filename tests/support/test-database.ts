import { randomUUID } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';

/** The PostgreSQL server the api suite runs against when TEST_DATABASE_URL is set (CI's second pass). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL;

let pgliteTemplate: Promise<PGlite> | undefined;

/** One migrated PGlite per worker, cloned for every test database (a clone takes ~0.5 s, a migration ~2 s). */
function migratedPgliteTemplate(): Promise<PGlite> {
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    await openPglite(client).migrate();
    return client;
  })();
  return pgliteTemplate;
}

function withDatabaseName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
}

export interface TestDatabase extends DatabaseHandle {
  /** Closes the database and, on PostgreSQL, drops it. */
  dispose(): Promise<void>;
}

/** A fresh, migrated, empty database of its own for one test file. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (!testPostgresUrl) {
    const handle = openPglite((await (await migratedPgliteTemplate()).clone()) as PGlite);
    return { ...handle, dispose: () => handle.close() };
  }
  const name = `yhi_test_${randomUUID().replaceAll('-', '')}`;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${inject('postgresTemplate')}`);
  } finally {
    await admin.end();
  }
  const handle = openPostgres(withDatabaseName(testPostgresUrl, name));
  return {
    ...handle,
    dispose: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: testPostgresUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

export { withDatabaseName };
