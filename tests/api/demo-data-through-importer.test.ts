import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, customerPrices, importJobs, productStock, products } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SMALL = { tyres: 120, wheels: 40, merchandise: 30 };

describe('the demo data comes in through the importer', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemoData(t.database.db, { now: NOW, catalogueSize: SMALL });
  });
  afterAll(() => t.close());

  it('has a done job per catalogue entity, started by the demo data, in go-live order, with nothing refused', async () => {
    const jobs = await t.database.db
      .select({
        entity: importJobs.entity,
        state: importJobs.state,
        startedBy: importJobs.startedBy,
        failed: importJobs.rowsFailed,
      })
      .from(importJobs)
      .orderBy(asc(importJobs.id));
    expect(jobs.map((job) => job.entity)).toEqual([
      'warehouses',
      'tyres',
      'wheels',
      'accessories',
      'vehicles',
      'brand-tiers',
      'account-tiers',
      'customer-prices',
      'stock',
      'inbound-stock',
    ]);
    for (const job of jobs) expect(job).toMatchObject({ state: 'done', startedBy: 'demo data', failed: 0 });
  });

  it('created the catalogue by the jobs: 8 warehouses, the asked products, 37 vehicles, 3 own prices', async () => {
    const jobs = await t.database.db
      .select({ entity: importJobs.entity, read: importJobs.rowsRead, created: importJobs.rowsCreated })
      .from(importJobs);
    const created = Object.fromEntries(jobs.map((job) => [job.entity, job.created]));
    expect(created).toMatchObject({
      warehouses: 8,
      tyres: 120,
      wheels: 40,
      accessories: 30,
      vehicles: 37,
      'customer-prices': 3,
    });
    expect(await t.database.db.$count(products)).toBe(190);
  });

  it('gives the demo dealer C10001 its own prices on the first three tyres, 15% off trade', async () => {
    const rows = await t.database.db
      .select({ sku: products.sku, trade: products.tradeCents, price: customerPrices.priceCents })
      .from(customerPrices)
      .innerJoin(products, eq(products.id, customerPrices.productId))
      .innerJoin(accounts, eq(accounts.id, customerPrices.accountId))
      .where(eq(accounts.code, 'C10001'))
      .orderBy(asc(products.id));
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row.price).toBe(Math.round((row.trade * 85) / 100));
  });

  it('expects inbound stock 3 to 42 days after the seed', async () => {
    const inbound = await t.database.db
      .select({ expected: productStock.onOrderExpectedOn })
      .from(productStock)
      .where(gt(productStock.onOrderQuantity, 0));
    expect(inbound.length).toBeGreaterThan(0);
    for (const { expected } of inbound) {
      expect(expected).not.toBeNull();
      expect(expected! >= '2026-11-25' && expected! <= '2027-01-03').toBe(true);
    }
  });
});
