import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxEvents, products } from '../../src/server/db/schema';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { checkoutCalls } from '../support/checkout-fixtures';
import { createDeliveryCatalogue } from '../support/delivery-fixtures';
import { orderPlacedSample } from '../support/order-placed-sample';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import type { FileImporter } from '../support/import-file';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { type WebhookReceiver, startWebhookReceiver } from '../support/webhook-receiver';

// Friday 27 November 2026, 10:00 in Sydney (AEDT).
const FRIDAY_MORNING = new Date('2026-11-26T23:00:00Z');

/**
 * `order.placed` version 2 (docs/integration.md, Schema versions): each line carries what of it is back-ordered and
 * when it is expected. A reader gets it by choosing version 2, the feed per request and a webhook endpoint when it
 * is added; a reader that did not choose keeps receiving version 1, without the new fields.
 */
describe('order.placed version 2 carries the back-ordered split', () => {
  let t: TestApp;
  let importFile: FileImporter;
  let eventsKey: string;
  let hooksKey: string;
  let newer: WebhookReceiver;
  let older: WebhookReceiver;
  let orderNumber: string;
  let t4: number;

  const call = (method: 'GET' | 'POST', path: string, key: string, body?: object) =>
    t.app.inject({
      method,
      url: api(path),
      headers: { authorization: `Bearer ${key}` },
      ...(body ? { payload: body } : {}),
    });
  const orderLines = (event: unknown) => (event as { data: { lines: unknown[] } }).data.lines;

  beforeAll(async () => {
    t = await createTestApp({ now: FRIDAY_MORNING, env: { WEBHOOKS_ALLOW_PRIVATE_ADDRESSES: 'true' } });
    importFile = await createDeliveryCatalogue(t, FRIDAY_MORNING);
    const inbound = await importFile('inbound-stock', 'sku,warehouse,quantity,expected\nT4,SYD,6,2026-12-10\n');
    expect(inbound.refused).toEqual([]);
    const [row] = await t.database.db
      .select({ id: products.id })
      .from(products)
      .where(inArray(products.sku, ['T4']));
    t4 = row?.id as number;
    eventsKey = (await createIntegrationKey(t.database.db, 'erp-feed', ['events'])).token;
    hooksKey = (await createIntegrationKey(t.database.db, 'erp-hooks', ['webhooks'])).token;
    newer = await startWebhookReceiver();
    older = await startWebhookReceiver();
    const added = await call('POST', 'Integration/Webhooks', hooksKey, {
      url: newer.url,
      events: ['order.placed'],
      schemaVersions: { 'order.placed': 2 },
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ events: ['order.placed'], schemaVersions: { 'order.placed': 2 } });
    newer.useSecret((added.json() as { secret: string }).secret);
    const addedOlder = await call('POST', 'Integration/Webhooks', hooksKey, {
      url: older.url,
      events: ['order.placed'],
    });
    expect(addedOlder.json()).toMatchObject({ schemaVersions: { 'order.placed': 1 } });
    older.useSecret((addedOlder.json() as { secret: string }).secret);

    await t.app.catalogue.reload();
    const customer = await createCustomer(t.database.db, {
      state: 'NSW',
      priceDisplay: 'Trade',
      deliveryAddress1: '1 George St',
      deliveryCity: 'Sydney',
      deliveryPostcode: '2000',
      creditLimitCents: 10_000_000,
    });
    const dealer = checkoutCalls(t.app, bearer(await signIn(t.app, customer.email)));
    await dealer.add(t4, 6);
    const placed = await dealer.completed({ paymentMethod: 'Payments.TradingAccount', acceptBackOrders: true });
    orderNumber = String(placed.orderId);
  });
  afterAll(async () => {
    await newer.close();
    await older.close();
    await importFile.dispose();
    await t.close();
  });

  it('answers the feed at version 2 when asked: 6 ordered, 2 back-ordered, expected 10 December', async () => {
    const response = await call('GET', 'Integration/Events?schemaVersions=order.placed:2', eventsKey);

    expect(response.statusCode, response.body).toBe(200);
    const [event] = (response.json() as { events: unknown[] }).events;
    expect(event).toMatchObject({ type: 'order.placed', schemaVersion: 2, data: { orderNumber } });
    expect(orderLines(event)).toMatchObject([
      { sku: 'T4', quantity: 6, backOrderQuantity: 2, backOrderExpectedDate: '2026-12-10' },
    ]);
  });

  it('answers the feed at version 1, without the split, to a reader that did not choose', async () => {
    const response = await call('GET', 'Integration/Events', eventsKey);

    const [event] = (response.json() as { events: unknown[] }).events;
    expect(event).toMatchObject({ type: 'order.placed', schemaVersion: 1, data: { orderNumber } });
    expect(orderLines(event)).toEqual([expect.not.objectContaining({ backOrderQuantity: expect.anything() })]);
    expect(Object.keys(orderLines(event)[0] as object).sort()).toEqual([
      'discountCents',
      'lineTotalCents',
      'name',
      'quantity',
      'sku',
      'unitPriceCents',
    ]);
  });

  it('sends version 2 to the endpoint that chose it and version 1 to the one that did not, under one event id', async () => {
    expect(await t.app.deliverWebhooks()).toBe(2);

    const [toNewer] = newer.accepted();
    const [toOlder] = older.accepted();
    expect(toNewer?.verified).toMatchObject({ type: 'order.placed', schemaVersion: 2, data: { orderNumber } });
    expect(orderLines(toNewer?.verified)).toMatchObject([
      { sku: 'T4', quantity: 6, backOrderQuantity: 2, backOrderExpectedDate: '2026-12-10' },
    ]);
    expect(toOlder?.verified).toMatchObject({ type: 'order.placed', schemaVersion: 1, data: { orderNumber } });
    expect(orderLines(toOlder?.verified)[0]).not.toHaveProperty('backOrderQuantity');
    expect(toNewer?.headers['webhook-id']).toBe(toOlder?.headers['webhook-id']);
  });

  it('refuses a version a type does not have, in the feed and for an endpoint', async () => {
    const feed = await call('GET', 'Integration/Events?schemaVersions=order.placed:3', eventsKey);
    expect(feed.statusCode).toBe(400);
    expect(feed.json()).toMatchObject({
      validationErrors: [{ name: 'schemaVersions', reason: 'order.placed has schema versions 1 to 2' }],
    });

    const endpoint = await call('POST', 'Integration/Webhooks', hooksKey, {
      url: newer.url,
      events: ['order.paid'],
      schemaVersions: { 'order.paid': 2, 'order.placed': 2 },
    });
    expect(endpoint.statusCode).toBe(400);
    expect(endpoint.json()).toMatchObject({
      validationErrors: expect.arrayContaining([
        { name: 'schemaVersions.order.paid', reason: 'order.paid has schema versions 1 to 1' },
      ]),
    });
  });

  it('answers an event written before version 2 existed at its own version 1, whatever the reader chose', async () => {
    const latest = (await call('GET', 'Integration/Events', eventsKey)).json() as { next: string };
    const sample = orderPlacedSample('9001');
    const lines = sample.lines.map(({ backOrderQuantity: _quantity, backOrderExpectedDate: _date, ...line }) => line);
    await t.database.db.insert(outboxEvents).values({
      type: 'order.placed',
      schemaVersion: 1,
      occurredAt: FRIDAY_MORNING,
      subject: 'order:9001',
      data: { ...sample, lines },
    });

    const response = await call(
      'GET',
      `Integration/Events?after=${latest.next}&schemaVersions=order.placed:2`,
      eventsKey,
    );

    const [event] = (response.json() as { events: unknown[] }).events;
    expect(event).toMatchObject({ type: 'order.placed', schemaVersion: 1, data: { orderNumber: '9001' } });
    expect(orderLines(event)[0]).not.toHaveProperty('backOrderQuantity');
  });
});
