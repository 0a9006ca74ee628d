import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusChanges } from '../../src/server/db/schema';
import { SHIPPED, orderStatusSetup } from '../support/order-status-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** A retry under the same Idempotency-Key gets the first answer and changes nothing; another request under it is refused. */
describe('POST Integration/Orders/Status with an Idempotency-Key', () => {
  let t: TestApp;
  let s: Awaited<ReturnType<typeof orderStatusSetup>>;

  const changesOf = async (orderNumber: string) =>
    t.database.db
      .select()
      .from(orderStatusChanges)
      .where(eq(orderStatusChanges.orderId, Number(orderNumber)));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    s = await orderStatusSetup(t, NOW);
  });
  afterAll(() => t.close());

  it('answers a retry of the same request as the first time, without a second change', async () => {
    const { calls } = await s.dealer();
    const orderNumber = await s.placeOrder(calls);
    const body = { orderNumber, ...SHIPPED, status: 'PartlyShipped' as const, lines: [{ sku: 'T1', quantity: 1 }] };
    const first = await s.postStatus(body, { idempotencyKey: 'ship-1' });
    expect(first.statusCode, first.body).toBe(200);
    t.clock.now = new Date('2026-11-22T03:00:00Z');
    const again = await s.postStatus(body, { idempotencyKey: 'ship-1' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect(again.json()).toEqual({
      orderNumber,
      status: 'PartlyShipped',
      previousStatus: null,
      occurredAt: '2026-11-22T02:00:00.000Z',
    });
    expect(await changesOf(orderNumber)).toHaveLength(1);
    t.clock.now = NOW;
  });

  it('refuses another request under a used key with 422, and changes nothing', async () => {
    const { calls } = await s.dealer();
    const orderNumber = await s.placeOrder(calls);
    expect((await s.postStatus({ orderNumber, status: 'Accepted' }, { idempotencyKey: 'erp-42' })).statusCode).toBe(
      200,
    );
    const reused = await s.postStatus({ orderNumber, status: 'Picking' }, { idempotencyKey: 'erp-42' });
    expect(reused.statusCode).toBe(422);
    expect(reused.json()).toMatchObject({
      status: 422,
      detail: "The Idempotency-Key 'erp-42' was already used for another request; send this one with a new key.",
    });
    expect((await changesOf(orderNumber)).map((change) => change.status)).toEqual(['Accepted']);
  });

  it('judges a refused request afresh when it is retried under its key', async () => {
    const { calls } = await s.dealer();
    const orderNumber = await s.placeOrder(calls);
    const early = await s.postStatus({ orderNumber: '999998', status: 'Accepted' }, { idempotencyKey: 'retry-404' });
    expect(early.statusCode).toBe(404);
    expect((await s.postStatus({ orderNumber, status: 'Accepted' }, { idempotencyKey: 'retry-404' })).statusCode).toBe(
      200,
    );
  });

  it('requires the Idempotency-Key header', async () => {
    const { calls } = await s.dealer();
    const orderNumber = await s.placeOrder(calls);
    const response = await s.postStatus({ orderNumber, status: 'Accepted' }, { idempotencyKey: '' });
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe('Send an Idempotency-Key header of 1 to 100 characters.');
    expect(await changesOf(orderNumber)).toEqual([]);
  });
});
