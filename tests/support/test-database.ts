import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';

/** The PostgreSQL server the api suite runs against when TEST_DATABASE_URL is set (CI's second pass). */
export const testPostgresUrl = process.env.TEST_DATABASE_URL;

let pgliteTemplate: Promise<PGlite> | undefined;

/**
 * A migrated PGlite of its own: loaded from the data directory the suite's global setup dumped once (a load takes a
 * fraction of a migration), or, in a suite without that setup, cloned from one migrated per test file.
 */
async function migratedPglite(): Promise<PGlite> {
  const dumped = inject('pgliteTemplateFile');
  if (dumped) return PGlite.create({ loadDataDir: new Blob([await readFile(dumped)]) });
  pgliteTemplate ??= (async () => {
    const client = await PGlite.create();
    await openPglite(client).migrate();
    return client;
  })();
  return (await (await pgliteTemplate).clone()) as PGlite;
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
    const handle = openPglite(await migratedPglite());
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
