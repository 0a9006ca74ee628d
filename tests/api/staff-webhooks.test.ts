import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DeadWebhookDelivery, WebhookEndpoint } from '../../src/contract/webhooks';
import { recordEvent } from '../../src/server/modules/events/outbox';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { orderPlacedSample } from '../support/order-placed-sample';
import { sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * Administrators add webhook endpoints in the back office (the signing secret answered once), disable them, and send
 * a delivery that used up its retries again; every change lands in the staff audit. Other roles are refused.
 */
describe('webhook endpoints and dead letters in the back office', () => {
  let t: TestApp;
  let receiver: WebhookReceiver;
  let administratorEmail: string;

  const administrator = async () => sessionHeaders(await signInStaff(t.app, administratorEmail));
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, headers?: Record<string, string>) =>
    t.app.inject({
      method,
      url: api(path),
      headers: headers ?? (await administrator()),
      ...(body ? { payload: body } : {}),
    });

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true', WEBHOOK_TIMEOUT_SECONDS: '1' },
    });
    administratorEmail = (await createStaff(t.database.db)).email;
    receiver = await startWebhookReceiver();
  });
  afterAll(async () => {
    await receiver.close();
    await t.close();
  });

  it('adds an endpoint with its secret shown once, lists it without the secret, and disables it once', async () => {
    const added = await call('POST', 'Staff/WebhookEndpoints', { url: receiver.url, events: ['order.placed'] });
    expect(added.statusCode, added.body).toBe(200);
    const endpoint = added.json() as WebhookEndpoint & { secret: string };
    expect(endpoint).toMatchObject({ url: receiver.url, events: ['order.placed'], active: true });
    expect(endpoint.secret).toMatch(/^whsec_/);

    const listed = await call('GET', 'Staff/WebhookEndpoints');
    expect(listed.statusCode).toBe(200);
    const row = (listed.json() as { endpoints: Record<string, unknown>[] }).endpoints.find(
      (candidate) => candidate.id === endpoint.id,
    );
    expect(row).toEqual({
      id: endpoint.id,
      url: receiver.url,
      events: ['order.placed'],
      schemaVersions: { 'order.placed': 1 },
      active: true,
      createdAt: endpoint.createdAt,
    });

    const disabled = await call('POST', 'Staff/WebhookEndpointDisable', { id: endpoint.id });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json()).toMatchObject({ id: endpoint.id, active: false });
    expect((await call('POST', 'Staff/WebhookEndpointDisable', { id: 999_999 })).statusCode).toBe(404);

    const audit = await call('GET', 'Staff/Audit?subjectType=webhook-endpoint');
    expect((audit.json() as { entries: { action: string; subjectRef: string }[] }).entries).toEqual([
      expect.objectContaining({ action: 'webhook-endpoint.disabled', subjectRef: String(endpoint.id) }),
      expect.objectContaining({ action: 'webhook-endpoint.added', subjectRef: String(endpoint.id) }),
    ]);
  });

  it('refuses an address that is not http(s) and an event type the shop does not send, by field', async () => {
    const refused = await call('POST', 'Staff/WebhookEndpoints', { url: 'ftp://erp.example/hooks', events: ['nope'] });
    expect(refused.statusCode).toBe(400);
    const fields = (refused.json() as { validationErrors: { name: string }[] }).validationErrors.map(
      (error) => error.name,
    );
    expect(fields).toEqual(expect.arrayContaining(['url', expect.stringMatching(/^events/)]));
    const listed = (await call('GET', 'Staff/WebhookEndpoints')).json() as { endpoints: WebhookEndpoint[] };
    expect(listed.endpoints.map((endpoint) => endpoint.url)).not.toContain('ftp://erp.example/hooks');
  });

  it('lists a delivery that gave up and sends it again, once', async () => {
    const added = (
      await call('POST', 'Staff/WebhookEndpoints', { url: receiver.url, events: ['order.placed'] })
    ).json() as WebhookEndpoint & { secret: string };
    receiver.useSecret(added.secret);
    receiver.state.answer = 503;
    await t.database.db.transaction((tx) =>
      recordEvent(tx, {
        type: 'order.placed',
        subject: 'order:7001',
        occurredAt: t.clock.now,
        data: orderPlacedSample('7001'),
      }),
    );
    // Every retry fails, over more than the day the shop keeps trying.
    for (let round = 0; round < 12; round += 1) {
      await t.app.deliverWebhooks();
      t.clock.now = new Date(t.clock.now.getTime() + 11 * 3_600_000);
    }
    const dead = await call('GET', 'Staff/WebhookDeadDeliveries');
    expect(dead.statusCode, dead.body).toBe(200);
    const [delivery] = (dead.json() as { deliveries: DeadWebhookDelivery[] }).deliveries;
    expect(delivery).toMatchObject({ url: receiver.url, eventType: 'order.placed', lastResponseStatus: 503 });

    receiver.state.answer = 200;
    const replayed = await call('POST', 'Staff/WebhookReplay', { deliveryId: delivery?.deliveryId });
    expect(replayed.statusCode, replayed.body).toBe(200);
    expect(replayed.json()).toMatchObject({ deliveryId: delivery?.deliveryId, state: 'pending', attempts: 0 });
    await t.app.deliverWebhooks();
    expect(receiver.accepted().at(-1)?.verified).toMatchObject({ type: 'order.placed', data: { orderNumber: '7001' } });
    expect((await call('POST', 'Staff/WebhookReplay', { deliveryId: delivery?.deliveryId })).statusCode).toBe(404);
    expect(
      ((await call('GET', 'Staff/WebhookDeadDeliveries')).json() as { deliveries: DeadWebhookDelivery[] }).deliveries,
    ).toEqual([]);
  });

  it('is for administrators only', async () => {
    const sales = sessionHeaders(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    const customer = bearer(await signIn(t.app, (await createCustomer(t.database.db)).email));
    for (const headers of [sales, customer]) {
      expect((await call('GET', 'Staff/WebhookEndpoints', undefined, headers)).statusCode).toBe(403);
      expect((await call('POST', 'Staff/WebhookReplay', { deliveryId: 1 }, headers)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: api('Staff/WebhookDeadDeliveries') })).statusCode).toBe(401);
  });
});
