import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { productStock } from '../../src/server/db/schema';
import { setWarehouseStock } from '../../src/server/modules/catalogue/stock-service';
import {
  ImportAlreadyRunningError,
  createImportJob,
  importErrorsCsv,
} from '../../src/server/modules/imports/import-jobs';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** Stock imports, run by the same runner the HTTP route and the command line use, on the test's own database. */
describe('importing stock', () => {
  let t: TestApp;
  let importFile: FileImporter;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    importFile = await createFileImporter(t, NOW);
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });
  beforeEach(async () => {
    await t.database.db.delete(productStock);
  });

  const onHand = async (productId: number, warehouse: string) => {
    const [row] = await t.database.db
      .select({ quantity: productStock.quantity })
      .from(productStock)
      .where(
        and(
          eq(productStock.productId, productId),
          eq(productStock.warehouseId, fixture.warehouses[warehouse] as number),
        ),
      );
    return row?.quantity ?? null;
  };

  const mixed = [
    'SKU;Warehouse;Quantity',
    'T1;PERTH;12',
    'T2;sydney;5',
    'NOPE;PERTH;3',
    'T3;NOWHERE;1',
    'T4;PERTH;-2',
    'T5;PERTH;',
    '',
  ].join('\n');

  it('row-wise: applies the good rows and names each refused one by its line, column and reason', async () => {
    const { job, refused } = await importFile('stock-deltas', mixed);
    expect(refused).toEqual([
      'line 4: sku: no product has this SKU',
      'line 5: warehouse: no warehouse has this code or name',
      'line 6: quantity: is not a whole number of 0 or more',
      'line 7: quantity: is empty',
    ]);
    expect(job).toMatchObject({ state: 'done', counts: { read: 6, created: 2, updated: 0, unchanged: 0, failed: 4 } });
    expect(await onHand(fixture.tyres.t1, 'PERTH')).toBe(12);
    expect(await onHand(fixture.tyres.t2, 'SYDNEY')).toBe(5);
    const csv = await importErrorsCsv(t.database.db, job.id);
    expect(csv.split('\r\n')[0]).toBe('line,column,value,reason');
    expect(csv).toContain("6,quantity,'-2,is not a whole number of 0 or more");
  });

  it('a level, not an increment: the same file again changes nothing', async () => {
    await importFile('stock-deltas', mixed);
    const { job } = await importFile('stock-deltas', mixed);
    expect(job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 4 });
    expect(await onHand(fixture.tyres.t1, 'PERTH')).toBe(12);
  });

  it('a dry run answers what it would do and writes nothing', async () => {
    await setWarehouseStock(t.database.db, t.app.catalogue, [
      { productId: fixture.tyres.t1, warehouseId: fixture.warehouses.PERTH as number, quantity: 4 },
    ]);
    const { job } = await importFile('stock-deltas', 'sku,warehouse,quantity\nT1,PERTH,9\nT2,PERTH,1\n', {
      mode: 'dry-run',
    });
    expect(job).toMatchObject({ state: 'done', mode: 'dry-run', counts: { created: 1, updated: 1, unchanged: 0 } });
    expect(await onHand(fixture.tyres.t1, 'PERTH')).toBe(4);
    expect(await onHand(fixture.tyres.t2, 'PERTH')).toBeNull();
  });

  it('all-or-nothing: one refused row and nothing is applied', async () => {
    const { job } = await importFile('stock-deltas', mixed, { mode: 'all-or-nothing' });
    expect(job.state).toBe('failed');
    expect(job.failure).toMatch(/none was applied/);
    expect(await onHand(fixture.tyres.t1, 'PERTH')).toBeNull();
  });

  it('all-or-nothing without a refused row applies every row', async () => {
    const { job } = await importFile('stock-deltas', 'sku,warehouse,quantity\nT1,PERTH,9\nT2,PERTH,1\n', {
      mode: 'all-or-nothing',
    });
    expect(job).toMatchObject({ state: 'done', counts: { created: 2 } });
    expect(await onHand(fixture.tyres.t2, 'PERTH')).toBe(1);
  });

  it('a snapshot sets what it lists and puts everything else of its warehouses to 0, other warehouses untouched', async () => {
    await setWarehouseStock(t.database.db, t.app.catalogue, [
      { productId: fixture.tyres.t1, warehouseId: fixture.warehouses.PERTH as number, quantity: 4 },
      { productId: fixture.tyres.t3, warehouseId: fixture.warehouses.PERTH as number, quantity: 7 },
      { productId: fixture.tyres.t3, warehouseId: fixture.warehouses.SYDNEY as number, quantity: 8 },
    ]);
    const { job } = await importFile('stock', 'sku,warehouse,quantity\nT1,PERTH,6\nT2,PERTH,2\n');
    expect(job.counts).toMatchObject({ created: 1, updated: 2, failed: 0 });
    expect(await onHand(fixture.tyres.t1, 'PERTH')).toBe(6);
    expect(await onHand(fixture.tyres.t3, 'PERTH')).toBe(0);
    expect(await onHand(fixture.tyres.t3, 'SYDNEY')).toBe(8);
  });

  it('a snapshot with a refused row zeroes nothing it did not list', async () => {
    await setWarehouseStock(t.database.db, t.app.catalogue, [
      { productId: fixture.tyres.t3, warehouseId: fixture.warehouses.PERTH as number, quantity: 7 },
    ]);
    const { job } = await importFile('stock', 'sku,warehouse,quantity\nT1,PERTH,6\nT3,PERTH,lots\n');
    expect(job.counts).toMatchObject({ created: 1, failed: 1 });
    expect(await onHand(fixture.tyres.t3, 'PERTH')).toBe(7);
  });

  it('refuses a second running job of the same entity', async () => {
    const job = {
      entity: 'stock' as const,
      mode: 'row-wise' as const,
      startedBy: 'test',
      fileName: 'a.csv',
      fileBytes: 1,
    };
    await createImportJob(t.database.db, job, NOW);
    await expect(createImportJob(t.database.db, job, NOW)).rejects.toBeInstanceOf(ImportAlreadyRunningError);
  });

  it('fails the job, naming the column, when the file lacks one', async () => {
    const { job } = await importFile('stock-deltas', 'sku,qty\nT1,4\n');
    expect(job.state).toBe('failed');
    expect(job.failure).toMatch(/no column 'warehouse', 'quantity'/);
  });
});
