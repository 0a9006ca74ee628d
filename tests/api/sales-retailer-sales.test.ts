import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RetailerSales } from '../../src/contract/sales';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

/** 1 pm on 22 November 2026 in Melbourne (AEDT, UTC+11). */
const NOW = new Date('2026-11-22T02:00:00Z');

describe('Sales/RetailerSales', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const { db } = t.database;
    const customer = await createCustomer(db, { isRestrictedSalesRetailer: true });
    const other = await createCustomer(db);
    headers = bearer(await signIn(t.app, customer.email));
    otherHeaders = bearer(await signIn(t.app, other.email));
    const id = customer.account.id;
    await createInvoice(db, id, {
      issuedAt: new Date('2026-11-03T00:00:00Z'),
      lines: [
        { category: 'Tyres', brand: 'Michelin', quantity: 4, unitPriceCents: 20_000 },
        { category: 'Wheels', brand: 'Simmons', quantity: 4, unitPriceCents: 30_000 },
      ],
    });
    // 31 October 14:30 UTC is 1:30 am on 1 November in Melbourne: a November purchase.
    await createInvoice(db, id, {
      issuedAt: new Date('2026-10-31T14:30:00Z'),
      lines: [{ category: 'Tyres', brand: 'Marshal', quantity: 2, unitPriceCents: 10_000 }],
    });
    // 1 December 2025 (Melbourne) is the first day of the 12 months.
    await createInvoice(db, id, {
      issuedAt: new Date('2025-11-30T13:30:00Z'),
      lines: [{ category: 'Wheel nuts', brand: null, quantity: 1, unitPriceCents: 4_000 }],
    });
    // 30 November 2025 in Melbourne: thirteen months back, not counted.
    await createInvoice(db, id, {
      issuedAt: new Date('2025-11-30T12:30:00Z'),
      lines: [{ category: 'Tyres', brand: 'Michelin', quantity: 100, unitPriceCents: 10_000 }],
    });
    await createInvoice(db, other.account.id, {
      issuedAt: new Date('2026-11-05T00:00:00Z'),
      lines: [{ category: 'Tyres', brand: 'Michelin', quantity: 9, unitPriceCents: 99_900 }],
    });
  });
  afterAll(() => t.close());

  const read = async (as = headers) => {
    const response = await t.app.inject({ method: 'GET', url: api('Sales/RetailerSales'), headers: as });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RetailerSales;
  };

  it('answers the last 12 Melbourne calendar months, oldest first, with en-AU labels and empty months at zero', async () => {
    const sales = await read();
    expect(sales.from).toBe('2025-12-01');
    expect(sales.to).toBe('2026-11-30');
    expect(sales.months.map((month) => month.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    expect(sales.months[0]?.label).toBe('Dec 2025');
    expect(sales.months[11]?.label).toBe('Nov 2026');
    expect(sales.months[0]).toMatchObject({ totalValue: 4_000, quantity: 1, total: '$40.00' });
    expect(sales.months[10]).toMatchObject({ totalValue: 0, quantity: 0, total: '$0.00' });
    expect(sales.months[11]).toMatchObject({ totalValue: 220_000, quantity: 10, total: '$2,200.00' });
  });

  it('adds up by category and by brand (excl. GST), largest first', async () => {
    const sales = await read();
    expect(sales.categories).toEqual([
      { name: 'Wheels', total: '$1,200.00', totalValue: 120_000, quantity: 4 },
      { name: 'Tyres', total: '$1,000.00', totalValue: 100_000, quantity: 6 },
      { name: 'Wheel nuts', total: '$40.00', totalValue: 4_000, quantity: 1 },
    ]);
    expect(sales.brands.map((brand) => [brand.name, brand.totalValue])).toEqual([
      ['Simmons', 120_000],
      ['Michelin', 80_000],
      ['Marshal', 20_000],
      ['Unbranded', 4_000],
    ]);
    expect(sales).toMatchObject({ totalValue: 224_000, total: '$2,240.00', quantity: 11 });
  });

  it("counts only the caller's own purchases", async () => {
    const sales = await read(otherHeaders);
    expect(sales.totalValue).toBe(9 * 99_900);
    expect(sales.brands).toEqual([{ name: 'Michelin', total: '$8,991.00', totalValue: 899_100, quantity: 9 }]);
  });

  it('refuses visitors', async () => {
    expect((await t.app.inject({ method: 'GET', url: api('Sales/RetailerSales') })).statusCode).toBe(401);
  });
});
