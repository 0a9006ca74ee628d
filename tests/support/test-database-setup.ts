import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openPglite, openPostgres } from '../../src/server/db/client';
import { testPostgresUrl, withDatabaseName } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PostgreSQL database this run's test databases copy (TEST_DATABASE_URL runs only). */
    postgresTemplate: string;
    /** A migrated PGlite's data directory, dumped as a tarball, that each test database loads (PGlite runs only). */
    pgliteTemplateFile: string | undefined;
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

/** Migrates one PGlite and dumps its data directory to a file every test database of the run loads. */
async function dumpMigratedPglite(project: TestProject): Promise<() => Promise<void>> {
  const client = await PGlite.create();
  try {
    await openPglite(client).migrate();
    const file = path.join(os.tmpdir(), `yhi-test-template-${randomUUID()}.tar`);
    await writeFile(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
    project.provide('pgliteTemplateFile', file);
    return () => rm(file, { force: true });
  } finally {
    await client.close();
  }
}

/**
 * Builds the migrated database every test file copies. On PostgreSQL, a template database named for this run, so
 * that runs sharing one server never copy each other's half-built template; dropped at the end. On PGlite, a dumped
 * data directory.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (!testPostgresUrl) return dumpMigratedPglite(project);
  project.provide('pgliteTemplateFile', undefined);
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
