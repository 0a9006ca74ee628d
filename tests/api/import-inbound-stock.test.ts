import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { productStock } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** Inbound stock: the quantity on order of a SKU for a warehouse and the day it is expected, shown to customers. */
describe('importing inbound stock', () => {
  let t: TestApp;
  let other: { app: FastifyInstance; close: () => Promise<void> };
  let importFile: FileImporter;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    other = await startSecondInstance(t);
    importFile = await createFileImporter(t, NOW);
    const dealer = await createCustomer(t.database.db, { state: 'VIC' });
    customer = bearer(await signIn(t.app, dealer.email));
  }, 60_000);
  afterAll(async () => {
    await importFile.dispose();
    await other.close();
    await t.close();
  });

  const stockOf = async (productId: number, warehouse: string) => {
    const [row] = await t.database.db
      .select({
        quantity: productStock.quantity,
        onOrderQuantity: productStock.onOrderQuantity,
        onOrderExpectedOn: productStock.onOrderExpectedOn,
      })
      .from(productStock)
      .where(
        and(
          eq(productStock.productId, productId),
          eq(productStock.warehouseId, fixture.warehouses[warehouse] as number),
        ),
      );
    return row ?? null;
  };

  const file = [
    'sku,warehouse,quantity,expected',
    'T3,SYDNEY,12,2026-12-12',
    'T1,melbourne,6,',
    'T4,MELBOURNE,3,2027-01-08',
    'NOPE,SYDNEY,1,2026-12-01',
    'T2,SYDNEY,3,2026-06-31',
    'T2,SYDNEY,-1,',
    '',
  ].join('\n');

  it('sets the quantity on order and its date, keeps the quantity on hand, and names each refused row', async () => {
    const { job, refused } = await importFile('inbound-stock', file);
    expect(refused).toEqual([
      'line 5: sku: no product has this SKU',
      'line 6: expected: is not a date YYYY-MM-DD',
      'line 7: quantity: is not a whole number of 0 or more',
    ]);
    expect(job).toMatchObject({ state: 'done', counts: { read: 6, created: 1, updated: 2, unchanged: 0, failed: 3 } });
    expect(await stockOf(fixture.tyres.t3, 'SYDNEY')).toEqual({
      quantity: 0,
      onOrderQuantity: 12,
      onOrderExpectedOn: '2026-12-12',
    });
    expect(await stockOf(fixture.tyres.t1, 'MELBOURNE')).toEqual({
      quantity: 10,
      onOrderQuantity: 6,
      onOrderExpectedOn: null,
    });
    expect(await stockOf(fixture.tyres.t4, 'MELBOURNE')).toEqual({
      quantity: 0,
      onOrderQuantity: 3,
      onOrderExpectedOn: '2027-01-08',
    });

    const again = await importFile('inbound-stock', file);
    expect(again.job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 3, failed: 3 });
  });

  it('a quantity of 0 clears the date; a file without the expected column sets quantities only', async () => {
    await importFile('inbound-stock', 'sku,warehouse,quantity,expected\nT5,PERTH,9,2026-12-20\n');
    const cleared = await importFile('inbound-stock', 'sku,warehouse,quantity,expected\nT5,PERTH,0,2026-12-20\n');
    expect(cleared.job.counts).toMatchObject({ updated: 1 });
    expect(await stockOf(fixture.tyres.t5, 'PERTH')).toEqual({
      quantity: 0,
      onOrderQuantity: 0,
      onOrderExpectedOn: null,
    });
    const undated = await importFile('inbound-stock', 'sku,warehouse,quantity\nT5,PERTH,2\n');
    expect(undated.job.counts).toMatchObject({ updated: 1, failed: 0 });
    expect(await stockOf(fixture.tyres.t5, 'PERTH')).toMatchObject({ onOrderQuantity: 2, onOrderExpectedOn: null });
  });

  const t2Answer = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'POST',
      url: api('Tyre/Search'),
      headers: customer,
      payload: { search: 'T2' },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as TradeTyreResults).items.find((item) => item.sku === 'T2');
  };

  it("every instance's search answer carries the dates within 5 s: each warehouse's and the product's earliest", async () => {
    const { job } = await importFile(
      'inbound-stock',
      'sku,warehouse,quantity,expected\nT2,BRISBANE,20,2027-02-03\nT2,PERTH,8,2026-12-24\n',
    );
    expect(job.counts).toMatchObject({ created: 2, failed: 0 });
    const deadline = Date.now() + 5_000;
    while ((await t2Answer(other.app))?.onOrderExpectedDate !== '2026-12-24' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const app of [other.app, t.app]) {
      const answer = await t2Answer(app);
      expect(answer).toMatchObject({ stockType: 'OnOrder', onOrderExpectedDate: '2026-12-24' });
      expect(answer?.inventories).toEqual([
        {
          warehouseName: 'BRISBANE',
          stockQuantity: 0,
          onOrderQuantity: 20,
          onOrderExpectedDate: '2027-02-03',
          isSupplier: false,
        },
        {
          warehouseName: 'PERTH',
          stockQuantity: 0,
          onOrderQuantity: 8,
          onOrderExpectedDate: '2026-12-24',
          isSupplier: false,
        },
        {
          warehouseName: 'SUPPLIER STOCK',
          stockQuantity: 50,
          onOrderQuantity: 0,
          onOrderExpectedDate: null,
          isSupplier: true,
        },
      ]);
    }
    // A fresh load reads the dates too, not only the patch of a change.
    await other.app.catalogue.reload();
    expect(await t2Answer(other.app)).toMatchObject({ onOrderExpectedDate: '2026-12-24' });
  });
});
