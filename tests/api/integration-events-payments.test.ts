import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompleteResult } from '../../src/contract/checkout';
import type { IntegrationEvent } from '../../src/contract/events';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import {
  type checkoutCalls,
  createCheckoutFixture,
  payOnSandbox as payOnSandboxPage,
  signedInDealer,
} from '../support/checkout-fixtures';
import { eventsOnce, feedEvents } from '../support/event-feed';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const MINUTE = 60_000;
// The periodic sweep is off: the tests run the release job themselves, with the clock where they want it.
const ENV = { PAYMENT_RESERVATION_MINUTES: '30', PAYMENT_RESERVATION_SWEEP_SECONDS: '0' };

type Redirect = Extract<CompleteResult, { orderResult: 'Redirect' }>;

/**
 * What becomes of a card order's payment is told the ERP in the transaction that settles it: paid, refused, lapsed
 * unpaid, or paid after its stock was given back.
 */
describe('events out for card order payments', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let accountCode: string;
  let eventsKey: string;

  const feed = () => feedEvents(t.app, eventsKey);
  /** The order's events once `count` of them show. */
  const eventsOf = (orderId: number, count: number) =>
    eventsOnce(
      t.app,
      eventsKey,
      (event) => 'orderNumber' in event.data && event.data.orderNumber === String(orderId),
      count,
    );
  const payOnSandbox = (redirect: Redirect, action: 'pay' | 'decline') => payOnSandboxPage(t.app, redirect, action);
  const cardOrder = async () => {
    await dealer.add(fixture.tyres.t5, 2);
    const redirect = (await dealer.completed({ paymentMethod: 'Payments.Card' })) as Redirect;
    expect(redirect.orderResult).toBe('Redirect');
    return redirect;
  };
  const types = (events: IntegrationEvent[]) => events.map((event) => event.type);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: ENV });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    const { customer, calls } = await signedInDealer(t.app, t.database.db);
    accountCode = customer.account.code;
    dealer = calls;
    eventsKey = (await createIntegrationKey(t.database.db, 'erp', ['events'])).token;
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    t.clock.now = NOW;
    await dealer.clear();
  });

  it('writes order.paid when the card payment is captured', async () => {
    const order = await cardOrder();
    expect((await payOnSandbox(order, 'pay')).statusCode).toBe(303);
    const events = await eventsOf(order.orderId, 2);
    expect(types(events)).toEqual(['order.placed', 'order.paid']);
    const paid = events[1];
    expect(paid).toMatchObject({
      type: 'order.paid',
      occurredAt: '2026-11-22T02:00:00.000Z',
      schemaVersion: 1,
      data: {
        orderNumber: String(order.orderId),
        accountCode,
        status: 'Paid',
        paymentMethod: 'Payments.Card',
        paidAt: '2026-11-22T02:00:00.000Z',
      },
    });
    const placed = events[0];
    expect(paid?.type === 'order.paid' && paid.data.totalCents).toBe(
      placed?.type === 'order.placed' && placed.data.totalCents,
    );
    // A repeated notification settles nothing more and tells nothing more.
    expect((await payOnSandbox(order, 'pay')).statusCode).toBe(303);
    expect(types(await eventsOf(order.orderId, 2))).toEqual(['order.placed', 'order.paid']);
  });

  it('writes order.payment_failed when the card payment is declined', async () => {
    const order = await cardOrder();
    expect((await payOnSandbox(order, 'decline')).statusCode).toBe(303);
    const events = await eventsOf(order.orderId, 2);
    expect(types(events)).toEqual(['order.placed', 'order.payment_failed']);
    expect(events[1]).toMatchObject({
      data: {
        orderNumber: String(order.orderId),
        accountCode,
        status: 'PaymentFailed',
        paymentMethod: 'Payments.Card',
        stockReleasedAt: '2026-11-22T02:00:00.000Z',
      },
    });
  });

  it('writes order.expired when the reservation lapses, then order.paid_after_release when the money comes late', async () => {
    const order = await cardOrder();
    const lapsed = new Date(NOW.getTime() + 31 * MINUTE);
    t.clock.now = lapsed;
    expect(await t.app.releaseLapsedReservations()).toEqual([order.orderId]);
    expect(types(await eventsOf(order.orderId, 2))).toEqual(['order.placed', 'order.expired']);
    expect((await eventsOf(order.orderId, 2))[1]).toMatchObject({
      occurredAt: lapsed.toISOString(),
      data: {
        orderNumber: String(order.orderId),
        accountCode,
        status: 'Expired',
        stockReleasedAt: lapsed.toISOString(),
      },
    });

    const paidAt = new Date(NOW.getTime() + 40 * MINUTE);
    t.clock.now = paidAt;
    expect((await payOnSandbox(order, 'pay')).statusCode).toBe(303);
    const events = await eventsOf(order.orderId, 3);
    expect(types(events)).toEqual(['order.placed', 'order.expired', 'order.paid_after_release']);
    expect(events[2]).toMatchObject({
      data: {
        orderNumber: String(order.orderId),
        accountCode,
        status: 'PaidAfterRelease',
        paidAt: paidAt.toISOString(),
        stockReleasedAt: lapsed.toISOString(),
      },
    });
  });

  it('writes no event for a payment notification that is refused', async () => {
    const order = await cardOrder();
    await eventsOf(order.orderId, 1);
    const before = (await feed()).length;
    const tampered = {
      ...order,
      values: order.values.map((value, index) => (order.keys[index] === 'amount' ? '1.00' : value)),
    };
    expect((await payOnSandbox(tampered, 'pay')).statusCode).toBeGreaterThanOrEqual(400);
    expect(await feed()).toHaveLength(before);
  });
});
