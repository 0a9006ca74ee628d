import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffOrder, StaffOrdersPage } from '../../src/contract/staff-orders';
import { orderStatusChanges } from '../../src/server/db/schema';
import { checkoutCalls } from '../support/checkout-fixtures';
import { bearer, createStaff } from '../support/fixtures';
import { PLACED, createOrderHistoryFixture, orderCalls } from '../support/order-history-fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * Staff/Orders and Staff/Order: sales staff find any account's order by its number, the customer's stock number or
 * reference, the account's code or name, or a SKU, filter by Melbourne day and status, page, and open one with its
 * lines, payments, delivery and status history.
 */
describe('sales staff search every account’s orders and open one', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof createOrderHistoryFixture>>;
  let sales: ReturnType<typeof orderCalls>;
  let otherOrder: number;

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' },
    });
    setup = await createOrderHistoryFixture(t);
    const other = checkoutCalls(t.app, setup.otherHeaders);
    await other.add(setup.fixture.tyres.t1, 1);
    otherOrder = (await other.completed({ stockNumber: 'YARD-7', paymentMethod: 'Payments.TradingAccount' })).orderId;
    sales = orderCalls(t.app, bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email)));
  });
  afterAll(() => t.close());

  const search = async (query: string) => {
    const answer = await sales.get(`Staff/Orders${query}`);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as unknown as StaffOrdersPage;
  };
  const ids = async (query: string) => (await search(query)).orders.map((order) => order.id);

  it('lists every account’s orders newest first, with whose each is, its status and total', async () => {
    const page = await search('');
    const { wheels, card, beanies } = setup.orders;
    expect(page).toMatchObject({ totalCount: 4, page: 1, pageSize: 20, totalPages: 1 });
    expect(page.orders.map((order) => order.id)).toEqual([otherOrder, beanies, card, wheels]);
    expect(page.orders[3]).toMatchObject({
      orderNumber: String(wheels),
      accountCode: setup.dealerAccount.code,
      accountName: setup.dealerAccount.name,
      placedAt: PLACED.wheels.toISOString(),
      status: 'Placed',
      stockNumber: 'STK-HILUX',
    });
    expect(page.orders[0]).toMatchObject({ accountCode: setup.otherAccount.code, status: 'Placed' });
    const total = page.orders[3]?.total;
    expect(total?.formatted).toBe(
      new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' }).format((total?.cents ?? 0) / 100),
    );
  });

  it('searches by order number, stock number, order reference, account code or name, and SKU', async () => {
    expect(await ids(`?search=${setup.orders.card}`)).toContain(setup.orders.card);
    expect(await ids('?search=stk-hilux')).toEqual([setup.orders.wheels]);
    expect(await ids('?search=yard')).toEqual([otherOrder]);
    expect(await ids('?search=PO-ABC')).toEqual([setup.orders.wheels]);
    expect(await ids(`?search=${setup.otherAccount.code.toLowerCase()}`)).toEqual([otherOrder]);
    expect(await ids(`?search=${encodeURIComponent(setup.dealerAccount.name)}`)).toEqual([
      setup.orders.beanies,
      setup.orders.card,
      setup.orders.wheels,
    ]);
    expect(await ids('?search=t5')).toEqual([setup.orders.card]);
    expect(await ids('?search=t1')).toEqual([otherOrder, setup.orders.wheels]);
    expect(await ids('?search=nothing-like-this')).toEqual([]);
  });

  it('filters by Melbourne days and status, and pages', async () => {
    expect(await ids('?from=2026-11-02&to=2026-11-02')).toEqual([setup.orders.wheels]);
    expect(await ids('?status=PendingPayment')).toEqual([setup.orders.card]);
    const second = await search('?page=2&pageSize=3');
    expect(second).toMatchObject({ totalCount: 4, page: 2, pageSize: 3, totalPages: 2 });
    expect(second.orders.map((order) => order.id)).toEqual([setup.orders.wheels]);
    const bad = await sales.get('Staff/Orders?from=2026-11-05&to=2026-11-04');
    expect(bad.status).toBe(400);
    expect(bad.body.validationErrors).toEqual([expect.objectContaining({ name: 'to' })]);
  });

  it('opens one order with its account, trade-priced lines, payments, delivery and status history', async () => {
    await t.database.db.insert(orderStatusChanges).values({
      orderId: setup.orders.wheels,
      status: 'Shipped',
      carrier: 'StarTrack',
      consignment: 'ST-1',
      trackingUrl: 'https://track.example/ST-1',
      occurredAt: new Date('2026-11-03T00:00:00Z'),
    });
    const answer = await sales.get(`Staff/Order?id=${setup.orders.wheels}`);
    expect(answer.status, answer.text).toBe(200);
    const order = answer.body as unknown as StaffOrder;
    expect(order).toMatchObject({
      id: setup.orders.wheels,
      accountCode: setup.dealerAccount.code,
      accountName: setup.dealerAccount.name,
      stockNumber: 'STK-HILUX',
      address: { address1: '1 Trade St', city: 'Melbourne', postcode: '3000', state: 'VIC' },
      trackingUrl: 'https://track.example/ST-1',
      timeline: [expect.objectContaining({ status: 'Shipped', consignment: 'ST-1' })],
    });
    expect(order.presentation.priceDisplay).toBe('Trade');
    expect(order.presentation.lines.map((line) => [line.sku, line.accessories.map((row) => row.sku)])).toEqual([
      ['W1', ['M1', 'L1', 'V1']],
      ['T1', []],
    ]);
    expect(order.presentation.total?.cents).toBe(order.total.cents);
    const card = (await sales.get(`Staff/Order?id=${setup.orders.card}`)).body as unknown as StaffOrder;
    expect(card.payments).toEqual([expect.objectContaining({ method: 'Credit Card', status: 'Pending' })]);
    const missing = await sales.get('Staff/Order?id=999999');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ status: 404, detail: 'There is no order 999999.' });
  });
});
