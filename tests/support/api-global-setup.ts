import pg from 'pg';
import { openPostgres } from '../../src/server/db/client';
import { POSTGRES_TEMPLATE, testPostgresUrl, withDatabaseName } from './test-database';

/** On PostgreSQL, builds the migrated template database every test file copies; PGlite needs nothing here. */
export default async function setup(): Promise<void> {
  if (!testPostgresUrl) return;
  const admin = new pg.Client({ connectionString: testPostgresUrl });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${POSTGRES_TEMPLATE} with (force)`);
    await admin.query(`create database ${POSTGRES_TEMPLATE}`);
  } finally {
    await admin.end();
  }
  const template = openPostgres(withDatabaseName(testPostgresUrl, POSTGRES_TEMPLATE));
  try {
    await template.migrate();
  } finally {
    await template.close();
  }
}
