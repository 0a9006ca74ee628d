import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CompleteResult, PayPalResult } from '../../src/contract/checkout';
import type { IntegrationEvent } from '../../src/contract/events';
import type { PaidAfterRelease } from '../../src/contract/staff';
import type { StaffOrder } from '../../src/contract/staff-orders';
import { orderAllocations, orders, payments, productStock } from '../../src/server/db/schema';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { type checkoutCalls, createCheckoutFixture, payOnSandbox, signedInDealer } from '../support/checkout-fixtures';
import { eventsOnce } from '../support/event-feed';
import { type FakePayPal, startFakePayPal } from '../support/fake-paypal';
import { createStaff } from '../support/fixtures';
import { sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const MINUTE = 60_000;

type Redirect = Extract<CompleteResult, { orderResult: 'Redirect' }>;

/**
 * Staff decide on an order whose payment came back after its stock was released: confirming takes the stock again
 * where it can and says what it could not; refunding gives the money back through the provider it was paid with.
 * Either decision is made once.
 */
describe('staff confirm or refund an order paid after its stock was released', () => {
  let paypal: FakePayPal;
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let customerHeaders: Record<string, string>;
  let sales: Record<string, string>;
  let content: Record<string, string>;
  let eventsKey: string;

  const db = () => t.database.db;
  const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const paymentOf = async (orderId: number) =>
    (await db().select().from(payments).where(eq(payments.orderId, orderId)))[0];
  const t5Levels = async () =>
    (await db().select().from(productStock).where(eq(productStock.productId, fixture.tyres.t5))).map(
      (level) => level.quantity,
    );
  const decide = (
    path: 'Staff/PaidAfterReleaseConfirm' | 'Staff/PaidAfterReleaseRefund',
    orderId: number,
    headers = sales,
  ) => t.app.inject({ method: 'POST', url: api(path), headers, payload: { orderId } });
  const eventsOf = (orderId: number, count: number) =>
    eventsOnce(
      t.app,
      eventsKey,
      (event) => 'orderNumber' in event.data && event.data.orderNumber === String(orderId),
      count,
    );
  const waiting = async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Staff/PaidAfterRelease'), headers: sales });
    return (response.json() as PaidAfterRelease[]).map((row) => row.orderId);
  };

  /** A card order for `quantity` of T5 whose reservation lapses before the customer pays on the sandbox page. */
  const cardOrderPaidLate = async (quantity: number, beforePaying: () => Promise<void> = async () => {}) => {
    t.clock.now = NOW;
    await dealer.clear();
    await dealer.add(fixture.tyres.t5, quantity);
    const redirect = (await dealer.completed({ paymentMethod: 'Payments.Card' })) as Redirect;
    t.clock.now = new Date(NOW.getTime() + 31 * MINUTE);
    expect(await t.app.releaseLapsedReservations()).toContain(redirect.orderId);
    await beforePaying();
    expect((await payOnSandbox(t.app, redirect, 'pay')).statusCode).toBe(303);
    expect(await orderOf(redirect.orderId)).toMatchObject({ status: 'PaidAfterRelease' });
    return redirect.orderId;
  };

  beforeAll(async () => {
    paypal = await startFakePayPal();
    t = await createTestApp({
      now: NOW,
      env: {
        PAYMENT_RESERVATION_MINUTES: '30',
        PAYMENT_RESERVATION_SWEEP_SECONDS: '0',
        ...paypal.env,
        PAYPAL_TIMEOUT_SECONDS: '1',
      },
    });
    fixture = await createCheckoutFixture(db(), NOW);
    ({ headers: customerHeaders, calls: dealer } = await signedInDealer(t.app, db()));
    sales = sessionHeaders(await signInStaff(t.app, (await createStaff(db(), 'sales')).email));
    content = sessionHeaders(await signInStaff(t.app, (await createStaff(db(), 'content')).email));
    eventsKey = (await createIntegrationKey(db(), 'erp', ['events'])).token;
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });
  beforeEach(() => {
    t.clock.now = NOW;
  });

  it('confirming takes the stock again and makes the order Paid, once, with order.paid and an audit entry', async () => {
    const orderId = await cardOrderPaidLate(2);
    const before = await t5Levels();
    const confirmed = await decide('Staff/PaidAfterReleaseConfirm', orderId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ orderId, shortfalls: [] });
    expect(await orderOf(orderId)).toMatchObject({ status: 'Paid', stockReleasedAt: null });
    expect((await t5Levels()).reduce((a, b) => a + b, 0)).toBe(before.reduce((a, b) => a + b, 0) - 2);
    const held = await db().select().from(orderAllocations).where(eq(orderAllocations.orderId, orderId));
    expect(held.reduce((sum, row) => sum + row.quantity, 0)).toBe(2);
    expect(await waiting()).not.toContain(orderId);

    const events = await eventsOf(orderId, 4);
    expect(events.map((event: IntegrationEvent) => event.type)).toEqual([
      'order.placed',
      'order.expired',
      'order.paid_after_release',
      'order.paid',
    ]);

    const again = await decide('Staff/PaidAfterReleaseConfirm', orderId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ detail: 'No order paid after its stock was released has this number.' });
    expect((await decide('Staff/PaidAfterReleaseRefund', orderId)).statusCode).toBe(404);

    // The order's page lists the decision among the staff changes to it.
    const page = await t.app.inject({ method: 'GET', url: api(`Staff/Order?id=${orderId}`), headers: sales });
    expect(page.statusCode, page.body).toBe(200);
    expect((page.json() as StaffOrder).audit).toEqual([
      expect.objectContaining({
        action: 'order.confirmed',
        subjectRef: String(orderId),
        after: expect.objectContaining({ status: 'Paid' }),
      }),
    ]);
  });

  it('confirming when the warehouses hold less says what it could not reserve', async () => {
    const orderId = await cardOrderPaidLate(3, async () => {
      // Meanwhile others bought the tyre: one is left, in one warehouse.
      await db().update(productStock).set({ quantity: 0 }).where(eq(productStock.productId, fixture.tyres.t5));
      await db()
        .update(productStock)
        .set({ quantity: 1 })
        .where(
          and(
            eq(productStock.productId, fixture.tyres.t5),
            eq(productStock.warehouseId, fixture.warehouses.MELBOURNE as number),
          ),
        );
    });
    const confirmed = await decide('Staff/PaidAfterReleaseConfirm', orderId);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({
      orderId,
      shortfalls: [{ sku: expect.any(String), name: expect.any(String), wanted: 3, reserved: 1 }],
    });
    expect((await t5Levels()).every((quantity) => quantity === 0)).toBe(true);
    expect(await orderOf(orderId)).toMatchObject({ status: 'Paid' });
    await db().update(productStock).set({ quantity: 40 }).where(eq(productStock.productId, fixture.tyres.t5));
  });

  it('refunding a sandbox card payment marks the order and payment refunded, with order.refunded, once', async () => {
    const orderId = await cardOrderPaidLate(1);
    const stock = await t5Levels();
    t.clock.now = new Date(NOW.getTime() + 40 * MINUTE);
    const refunded = await decide('Staff/PaidAfterReleaseRefund', orderId);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const payment = await paymentOf(orderId);
    expect(refunded.json()).toEqual({
      orderId,
      refundReference: `REFUND-${payment?.reference}`,
      refundedAt: '2026-11-22T02:40:00.000Z',
    });
    expect(await orderOf(orderId)).toMatchObject({ status: 'Refunded' });
    expect(payment).toMatchObject({ status: 'Refunded', refundedAt: new Date('2026-11-22T02:40:00Z') });
    expect(await t5Levels()).toEqual(stock);
    const events = await eventsOf(orderId, 4);
    expect(events.at(-1)).toMatchObject({
      type: 'order.refunded',
      data: { orderNumber: String(orderId), status: 'Refunded', refundReference: `REFUND-${payment?.reference}` },
    });
    expect((await decide('Staff/PaidAfterReleaseRefund', orderId)).statusCode).toBe(404);
    expect((await decide('Staff/PaidAfterReleaseConfirm', orderId)).statusCode).toBe(404);
  });

  /** A PayPal order whose capture PayPal answers too late: the reservation lapses, the retry records the capture. */
  const payPalOrderPaidLate = async () => {
    t.clock.now = NOW;
    await dealer.clear();
    await dealer.add(fixture.tyres.t5, 1);
    const approved = await dealer.post('Checkout/PayPalOrder');
    const paypalOrderId = (approved.json() as PayPalResult).paypalOrderId;
    paypal.captureWith('hang');
    try {
      expect((await dealer.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId })).statusCode).toBe(402);
    } finally {
      paypal.captureWith('complete');
    }
    paypal.releaseHeldCaptures();
    await expect.poll(() => paypal.orders.get(paypalOrderId)?.status).toBe('COMPLETED');
    t.clock.now = new Date(NOW.getTime() + 31 * MINUTE);
    await t.app.releaseLapsedReservations();
    expect((await dealer.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId })).statusCode).toBe(200);
    const [order] = await db().select().from(orders).where(eq(orders.paypalOrderId, paypalOrderId));
    expect(order).toMatchObject({ status: 'PaidAfterRelease' });
    const captureId = (await paymentOf(order?.id as number))?.providerCaptureId as string;
    return { orderId: order?.id as number, captureId };
  };

  it('refunding a PayPal payment refunds its capture at PayPal, under one idempotency key', async () => {
    const { orderId, captureId } = await payPalOrderPaidLate();
    expect(paypal.captures.get(captureId)).toMatchObject({ refundId: null });
    const refunded = await decide('Staff/PaidAfterReleaseRefund', orderId);
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = paypal.captures.get(captureId)?.refundId;
    expect(refundId).toEqual(expect.any(String));
    expect(refunded.json()).toMatchObject({ orderId, refundReference: refundId });
    expect(await orderOf(orderId)).toMatchObject({ status: 'Refunded' });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'Refunded', refundReference: refundId });
    const calls = paypal.requests.filter((request) => request.path === `/v2/payments/captures/${captureId}/refund`);
    expect(calls.map((request) => request.headers['paypal-request-id'])).toEqual([`refund-${captureId}`]);
  });

  it('a refund PayPal refuses leaves the order waiting and the payment completed', async () => {
    const { orderId, captureId } = await payPalOrderPaidLate();
    // Refunded from PayPal's own dashboard already: PayPal refuses another.
    const capture = paypal.captures.get(captureId);
    if (capture) capture.refundId = 'DASHBOARD-REFUND';
    const refused = await decide('Staff/PaidAfterReleaseRefund', orderId);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({ detail: expect.stringMatching(/^PayPal refused the refund: /) });
    expect(await orderOf(orderId)).toMatchObject({ status: 'PaidAfterRelease' });
    expect(await paymentOf(orderId)).toMatchObject({ status: 'Completed', refundReference: null });
    expect(await waiting()).toContain(orderId);
  });

  it('is for sales and credit staff only', async () => {
    const orderId = await cardOrderPaidLate(1);
    expect((await decide('Staff/PaidAfterReleaseConfirm', orderId, content)).statusCode).toBe(403);
    expect((await decide('Staff/PaidAfterReleaseRefund', orderId, customerHeaders)).statusCode).toBe(403);
    expect((await decide('Staff/PaidAfterReleaseConfirm', 999_999)).statusCode).toBe(404);
    expect(await orderOf(orderId)).toMatchObject({ status: 'PaidAfterRelease' });
  });
});
