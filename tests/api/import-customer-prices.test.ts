import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { customerPrices } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

const NOW = new Date('2026-11-22T02:00:00Z');

/** Customer prices by account code and SKU: upserted by their natural key, removed by an empty price. */
describe('importing customer prices', () => {
  let t: TestApp;
  let second: { app: FastifyInstance; close: () => Promise<void> };
  let importFile: FileImporter;
  let accountId: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createCatalogueFixture(t.database.db, NOW);
    const customer = await createCustomer(t.database.db, { code: 'C66001' });
    accountId = customer.account.id;
    headers = bearer(await signIn(t.app, customer.email));
    importFile = await createFileImporter(t, NOW);
    await t.app.catalogue.reload();
    second = await startSecondInstance(t);
  });
  afterAll(async () => {
    await importFile.dispose();
    await second.close();
    await t.close();
  });

  const stored = () =>
    t.database.db
      .select({
        productId: customerPrices.productId,
        minQuantity: customerPrices.minQuantity,
        validFrom: customerPrices.validFrom,
        validTo: customerPrices.validTo,
        priceCents: customerPrices.priceCents,
      })
      .from(customerPrices)
      .where(eq(customerPrices.accountId, accountId))
      .orderBy(asc(customerPrices.priceCents));
  const t1Price = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'POST', url: api('Tyre/Search'), headers, payload: {} });
    expect(response.statusCode).toBe(200);
    return (response.json() as TradeTyreResults).items.find((item) => item.sku === 'T1')?.priceCents;
  };

  const file = [
    'account,sku,price,min_quantity,valid_from,valid_to',
    'c66001,t1,150.00,,,',
    'C66001,T1,140.5,4,,',
    'C66001,T2,99,,2026-12-01,2026-12-31',
    'C99999,T1,150.00,,,',
    'C66001,NOPE,150.00,,,',
    'C66001,T1,abc,,,',
    'C66001,T1,1.005,,,',
    'C66001,T1,150.00,0,,',
    'C66001,T1,150.00,,2026-02-30,',
    'C66001,T1,150.00,,2026-12-01,2026-11-30',
    '',
  ].join('\n');

  it('creates the prices, in cents, and names each refused row', async () => {
    const { job, refused } = await importFile('customer-prices', file);
    expect(refused).toEqual([
      'line 5: account: no account has this code',
      'line 6: sku: no product has this SKU',
      'line 7: price: is not an amount in dollars such as 123.45',
      'line 8: price: is not an amount in dollars such as 123.45',
      'line 9: min_quantity: is not a whole number of 1 or more',
      'line 10: valid_from: is not a date YYYY-MM-DD',
      'line 11: valid_to: is before valid_from',
    ]);
    expect(job.counts).toMatchObject({ read: 10, created: 3, updated: 0, unchanged: 0, failed: 7 });
    expect(
      (await stored()).map(({ minQuantity, validFrom, validTo, priceCents }) => [
        minQuantity,
        validFrom,
        validTo,
        priceCents,
      ]),
    ).toEqual([
      [1, '2026-12-01', '2026-12-31', 9_900],
      [4, null, null, 14_050],
      [1, null, null, 15_000],
    ]);
  });

  it('changes nothing the second time', async () => {
    const { job } = await importFile('customer-prices', file);
    expect(job.counts).toMatchObject({ read: 10, created: 0, updated: 0, unchanged: 3, failed: 7 });
  });

  it('takes JSON Lines with the optional columns left out', async () => {
    const { job, refused } = await importFile(
      'customer-prices',
      '{"account":"C66001","sku":"T1","price":150}\n{"account":"C66001","sku":"T3","price":"80.00","min_quantity":2}\n',
      { format: 'jsonl' },
    );
    expect(refused).toEqual([]);
    expect(job.counts).toMatchObject({ created: 1, unchanged: 1 });
  });

  it('updates a price by its natural key, removes one given an empty price, and every instance answers it within 5 s', async () => {
    // Cached on both instances before the change.
    expect(await t1Price(t.app)).toBe(15_000);
    expect(await t1Price(second.app)).toBe(15_000);
    const { job } = await importFile(
      'customer-prices',
      'account,sku,price,min_quantity,valid_from\nC66001,T1,145.00,,\nC66001,T3,,2,\nC66001,T4,,,\n',
    );
    expect(job.counts).toMatchObject({ created: 0, updated: 2, unchanged: 1, failed: 0 });
    expect((await stored()).map(({ minQuantity, priceCents }) => [minQuantity, priceCents])).toEqual([
      [1, 9_900],
      [4, 14_050],
      [1, 14_500],
    ]);
    await eventually(async () => (await t1Price(t.app)) === 14_500);
    await eventually(async () => (await t1Price(second.app)) === 14_500);
  });
});
