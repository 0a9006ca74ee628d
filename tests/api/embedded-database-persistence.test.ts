import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { accounts, settings } from '../../src/server/db/schema';
import { prepareDatabase } from '../../src/server/prepare-database';

const silent = { info: () => undefined };

describe('the embedded database across restarts', () => {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-restart-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it('is created, migrated and seeded on the first start, and kept as it is on the next', async () => {
    const first = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await prepareDatabase(first, { seedDemoData: true, now: new Date('2026-11-22T00:00:00Z'), log: silent });
    await first.db
      .insert(settings)
      .values({ key: 'phone', value: 'kept across restarts' })
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: 'kept across restarts' },
      });
    const accountsBefore = (await first.db.select().from(accounts)).length;
    await first.close();

    const second = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    expect(second.kind).toBe('pglite');
    await prepareDatabase(second, { seedDemoData: true, now: new Date('2026-12-01T00:00:00Z'), log: silent });
    const phone = await second.db.query.settings.findFirst({ where: (row, { eq }) => eq(row.key, 'phone') });
    expect(phone?.value).toBe('kept across restarts');
    expect((await second.db.select().from(accounts)).length).toBe(accountsBefore);
    await second.close();
  }, 180_000); // creates a file database and seeds the whole demo catalogue into it: slow on a busy machine
});
