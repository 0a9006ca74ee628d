import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/server/db/client';
import { prepareDatabase } from '../../src/server/prepare-database';
import { type PostgresDatabase, createPostgresDatabase } from '../support/postgres-database';

const quiet = { info: () => undefined };

describe('instances started together on an empty PostgreSQL database', () => {
  let database: PostgresDatabase;
  const handles: DatabaseHandle[] = [];
  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: false });
    handles.push(openPostgres(database.url), openPostgres(database.url));
  });
  afterAll(async () => {
    for (const handle of handles) await handle.close();
    await database?.dispose();
  });

  it('migrate and seed it once, both starting cleanly', async () => {
    const now = new Date('2026-11-22T02:00:00Z');
    const results = await Promise.allSettled(
      handles.map((handle) => prepareDatabase(handle, { seedDemoData: true, now, log: quiet })),
    );
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled']);
    const [first] = handles as [DatabaseHandle];
    const duplicated = await first.db.execute(sql`select email from users group by email having count(*) > 1`);
    expect(duplicated).toMatchObject({ rows: [] });
    const dealers = await first.db.execute(
      sql`select count(*)::int as count from users where email = 'dealer@demo.test'`,
    );
    expect(dealers).toMatchObject({ rows: [{ count: 1 }] });
  }, 300_000);
});
