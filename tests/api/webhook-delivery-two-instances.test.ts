import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/server/modules/events/outbox';
import { addWebhookEndpoint } from '../../src/server/modules/webhooks/webhook-endpoints';
import { checkoutCalls, createCheckoutFixture } from '../support/checkout-fixtures';
import { eventually } from '../support/eventually';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, createTestApp } from '../support/test-app';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';

const NOW = new Date('2026-11-22T02:00:00Z');
const ENV = { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true', DELIVERY_POLL_MILLISECONDS: '50' };

/**
 * Every instance runs the delivery loop on the one database: a burst of events reaches the receiver once each (by
 * `webhook-id`), never twice, whichever instance sends it; an order placed through the shop arrives on its own.
 */
describe('webhook delivery from two instances', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let receiver: WebhookReceiver;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: ENV });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    second = await startSecondInstance(t, ENV);
    receiver = await startWebhookReceiver();
    const endpoint = await addWebhookEndpoint(t.database.db, {
      url: receiver.url,
      events: ['order.placed'],
      createdByKeyId: null,
    });
    receiver.useSecret(endpoint.secret);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    await receiver.close();
  });

  it('delivers 500 events written in a burst exactly once each, in order per subject', async () => {
    const data = (orderNumber: string, stockNumber: string) => ({
      orderNumber,
      accountCode: 'C1',
      status: 'Placed' as const,
      paymentMethod: 'Payments.TradingAccount' as const,
      stockNumber,
      customerOrderNumber: null,
      deliveryNotes: null,
      shippingMethod: 'Standard',
      pickupInStore: false,
      deliveryAddress: { address1: '1 Trade St', city: 'Melbourne', postcode: '3000', state: 'VIC' },
      lines: [],
      subtotalCents: 0,
      discountCents: 0,
      shippingCents: 0,
      taxCents: 0,
      totalCents: 0,
    });
    // 50 writers at once, 10 events each: five subjects per writer, each subject twice.
    await Promise.all(
      Array.from({ length: 50 }, (_, writer) =>
        (async () => {
          for (let n = 0; n < 10; n += 1) {
            const order = `${writer}-${n % 5}`;
            await t.database.db.transaction((tx) =>
              recordEvent(tx, {
                type: 'order.placed',
                subject: `order:${order}`,
                occurredAt: NOW,
                data: data(order, n < 5 ? 'first' : 'second'),
              }),
            );
          }
        })(),
      ),
    );
    await eventually(async () => receiver.accepted().length >= 500, 60_000);
    // Give both loops time to send anything twice before counting.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const ids = receiver.accepted().map((delivery) => delivery.headers['webhook-id']);
    expect(ids).toHaveLength(500);
    expect(new Set(ids).size).toBe(500);
    const bySubject = new Map<string, string[]>();
    for (const delivery of receiver.accepted()) {
      const body = delivery.verified as { data: { orderNumber: string; stockNumber: string } };
      bySubject.set(body.data.orderNumber, [...(bySubject.get(body.data.orderNumber) ?? []), body.data.stockNumber]);
    }
    expect(bySubject.size).toBe(250);
    for (const sequence of bySubject.values()) expect(sequence).toEqual(['first', 'second']);

    // An order placed through the shop reaches the receiver by the loops alone.
    const customer = await createCustomer(t.database.db, { code: 'WH2', state: 'VIC', creditLimitCents: 10_000_000 });
    const calls = checkoutCalls(second.app, bearer(await signIn(second.app, customer.email)));
    await calls.add(fixture.tyres.t1, 1);
    const order = await calls.completed({ paymentMethod: 'Payments.TradingAccount', stockNumber: 'BY-THE-SHOP' });
    await eventually(
      async () =>
        receiver
          .accepted()
          .some(
            (delivery) =>
              (delivery.verified as { data: { orderNumber: string } }).data.orderNumber === String(order.orderId),
          ),
      10_000,
    );
  });
});
