import { asc, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { products } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

const NOW = new Date('2026-11-22T02:00:00Z');

/** Base trade and RRP prices by SKU; every instance patches the products it changed without reloading. */
describe('importing prices', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; close: () => Promise<void> };
  let importFile: FileImporter;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createCatalogueFixture(t.database.db, NOW);
    headers = bearer(await signIn(t.app, (await createCustomer(t.database.db)).email));
    importFile = await createFileImporter(t, NOW);
    await t.app.catalogue.reload();
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await importFile.dispose();
    await second.close();
    await t.close();
  });

  const byPrice = async (app: FastifyInstance) => {
    const response = await app.inject({
      method: 'POST',
      url: api('Tyre/Search'),
      headers,
      payload: { sortBy: 'Price', sortDirection: 'Ascending' },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as TradeTyreResults).items.map((item) => [item.sku, item.priceCents, item.rrpCents]);
  };

  it('sets trade and RRP in cents, names each refused row, and changes nothing the second time', async () => {
    const file = 'sku,trade,rrp\nt1,95.5,150\nT2,180.00,250.00\nNOPE,1,2\nT3,,350\nT4,12.345,20\n';
    const { job, refused } = await importFile('prices', file);
    expect(refused).toEqual([
      'line 4: sku: no product has this SKU',
      'line 5: trade: is empty',
      'line 6: trade: is not an amount in dollars such as 123.45',
    ]);
    expect(job.counts).toMatchObject({ read: 5, created: 0, updated: 1, unchanged: 1, failed: 3 });
    const rows = await t.database.db
      .select({ sku: products.sku, tradeCents: products.tradeCents, rrpCents: products.rrpCents })
      .from(products)
      .where(inArray(products.sku, ['T1', 'T2']))
      .orderBy(asc(products.sku));
    expect(rows).toEqual([
      { sku: 'T1', tradeCents: 9_550, rrpCents: 15_000 },
      { sku: 'T2', tradeCents: 18_000, rrpCents: 25_000 },
    ]);
    const again = await importFile('prices', file);
    expect(again.job.counts).toMatchObject({ updated: 0, unchanged: 2, failed: 3 });
  });

  it('patches both instances: answers and price order follow, with no full reload', async () => {
    // Price orders and answers cached on both instances before the change.
    const before = [
      ['T1', 9_550, 15_000],
      ['T5', 10_000, 15_000],
      ['T3', 15_000, 35_000],
      ['T2', 18_000, 25_000],
      ['T4', 21_000, 28_000],
    ];
    expect(await byPrice(t.app)).toEqual(before);
    await eventually(async () => JSON.stringify(await byPrice(second.app)) === JSON.stringify(before));
    const reloads = [t.app.catalogue.health().reloads, second.app.catalogue.health().reloads];

    const { job } = await importFile('prices', 'sku,trade,rrp\nT1,220.00,300.00\n');
    expect(job.counts).toMatchObject({ updated: 1 });
    const after = [
      ['T5', 10_000, 15_000],
      ['T3', 15_000, 35_000],
      ['T2', 18_000, 25_000],
      ['T4', 21_000, 28_000],
      ['T1', 22_000, 30_000],
    ];
    await eventually(async () => JSON.stringify(await byPrice(t.app)) === JSON.stringify(after));
    await eventually(async () => JSON.stringify(await byPrice(second.app)) === JSON.stringify(after));
    expect([t.app.catalogue.health().reloads, second.app.catalogue.health().reloads]).toEqual(reloads);
  });
});
