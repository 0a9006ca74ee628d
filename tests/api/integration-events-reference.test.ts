import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventTypes } from '../../src/contract/events';
import { type TestApp, api, createTestApp } from '../support/test-app';

/** The API reference, generated from the contract, shows every event type the feed can answer with its body. */
describe('the API reference of Integration/Events', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('documents each event type and its body fields', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('docs/json') });
    expect(response.statusCode).toBe(200);
    const document = response.json() as { paths: Record<string, Record<string, { responses: unknown }>> };
    const feed = JSON.stringify(document.paths['/yhi/api/Integration/Events']?.get?.responses ?? {});
    expect(eventTypes).toEqual([
      'order.placed',
      'order.status_changed',
      'order.paid',
      'order.payment_failed',
      'order.expired',
      'order.paid_after_release',
      'order.refunded',
      'invoice.paid',
      'return.requested',
      'warranty_claim.submitted',
      'application.dealer',
      'application.retailer',
      'enquiry.submitted',
      'account.changed',
    ]);
    for (const type of eventTypes) expect(feed).toContain(`"${type}"`);
    for (const field of [
      'paidAt',
      'stockReleasedAt',
      'amountPaidCents',
      'outstandingCents',
      'blobName',
      'changedFields',
      'backOrderQuantity',
      'backOrderExpectedDate',
    ])
      expect(feed).toContain(`"${field}"`);
  });

  it('documents order.placed at both its schema versions and how a reader chooses one', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('docs/json') });
    const document = response.json() as {
      paths: Record<string, Record<string, { responses: unknown; parameters?: { name: string }[] }>>;
    };
    const events = document.paths['/yhi/api/Integration/Events']?.get;
    const feed = JSON.stringify(events?.responses ?? {});
    expect(feed).toContain('"schemaVersion":{"type":"number","enum":[1]}');
    expect(feed).toContain('"schemaVersion":{"type":"number","enum":[2]}');
    expect(events?.parameters?.map((parameter) => parameter.name)).toContain('schemaVersions');
    expect(JSON.stringify(document.paths['/yhi/api/Integration/Webhooks']?.post ?? {})).toContain('"schemaVersions"');
  });
});
