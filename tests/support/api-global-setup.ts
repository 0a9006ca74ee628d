import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPostgres } from '../../src/server/db/client';
import { testPostgresUrl, withDatabaseName } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database this run's test databases copy (TEST_DATABASE_URL runs only). */
    postgresTemplate: string;
  }
}

async function onServer(work: (admin: pg.Client) => Promise<unknown>): Promise<void> {
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  try {
    await work(admin);
  } finally {
    await admin.end();
  }
}

/**
 * On PostgreSQL, builds the migrated template database every test file copies, named for this run so that runs
 * sharing one server never copy each other's half-built template; drops it at the end. PGlite needs nothing here.
 */
export default async function setup(project: TestProject): Promise<(() => Promise<void>) | undefined> {
  if (!testPostgresUrl) return undefined;
  const template = `yhi_test_template_${randomUUID().replaceAll('-', '')}`;
  await onServer((admin) => admin.query(`create database ${template}`));
  const handle = openPostgres(withDatabaseName(testPostgresUrl, template));
  try {
    await handle.migrate();
  } finally {
    await handle.close();
  }
  project.provide('postgresTemplate', template);
  return () => onServer((admin) => admin.query(`drop database if exists ${template} with (force)`));
}
