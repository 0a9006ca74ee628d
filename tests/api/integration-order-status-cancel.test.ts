import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditLimit, InvoicePage } from '../../src/contract/account';
import { invoices } from '../../src/server/db/schema';
import { orderStatusSetup, stockOf } from '../support/order-status-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * Cancelled from the ERP: the order's stock goes back to the warehouses and its Trading Account invoice is reversed by
 * a credit: it shows as Credited, owes nothing, and no longer counts to the credit used.
 */
describe('POST Integration/Orders/Status Cancelled', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof orderStatusSetup>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    s = await orderStatusSetup(t, NOW);
  });
  afterAll(() => t.close());

  it('gives the stock back and credits the invoice, taking it off the credit used', async () => {
    const dealer = await s.dealer();
    const credit = async () => {
      const response = await t.app.inject({ method: 'GET', url: api('Account/CreditLimit'), headers: dealer.headers });
      return (response.json() as CreditLimit).usedValue;
    };
    const stockBefore = await stockOf(t.database.db, s.fixture.tyres.t1);
    const orderNumber = await s.placeOrder(dealer.calls, 3);
    expect(await stockOf(t.database.db, s.fixture.tyres.t1)).toBe(stockBefore - 3);
    const [invoice] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, Number(orderNumber)));
    expect(await credit()).toBe(invoice?.totalCents);

    const response = await s.postStatus({ orderNumber, status: 'Cancelled', reason: 'Out of stock at supplier' });
    expect(response.statusCode, response.body).toBe(200);

    expect(await stockOf(t.database.db, s.fixture.tyres.t1)).toBe(stockBefore);
    expect(await credit()).toBe(0);
    const [credited] = await t.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.orderId, Number(orderNumber)));
    expect(credited?.totalCents).toBe(invoice?.totalCents);
    expect(credited).toMatchObject({ paidCents: 0, creditedCents: invoice?.totalCents, creditedAt: NOW });
    const listed = await t.app.inject({ method: 'GET', url: api('Account/Invoices'), headers: dealer.headers });
    const summary = (listed.json() as InvoicePage).invoices.find((each) => each.orderId === Number(orderNumber));
    expect(summary).toMatchObject({ status: 'Credited', outstandingValue: 0 });
    const outstanding = await t.app.inject({
      method: 'GET',
      url: api('Account/Invoices?outstanding=true'),
      headers: dealer.headers,
    });
    expect((outstanding.json() as { totalCount: number }).totalCount).toBe(0);
  });

  it('gives a card order waiting for its payment its stock back once: the reservation’s end releases nothing more', async () => {
    const dealer = await s.dealer();
    const stockBefore = await stockOf(t.database.db, s.fixture.tyres.t1);
    await dealer.calls.add(s.fixture.tyres.t1, 2);
    const placed = await dealer.calls.completed({ paymentMethod: 'Payments.Card' });
    expect(placed.orderResult).toBe('Redirect');
    expect(await stockOf(t.database.db, s.fixture.tyres.t1)).toBe(stockBefore - 2);
    const orderNumber = String(placed.orderId);

    const response = await s.postStatus({ orderNumber, status: 'Cancelled', reason: 'Customer asked' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await stockOf(t.database.db, s.fixture.tyres.t1)).toBe(stockBefore);

    t.clock.now = new Date('2026-11-23T02:00:00Z');
    expect(await t.app.releaseLapsedReservations()).toEqual([]);
    expect(await stockOf(t.database.db, s.fixture.tyres.t1)).toBe(stockBefore);
    t.clock.now = NOW;
  });
});
