import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EventFeed } from '../../src/contract/events';
import type { OrderDetails } from '../../src/contract/order-history';
import { SHIPPED, orderStatusSetup } from '../support/order-status-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * POST Integration/Orders/Status: the ERP tells where an order is. Each status is checked against the lifecycle
 * (skip forward, never back, Delivered and Cancelled final), written to the order's timeline with its event, and
 * refused with the project's problem answers.
 */
describe('POST Integration/Orders/Status', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof orderStatusSetup>>;
  let dealer: Awaited<ReturnType<Awaited<ReturnType<typeof orderStatusSetup>>['dealer']>>;

  const accepted = async (body: Parameters<typeof s.postStatus>[0]) => {
    const response = await s.postStatus(body);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { orderNumber: string; status: string; previousStatus: string | null };
  };
  const details = async (orderNumber: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: api(`Order/Details?id=${orderNumber}`),
      headers: dealer.headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as OrderDetails;
  };
  const events = async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('Integration/Events?limit=500'),
      headers: { authorization: `Bearer ${s.eventsKey}` },
    });
    return (response.json() as EventFeed).events.filter((event) => event.type === 'order.status_changed');
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    s = await orderStatusSetup(t, NOW);
    dealer = await s.dealer();
  });
  afterAll(() => t.close());

  it('walks an order from Accepted through Picking, a back-order with a new date, and part shipments to Delivered', async () => {
    const orderNumber = await s.placeOrder(dealer.calls);
    expect(await accepted({ orderNumber, status: 'Accepted' })).toEqual({
      orderNumber,
      status: 'Accepted',
      previousStatus: null,
      occurredAt: '2026-11-22T02:00:00.000Z',
    });
    expect((await accepted({ orderNumber, status: 'Picking' })).previousStatus).toBe('Accepted');
    await accepted({ orderNumber, status: 'BackOrdered', expectedDate: '2026-12-01' });
    await accepted({ orderNumber, status: 'BackOrdered', expectedDate: '2026-12-08' });
    await accepted({ orderNumber, status: 'Picking' });
    const part = { ...SHIPPED, status: 'PartlyShipped' as const, lines: [{ sku: 'T1', quantity: 1 }] };
    await accepted({ orderNumber, ...part });
    await accepted({ orderNumber, ...part, consignment: 'ST777' });
    await accepted({ orderNumber, ...SHIPPED });
    expect((await accepted({ orderNumber, status: 'Delivered' })).previousStatus).toBe('Shipped');
    const order = await details(orderNumber);
    expect(order.fulfilmentStatus).toBe('Delivered');
    expect(order.trackingUrl).toBe('https://track.example.test/ST123456');
    expect(order.timeline.map((entry) => entry.status)).toEqual([
      'Accepted',
      'Picking',
      'BackOrdered',
      'BackOrdered',
      'Picking',
      'PartlyShipped',
      'PartlyShipped',
      'Shipped',
      'Delivered',
    ]);
    expect(order.timeline[3]).toEqual({
      status: 'BackOrdered',
      occurredAt: '2026-11-22T02:00:00.000Z',
      carrier: null,
      consignment: null,
      trackingUrl: null,
      expectedDate: '2026-12-08',
      reason: null,
      lines: null,
    });
    expect(order.timeline[6]).toMatchObject({ consignment: 'ST777', lines: [{ sku: 'T1', quantity: 1 }] });
  });

  it('lets an ERP skip forward: Shipped straight after the order was placed', async () => {
    const orderNumber = await s.placeOrder(dealer.calls);
    expect(await accepted({ orderNumber, ...SHIPPED })).toMatchObject({ status: 'Shipped', previousStatus: null });
    const order = await details(orderNumber);
    expect(order.fulfilmentStatus).toBe('Shipped');
    expect(order.trackingUrl).toBe('https://track.example.test/ST123456');
    expect(order.timeline).toEqual([
      {
        status: 'Shipped',
        occurredAt: '2026-11-22T02:00:00.000Z',
        carrier: 'StarTrack',
        consignment: 'ST123456',
        trackingUrl: 'https://track.example.test/ST123456',
        expectedDate: null,
        reason: null,
        lines: null,
      },
    ]);
    const history = await t.app.inject({ method: 'GET', url: api('Order/History'), headers: dealer.headers });
    const listed = (history.json() as { orders: { orderNumber: string; fulfilmentStatus: string | null }[] }).orders;
    expect(listed.find((entry) => entry.orderNumber === orderNumber)?.fulfilmentStatus).toBe('Shipped');
  });

  it('refuses going back with 409 naming the current status, and changes nothing', async () => {
    const orderNumber = await s.placeOrder(dealer.calls);
    await accepted({ orderNumber, ...SHIPPED });
    const before = (await events()).length;
    const refused = await s.postStatus({ orderNumber, status: 'Picking' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      status: 409,
      title: 'Conflict',
      detail: `Order ${orderNumber} is Shipped; it cannot become Picking.`,
    });
    expect((await details(orderNumber)).timeline).toHaveLength(1);
    expect(await events()).toHaveLength(before);
  });

  it('refuses anything after Delivered or Cancelled, and a repeat that brings nothing new', async () => {
    const delivered = await s.placeOrder(dealer.calls);
    await accepted({ orderNumber: delivered, status: 'Delivered' });
    const afterDelivered = await s.postStatus({ orderNumber: delivered, status: 'Cancelled', reason: 'Too late' });
    expect(afterDelivered.statusCode).toBe(409);
    expect(afterDelivered.json().detail).toBe(`Order ${delivered} is Delivered; it cannot become Cancelled.`);
    const cancelled = await s.placeOrder(dealer.calls);
    await accepted({ orderNumber: cancelled, status: 'Cancelled', reason: 'Customer asked' });
    const afterCancelled = await s.postStatus({ orderNumber: cancelled, ...SHIPPED });
    expect(afterCancelled.json().detail).toBe(`Order ${cancelled} is Cancelled; it cannot become Shipped.`);
    const picking = await s.placeOrder(dealer.calls);
    await accepted({ orderNumber: picking, status: 'Picking' });
    expect((await s.postStatus({ orderNumber: picking, status: 'Picking' })).statusCode).toBe(409);
    expect((await s.postStatus({ orderNumber: picking, status: 'Accepted' })).statusCode).toBe(409);
  });

  it('refuses cancelling an order once part of it has shipped', async () => {
    const orderNumber = await s.placeOrder(dealer.calls);
    await accepted({ orderNumber, ...SHIPPED, status: 'PartlyShipped', lines: [{ sku: 'T1', quantity: 1 }] });
    const refused = await s.postStatus({ orderNumber, status: 'Cancelled', reason: 'Changed mind' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().detail).toBe(`Order ${orderNumber} is PartlyShipped; it cannot become Cancelled.`);
  });

  it('answers 404 for an order number never issued', async () => {
    const response = await s.postStatus({ orderNumber: '999999', status: 'Accepted' });
    expect(response.statusCode).toBe(404);
    expect(response.json().detail).toBe('There is no order 999999.');
  });

  it('answers 400 for a body missing what its status needs, an http link, or an unknown status', async () => {
    const orderNumber = await s.placeOrder(dealer.calls);
    const reasons = async (body: object) => {
      const response = await s.postStatus(body);
      expect(response.statusCode, response.body).toBe(400);
      return (response.json() as { validationErrors: { name: string }[] }).validationErrors.map((error) => error.name);
    };
    expect(await reasons({ orderNumber, status: 'Shipped' })).toEqual(
      expect.arrayContaining(['carrier', 'consignment', 'trackingUrl']),
    );
    expect(await reasons({ orderNumber, ...SHIPPED, trackingUrl: 'http://track.example.test/1' })).toEqual([
      'trackingUrl',
    ]);
    expect(await reasons({ orderNumber, status: 'BackOrdered' })).toEqual(['expectedDate']);
    expect(await reasons({ orderNumber, status: 'BackOrdered', expectedDate: '1/12/2026' })).toEqual(['expectedDate']);
    expect(await reasons({ orderNumber, status: 'Cancelled' })).toEqual(['reason']);
    expect(await reasons({ orderNumber, status: 'Lost' })).toEqual(['status']);
    expect((await details(orderNumber)).timeline).toEqual([]);
  });

  it('answers 401 without a key and 403 with a key lacking the orders scope', async () => {
    const orderNumber = await s.placeOrder(dealer.calls);
    expect((await s.postStatus({ orderNumber, status: 'Accepted' }, { key: null })).statusCode).toBe(401);
    const forbidden = await s.postStatus({ orderNumber, status: 'Accepted' }, { key: s.eventsKey });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().detail).toBe("The integration key 'erp-events' does not have the 'orders' scope.");
    expect((await details(orderNumber)).fulfilmentStatus).toBeNull();
  });

  it('writes order.status_changed with the change, carrying the details and the account', async () => {
    const orderNumber = await s.placeOrder(dealer.calls);
    await accepted({ orderNumber, status: 'Accepted' });
    await accepted({ orderNumber, ...SHIPPED });
    const mine = (await events()).filter((event) => event.data.orderNumber === orderNumber);
    expect(mine.map((event) => event.data)).toEqual([
      {
        orderNumber,
        accountCode: dealer.customer.account.code,
        status: 'Accepted',
        previousStatus: null,
        carrier: null,
        consignment: null,
        trackingUrl: null,
        expectedDate: null,
        reason: null,
        lines: null,
      },
      {
        orderNumber,
        accountCode: dealer.customer.account.code,
        status: 'Shipped',
        previousStatus: 'Accepted',
        carrier: 'StarTrack',
        consignment: 'ST123456',
        trackingUrl: 'https://track.example.test/ST123456',
        expectedDate: null,
        reason: null,
        lines: null,
      },
    ]);
    expect(mine.map((event) => [event.schemaVersion, event.occurredAt])).toEqual([
      [1, '2026-11-22T02:00:00.000Z'],
      [1, '2026-11-22T02:00:00.000Z'],
    ]);
  });
});
