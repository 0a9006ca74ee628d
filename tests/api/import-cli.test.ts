import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/client';
import { productStock } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { projectDir } from '../support/shop-process';

const run = promisify(execFile);

/** `npm run import`, as the wholesaler's IT team runs it on premises, on an embedded database of its own. */
describe('npm run import', () => {
  let dataDir: string;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;

  const openShopDatabase = () => openDatabase({ pgliteDir: path.join(dataDir, 'db') });

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-import-cli-'));
    const database = await openShopDatabase();
    await database.migrate();
    fixture = await createCatalogueFixture(database.db, new Date());
    await database.close();
  }, 60_000);
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('applies the good rows, prints each refused one as "line N: column: reason" and exits 1', async () => {
    const file = path.join(dataDir, 'deltas.csv');
    await writeFile(file, 'sku,warehouse,quantity\nT1,PERTH,12\nNOPE,PERTH,3\nT2,SYDNEY,many\nT2,PERTH,5\n');
    const { DATABASE_URL: _unused, ...inherited } = process.env;
    const outcome = await run('npm', ['run', '--silent', 'import', '--', 'stock-deltas', file], {
      cwd: projectDir,
      env: { ...inherited, DATA_DIR: dataDir },
    }).then(
      ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
      (error: { code: number; stdout: string; stderr: string }) => error,
    );
    expect(outcome.code).toBe(1);
    expect(outcome.stderr.split('\n').filter((line) => line.startsWith('line '))).toEqual([
      'line 3: sku: no product has this SKU',
      'line 4: quantity: is not a whole number of 0 or more',
    ]);
    expect(outcome.stdout).toMatch(/4 read, 2 created, 0 updated, 0 unchanged, 2 refused/);

    const database = await openShopDatabase();
    try {
      const held = await database.db
        .select({ productId: productStock.productId, quantity: productStock.quantity })
        .from(productStock)
        .where(and(eq(productStock.warehouseId, fixture.warehouses.PERTH as number)));
      expect(held).toEqual(
        expect.arrayContaining([
          { productId: fixture.tyres.t1, quantity: 12 },
          { productId: fixture.tyres.t2, quantity: 5 },
        ]),
      );
    } finally {
      await database.close();
    }
  }, 120_000);
});
