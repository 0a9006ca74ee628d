import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayPalResult } from '../../src/contract/checkout';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { eventsOnce, feedEvents } from '../support/event-feed';
import { eventually } from '../support/eventually';
import { type FakePayPal, startFakePayPal } from '../support/fake-paypal';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** A PayPal order is placed, then captured: the ERP hears it was paid, or that the capture was refused. */
describe('events out for PayPal order payments', () => {
  let paypal: FakePayPal;
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let accountCode: string;
  let eventsKey: string;

  const feed = () => feedEvents(t.app, eventsKey);
  /** The order's events once `count` of them show. */
  const eventsOf = (orderNumber: string, count: number) =>
    eventsOnce(
      t.app,
      eventsKey,
      (event) => 'orderNumber' in event.data && event.data.orderNumber === orderNumber,
      count,
    );
  const payPalOrder = async () => {
    const response = await dealer.post('Checkout/PayPalOrder');
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PayPalResult;
  };

  beforeAll(async () => {
    paypal = await startFakePayPal();
    t = await createTestApp({
      now: NOW,
      env: paypal.env,
    });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    const { customer, calls } = await signedInDealer(t.app, t.database.db);
    accountCode = customer.account.code;
    dealer = calls;
    eventsKey = (await createIntegrationKey(t.database.db, 'erp', ['events'])).token;
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });

  it('writes order.paid when the capture completes', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    const created = await payPalOrder();
    const result = await dealer.completed({ paymentMethod: 'Payments.PayPal', paypalOrderId: created.paypalOrderId });
    const events = await eventsOf(String(result.orderId), 2);
    expect(events.map((event) => event.type)).toEqual(['order.placed', 'order.paid']);
    expect(events[1]?.data).toEqual({
      orderNumber: String(result.orderId),
      accountCode,
      status: 'Paid',
      paymentMethod: 'Payments.PayPal',
      totalCents: 11_000,
      paidAt: '2026-11-22T02:00:00.000Z',
    });
  });

  it('writes order.payment_failed for the order a refused capture withdraws', async () => {
    await dealer.add(fixture.tyres.t5, 1);
    try {
      paypal.captureWith('declined');
      const created = await payPalOrder();
      const declined = await dealer.complete({
        paymentMethod: 'Payments.PayPal',
        paypalOrderId: created.paypalOrderId,
      });
      expect(declined.statusCode).toBe(402);
    } finally {
      paypal.captureWith('complete');
    }
    await eventually(async () => (await feed()).at(-1)?.type === 'order.payment_failed');
    const failed = (await feed()).at(-1);
    const orderNumber = failed?.type === 'order.payment_failed' ? failed.data.orderNumber : '';
    expect((await eventsOf(orderNumber, 2)).map((event) => event.type)).toEqual([
      'order.placed',
      'order.payment_failed',
    ]);
    expect(failed?.data).toMatchObject({ accountCode, status: 'PaymentFailed', paymentMethod: 'Payments.PayPal' });
  });
});
