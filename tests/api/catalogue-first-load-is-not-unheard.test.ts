import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseHandle, openPostgres } from '../../src/server/db/client';
import { CatalogueReadModel } from '../../src/server/modules/catalogue/catalogue-read-model';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type PostgresDatabase, createPostgresDatabase } from '../support/postgres-database';

/**
 * The periodic comparison of revisions must not take a load still under way for a change it never heard: at 100,000
 * tyres the first load outlasts two comparisons, and each instance then loaded the whole catalogue a second time.
 */
describe('the first load of the catalogue, outlasting several revision comparisons', () => {
  let database: PostgresDatabase;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await createPostgresDatabase({ migrated: true });
    handle = openPostgres(database.url);
    await createCatalogueFixture(handle.db, new Date('2026-11-22T02:00:00Z'));
    await handle.db.execute(sql`select nextval('catalogue_revision')`);
  });
  afterAll(async () => {
    await handle?.close();
    await database?.dispose();
  });

  it('is loaded once, with no warning that changes were not heard', async () => {
    const log = { error: vi.fn(), info: vi.fn(), warn: vi.fn() };
    const model = new CatalogueReadModel(handle.db, log);
    await model.listen(handle, 1);
    try {
      await model.snapshot();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(model.health()).toMatchObject({ revision: 1, reloads: 1 });
      expect(log.warn).not.toHaveBeenCalled();
    } finally {
      await model.close();
    }
  });
});
