import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { recordEvent } from '../../src/server/modules/events/outbox';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { orderPlacedSample } from '../support/order-placed-sample';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * Signed webhooks (docs/integration.md, Webhooks): an endpoint registered with a `webhooks` key gets each event of
 * its types, signed as the Standard Webhooks specification says, at least once and in order per subject, retried
 * with backoff while it fails, dead after the last retry, and replayable from the dead letters.
 */
describe('webhook delivery', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let hooksKey: string;
  let eventsOnlyKey: string;

  const call = (method: 'GET' | 'POST', path: string, body?: unknown, key = hooksKey) =>
    t.app.inject({
      method,
      url: api(path),
      headers: { authorization: `Bearer ${key}` },
      ...(body ? { payload: body } : {}),
    });
  const register = async (url: string, events = ['order.placed']) => {
    const response = await call('POST', 'Integration/Webhooks', { url, events });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { id: number; secret: string };
  };
  const record = (orderNumber: string, stockNumber: string | null = null) =>
    t.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'order.placed',
        subject: `order:${orderNumber}`,
        occurredAt: t.clock.now,
        data: orderPlacedSample(orderNumber, stockNumber),
      }),
    );
  const later = (milliseconds: number) => {
    t.clock.now = new Date(t.clock.now.getTime() + milliseconds);
  };

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_TIMEOUT_SECONDS: '1' },
    });
    hooksKey = (await createIntegrationKey(t.database.db, 'erp-hooks', ['webhooks'])).token;
    eventsOnlyKey = (await createIntegrationKey(t.database.db, 'erp-feed', ['events'])).token;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    receiver = await startWebhookReceiver();
    // Endpoints of earlier tests stop taking events, so each test sees only its own.
    const listed = (await call('GET', 'Integration/Webhooks')).json() as { endpoints: { id: number }[] };
    for (const endpoint of listed.endpoints) await call('POST', 'Integration/Webhooks/Disable', { id: endpoint.id });
    await t.app.deliverWebhooks();
  });
  afterEach(() => receiver.close());

  it('delivers an event signed so that the standardwebhooks package verifies it, with the body the feed answers', async () => {
    const endpoint = await register(receiver.url);
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    receiver.useSecret(endpoint.secret);
    await record('5001', 'STK-5001');
    expect(await t.app.deliverWebhooks()).toBe(1);

    expect(receiver.received).toHaveLength(1);
    const [delivery] = receiver.accepted();
    expect(delivery?.verified).toMatchObject({
      type: 'order.placed',
      schemaVersion: 1,
      occurredAt: '2026-11-22T02:00:00.000Z',
      data: { orderNumber: '5001', stockNumber: 'STK-5001' },
    });
    const event = delivery?.verified as { id: string };
    expect(delivery?.headers['webhook-id']).toBe(`evt_${event.id}`);
    expect(delivery?.headers['content-type']).toBe('application/json');
    const feed = (await call('GET', 'Integration/Events?limit=500', undefined, eventsOnlyKey)).json() as {
      events: { id: string }[];
    };
    expect(feed.events.find((published) => published.id === event.id)).toEqual(delivery?.verified);

    // Delivered once: another round sends nothing.
    expect(await t.app.deliverWebhooks()).toBe(0);
    expect(receiver.received).toHaveLength(1);
  });

  it('is refused by the verifier when the body is tampered with, the secret is another, or the timestamp is stale', async () => {
    const endpoint = await register(receiver.url);
    receiver.useSecret(endpoint.secret);
    await record('5002');
    await t.app.deliverWebhooks();
    const [delivery] = receiver.accepted();
    if (!delivery) throw new Error('nothing was delivered');
    const verifier = new Webhook(endpoint.secret);
    expect(() => verifier.verify(delivery.body.replace('5002', '5003'), delivery.headers)).toThrow();
    expect(() =>
      new Webhook(`whsec_${Buffer.alloc(32, 7).toString('base64')}`).verify(delivery.body, delivery.headers),
    ).toThrow();
    const stale = String(Number(delivery.headers['webhook-timestamp']) - 10 * 60);
    expect(() => verifier.verify(delivery.body, { ...delivery.headers, 'webhook-timestamp': stale })).toThrow();
  });

  it('sends only the event types an endpoint takes', async () => {
    const endpoint = await register(receiver.url, ['order.status_changed']);
    receiver.useSecret(endpoint.secret);
    await record('5004');
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'order.status_changed',
        subject: 'order:5004',
        occurredAt: t.clock.now,
        data: {
          orderNumber: '5004',
          accountCode: 'C10001',
          status: 'Accepted',
          previousStatus: null,
          carrier: null,
          consignment: null,
          trackingUrl: null,
          expectedDate: null,
          reason: null,
          lines: null,
        },
      }),
    );
    await t.app.deliverWebhooks();
    expect(receiver.accepted().map((delivery) => (delivery.verified as { type: string }).type)).toEqual([
      'order.status_changed',
    ]);
  });

  it('retries a receiver that is down after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h, then lists the delivery as dead, and a replay delivers it', async () => {
    const endpoint = await register(receiver.url);
    receiver.useSecret(endpoint.secret);
    receiver.state.answer = 503;
    await record('5005');
    await t.app.deliverWebhooks();
    expect(receiver.received).toHaveLength(1);
    for (const wait of [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000]) {
      later(wait * 1000 - 1);
      await t.app.deliverWebhooks();
      const before = receiver.received.length;
      later(1);
      await t.app.deliverWebhooks();
      expect(receiver.received.length).toBe(before + 1);
    }
    expect(receiver.received).toHaveLength(8);
    later(40 * 3_600_000);
    await t.app.deliverWebhooks();
    expect(receiver.received).toHaveLength(8);

    const dead = (await call('GET', 'Integration/Webhooks/DeadLetters')).json() as {
      deliveries: {
        deliveryId: number;
        attempts: number;
        lastResponseStatus: number;
        lastError: string;
        url: string;
      }[];
    };
    expect(dead.deliveries[0]).toMatchObject({
      attempts: 8,
      lastResponseStatus: 503,
      lastError: 'answered HTTP 503',
      url: receiver.url,
    });

    receiver.state.answer = 200;
    const replay = await call('POST', 'Integration/Webhooks/Replay', { deliveryId: dead.deliveries[0]?.deliveryId });
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toMatchObject({ state: 'pending', attempts: 0 });
    await t.app.deliverWebhooks();
    expect(receiver.accepted()).toHaveLength(9);
    expect(new Set(receiver.received.map((delivery) => delivery.headers['webhook-id'])).size).toBe(1);
    expect(
      (await call('POST', 'Integration/Webhooks/Replay', { deliveryId: dead.deliveries[0]?.deliveryId })).statusCode,
    ).toBe(404);
  });

  it('keeps one subject in order: a later event waits while an earlier one is retried; other subjects go on', async () => {
    const endpoint = await register(receiver.url);
    receiver.useSecret(endpoint.secret);
    receiver.state.answer = 500;
    await record('6001', 'first');
    await t.app.deliverWebhooks();
    receiver.state.answer = 204;
    await record('6001', 'second');
    await record('6002', 'other order');
    await t.app.deliverWebhooks();
    const stockNumbers = () =>
      receiver.accepted().map((delivery) => (delivery.verified as { data: { stockNumber: string } }).data.stockNumber);
    // The receiver was down for 'first'; 'second' of the same order waits for it, the other order does not.
    expect(stockNumbers()).toEqual(['first', 'other order']);
    expect(receiver.received[0]?.verified).toBeDefined();
    later(5_000);
    await t.app.deliverWebhooks();
    expect(stockNumbers()).toEqual(['first', 'other order', 'first', 'second']);
  });

  it('gives up an attempt the receiver does not answer within the timeout, and follows no redirect', async () => {
    const endpoint = await register(receiver.url);
    receiver.useSecret(endpoint.secret);
    receiver.state.hang = true;
    await record('7001');
    const started = Date.now();
    await t.app.deliverWebhooks();
    expect(Date.now() - started).toBeLessThan(3_000);
    receiver.state.hang = false;
    receiver.state.answer = 302;
    later(5_000);
    await t.app.deliverWebhooks();
    expect(receiver.received.map((delivery) => delivery.path)).toEqual(['/hooks', '/hooks']);
    const row = await t.database.db.query.webhookDeliveries.findFirst({ orderBy: (table, { desc }) => desc(table.id) });
    expect(row).toMatchObject({
      state: 'retrying',
      attempts: 2,
      lastResponseStatus: 302,
      lastError: 'answered HTTP 302',
    });
  });

  it('refuses a key without the webhooks scope, an address that is not http(s), and an unknown event type', async () => {
    expect((await call('GET', 'Integration/Webhooks', undefined, eventsOnlyKey)).statusCode).toBe(403);
    const ftp = await call('POST', 'Integration/Webhooks', {
      url: 'ftp://erp.example/hooks',
      events: ['order.placed'],
    });
    expect(ftp.statusCode).toBe(400);
    expect(ftp.body).toContain('must be an http or https address');
    const unknown = await call('POST', 'Integration/Webhooks', {
      url: 'https://erp.example/hooks',
      events: ['order.eaten'],
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.body).toContain('is not an event type the shop sends');
  });
});

describe('webhook delivery to private addresses', () => {
  it('is refused unless WEBHOOKS_ALLOW_PRIVATE_ADDRESSES allows it: nothing reaches a receiver on loopback', async () => {
    const t = await createTestApp({ now: NOW });
    const receiver = await startWebhookReceiver();
    try {
      const key = (await createIntegrationKey(t.database.db, 'erp', ['webhooks'])).token;
      for (const url of [receiver.url, receiver.url.replace('127.0.0.1', 'localhost')]) {
        const response = await t.app.inject({
          method: 'POST',
          url: api('Integration/Webhooks'),
          headers: { authorization: `Bearer ${key}` },
          payload: { url, events: ['order.placed'] },
        });
        expect(response.statusCode).toBe(200);
      }
      await t.database.db.transaction((tx) =>
        recordEvent(tx, { type: 'order.placed', subject: 'order:1', occurredAt: NOW, data: orderPlacedSample('1') }),
      );
      await t.app.deliverWebhooks();
      expect(receiver.received).toHaveLength(0);
      const rows = await t.database.db.query.webhookDeliveries.findMany({ orderBy: (table, { asc }) => asc(table.id) });
      expect(rows.map((row) => [row.state, row.lastError])).toEqual([
        ['retrying', '127.0.0.1 is not a public address'],
        ['retrying', expect.stringMatching(/^localhost resolves to (127\.0\.0\.1|::1), which is not public$/)],
      ]);
    } finally {
      await receiver.close();
      await t.close();
    }
  });
});
