import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordEvent } from '../../src/server/modules/events/outbox';
import { addWebhookEndpoint } from '../../src/server/modules/webhooks/webhook-endpoints';
import { type TestApp, createTestApp } from '../support/test-app';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';

const NOW = new Date('2026-11-22T02:00:00Z');
const STATUSES = ['Accepted', 'Picking', 'Shipped'] as const;

/**
 * The receiver down for 10 minutes while orders move on, then up: every event arrives, each order's in the order they
 * happened, and each is acted on once by its `webhook-id`. The shop's clock is moved on as time passes.
 */
describe('webhook delivery across a receiver outage', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    receiver = await startWebhookReceiver();
    const endpoint = await addWebhookEndpoint(t.database.db, {
      url: receiver.url,
      events: ['order.status_changed'],
      createdByKeyId: null,
    });
    receiver.useSecret(endpoint.secret);
  });
  afterAll(async () => {
    await t.close();
    await receiver.close();
  });

  it('delivers every event, in order per order, once the receiver is back', async () => {
    receiver.state.answer = 503;
    // Ten minutes, a round every 30 s; each minute three orders move one status on.
    for (let second = 0; second < 600; second += 30) {
      if (second % 60 === 0) {
        const step = STATUSES[Math.floor(second / 60) % STATUSES.length] as (typeof STATUSES)[number];
        for (const order of ['8001', '8002', '8003']) {
          await t.database.db.transaction((tx) =>
            recordEvent(tx, {
              type: 'order.status_changed',
              subject: `order:${order}`,
              occurredAt: t.clock.now,
              data: {
                orderNumber: order,
                accountCode: 'C10001',
                status: step,
                previousStatus: null,
                carrier: null,
                consignment: null,
                trackingUrl: `https://track.example.test/${order}/${second}`,
                expectedDate: null,
                reason: null,
                lines: null,
              },
            }),
          );
        }
      }
      await t.app.deliverWebhooks();
      t.clock.now = new Date(t.clock.now.getTime() + 30_000);
    }
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(receiver.received.every((delivery) => delivery.verified !== undefined)).toBe(true);

    receiver.state.answer = 204;
    // The backoff runs on after the outage: within the next day every delivery is tried again and goes.
    for (let minute = 0; minute < 24 * 60; minute += 10) {
      t.clock.now = new Date(t.clock.now.getTime() + 600_000);
      await t.app.deliverWebhooks();
    }
    const ids = new Set(receiver.received.map((delivery) => delivery.headers['webhook-id']));
    expect(ids.size).toBe(30);
    for (const order of ['8001', '8002', '8003']) {
      const urls = receiver.received
        .filter((delivery) => (delivery.verified as { data: { orderNumber: string } }).data.orderNumber === order)
        .map((delivery) => (delivery.verified as { data: { trackingUrl: string } }).data.trackingUrl);
      // Retries may repeat an event, never overtake it: with repeats removed, the order's events in their order.
      const firsts = urls.filter((url, index) => urls.indexOf(url) === index);
      expect(firsts).toEqual(
        Array.from({ length: 10 }, (_, minute) => `https://track.example.test/${order}/${minute * 60}`),
      );
    }
    const rows = await t.database.db.query.webhookDeliveries.findMany();
    expect(rows.map((row) => row.state)).toEqual(Array.from({ length: 30 }, () => 'delivered'));
  });
});
