import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFeed } from '../../src/contract/events';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * The pull feed of events out: an order placed writes `order.placed` in its own transaction, and a system that polls
 * reads the events oldest first from a cursor, a page at a time, with a key that has the events scope.
 */
describe('GET Integration/Events', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let eventsKey: string;
  let stockKey: string;

  const feed = async (query: string, key = eventsKey) =>
    t.app.inject({
      method: 'GET',
      url: api(`Integration/Events${query}`),
      headers: { authorization: `Bearer ${key}` },
    });
  const page = async (query: string) => {
    const response = await feed(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as EventFeed;
  };
  const dealer = (creditLimitCents: number) =>
    signedInDealer(t.app, t.database.db, { code: `EV${Math.floor(Math.random() * 1e6)}`, creditLimitCents });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    eventsKey = (await createIntegrationKey(t.database.db, 'erp', ['events'])).token;
    stockKey = (await createIntegrationKey(t.database.db, 'stock-feed', ['stock'])).token;
  });
  afterAll(() => t.close());

  it('answers nothing, and no cursor, before the first event', async () => {
    expect(await page('')).toEqual({ events: [], next: null });
  });

  it('tells of an order placed on account with its lines, references and totals', async () => {
    const { customer, calls } = await dealer(10_000_000);
    await calls.add(fixture.tyres.t1, 2);
    const placed = await calls.completed({
      paymentMethod: 'Payments.TradingAccount',
      stockNumber: 'STK-7',
      orderNumber: 'PO-1234',
    });
    const { events, next } = await page('');
    expect(events).toHaveLength(1);
    const [event] = events;
    expect(event).toMatchObject({
      type: 'order.placed',
      occurredAt: '2026-11-22T02:00:00.000Z',
      schemaVersion: 1,
      data: {
        orderNumber: String(placed.orderId),
        accountCode: customer.account.code,
        status: 'Placed',
        paymentMethod: 'Payments.TradingAccount',
        stockNumber: 'STK-7',
        customerOrderNumber: 'PO-1234',
        deliveryAddress: { address1: '1 Trade St', city: 'Melbourne', postcode: '3000', state: 'VIC' },
      },
    });
    const data = event?.type === 'order.placed' ? event.data : undefined;
    expect(data?.lines).toEqual([
      expect.objectContaining({ sku: expect.any(String), quantity: 2, lineTotalCents: expect.any(Number) }),
    ]);
    expect(data?.lines.reduce((sum, line) => sum + line.lineTotalCents, 0)).toBe(data?.subtotalCents);
    expect(data?.totalCents).toBe(
      (data?.subtotalCents ?? 0) - (data?.discountCents ?? 0) + (data?.shippingCents ?? 0) + (data?.taxCents ?? 0),
    );
    // The cursor is the transaction and the id of the last event answered.
    expect(next).toMatch(new RegExp(`^[0-9]+-${event?.id}$`));
    expect(await page(`?after=${next}`)).toEqual({ events: [], next });
  });

  it('writes no event for an order that was refused', async () => {
    const before = await page('');
    const { calls } = await dealer(1);
    await calls.add(fixture.tyres.t1, 1);
    const refused = await calls.complete({ paymentMethod: 'Payments.TradingAccount' });
    expect(refused.statusCode).toBe(400);
    expect((await page('')).events).toHaveLength(before.events.length);
  });

  it('pages oldest first from the cursor it gives', async () => {
    const { calls } = await dealer(10_000_000);
    for (let order = 0; order < 3; order += 1) {
      await calls.add(fixture.tyres.t1, 1);
      await calls.completed({ paymentMethod: 'Payments.TradingAccount', stockNumber: `PAGE-${order}` });
    }
    const all = (await page('')).events;
    const first = await page('?limit=2');
    expect(first.events.map((event) => event.id)).toEqual(all.slice(0, 2).map((event) => event.id));
    const second = await page(`?after=${first.next}&limit=2`);
    expect(second.events.map((event) => event.id)).toEqual(all.slice(2, 4).map((event) => event.id));
    const ids = all.map((event) => Number(event.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    expect(all.slice(-3).map((event) => event.type === 'order.placed' && event.data.stockNumber)).toEqual([
      'PAGE-0',
      'PAGE-1',
      'PAGE-2',
    ]);
  });

  it('refuses a key without the events scope, a bad cursor and a page too large', async () => {
    expect((await feed('', stockKey)).statusCode).toBe(403);
    expect((await feed('?after=abc')).statusCode).toBe(400);
    expect((await feed('?limit=501')).statusCode).toBe(400);
  });
});
