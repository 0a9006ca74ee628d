import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PayPalResult } from '../../src/contract/checkout';
import type { PaidAfterRelease } from '../../src/contract/staff';
import { orders, payments } from '../../src/server/db/schema';
import { type checkoutCalls, createCheckoutFixture, signedInDealer, stockIn } from '../support/checkout-fixtures';
import { type FakePayPal, startFakePayPal } from '../support/fake-paypal';
import { createStaff } from '../support/fixtures';
import { sessionHeaders, signInStaff } from '../support/roles';
import { api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const MINUTE = 60_000;

async function until(check: () => boolean): Promise<void> {
  for (let attempt = 0; attempt < 400; attempt += 1) {
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met');
}

/** A shop with PayPal through the fake, the release sweep off (the tests run it with their clock), and a fixture. */
async function payPalShop(paypal: FakePayPal, env: Record<string, string> = {}) {
  const t = await createTestApp({
    now: NOW,
    env: {
      ...paypal.env,
      PAYMENT_RESERVATION_SWEEP_SECONDS: '0',
      ...env,
    },
  });
  const fixture = await createCheckoutFixture(t.database.db, NOW);
  const customer = async () => {
    const { customer: created, calls } = await signedInDealer(t.app, t.database.db);
    return { accountId: created.account.id, calls };
  };
  await t.app.catalogue.reload();
  const t5Stock = async () =>
    (await stockIn(t.database.db, fixture.tyres.t5, fixture.warehouses.MELBOURNE as number)) as number;
  const orderOf = async (id: number) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0];
  const orderOfPayPal = async (paypalOrderId: string) =>
    (await t.database.db.select().from(orders).where(eq(orders.paypalOrderId, paypalOrderId)))[0];
  const approve = async (calls: ReturnType<typeof checkoutCalls>) => {
    const response = await calls.post('Checkout/PayPalOrder');
    expect(response.statusCode, response.body).toBe(200);
    return (response.json() as PayPalResult).paypalOrderId;
  };
  return { t, fixture, customer, t5Stock, orderOf, orderOfPayPal, approve };
}

describe('the PayPal capture runs outside the order transaction', () => {
  let paypal: FakePayPal;
  let shop: Awaited<ReturnType<typeof payPalShop>>;

  beforeAll(async () => {
    paypal = await startFakePayPal();
    // Long enough that the capture below is answered by the fake, never by the timeout.
    shop = await payPalShop(paypal, { PAYPAL_TIMEOUT_SECONDS: '120' });
  });
  afterAll(async () => {
    await shop.t.close();
    await paypal.close();
  });

  it('while PayPal holds a capture, other carts order the same SKUs: no cart or stock lock is held', async () => {
    const buyer = await shop.customer();
    const others = [await shop.customer(), await shop.customer()];
    const before = await shop.t5Stock();
    await buyer.calls.add(shop.fixture.tyres.t5, 2);
    const paypalOrderId = await shop.approve(buyer.calls);
    paypal.captureWith('hang');
    let settled: LightMyRequestResponse | null = null;
    const capturing = buyer.calls.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId }).then((response) => {
      settled = response;
      return response;
    });
    try {
      await until(() => paypal.heldCaptures() === 1);
      // The order exists and holds its stock while PayPal thinks.
      expect(await shop.orderOfPayPal(paypalOrderId)).toMatchObject({ status: 'PendingPayment', paidAt: null });
      expect(await shop.t5Stock()).toBe(before - 2);

      await others[0]?.calls.add(shop.fixture.tyres.t5, 3);
      expect((await others[0]?.calls.completed({ paymentMethod: 'Payments.TradingAccount' }))?.orderResult).toBe(
        'Completed',
      );
      await others[1]?.calls.add(shop.fixture.tyres.t5, 1);
      expect((await others[1]?.calls.completed({ paymentMethod: 'Payments.Card' }))?.orderResult).toBe('Redirect');
      // The buyer's own checkout reads too.
      expect((await buyer.calls.checkout()).shoppingCart.totalProducts).toBe(2);
      expect(settled).toBeNull();
      expect(paypal.heldCaptures()).toBe(1);
      expect(await shop.t5Stock()).toBe(before - 6);
    } finally {
      paypal.captureWith('complete');
      paypal.releaseHeldCaptures();
    }
    const answered = await capturing;
    expect(answered.statusCode, answered.body).toBe(200);
    expect(answered.json()).toMatchObject({ orderResult: 'Completed' });
    expect(await shop.orderOfPayPal(paypalOrderId)).toMatchObject({ status: 'Paid', paidAt: NOW, reservedUntil: null });
    expect((await buyer.calls.checkout()).shoppingCart.items).toEqual([]);
    expect(await shop.t5Stock()).toBe(before - 6);
  });
});

describe('a PayPal capture past PAYPAL_TIMEOUT_SECONDS', () => {
  let paypal: FakePayPal;
  let shop: Awaited<ReturnType<typeof payPalShop>>;
  let staffHeaders: Record<string, string>;

  beforeAll(async () => {
    paypal = await startFakePayPal();
    shop = await payPalShop(paypal, { PAYPAL_TIMEOUT_SECONDS: '1', PAYMENT_RESERVATION_MINUTES: '30' });
    staffHeaders = sessionHeaders(await signInStaff(shop.t.app, (await createStaff(shop.t.database.db)).email));
  });
  afterAll(async () => {
    await shop.t.close();
    await paypal.close();
  });

  it('leaves the order reserved; PayPal taking the money after the reservation lapsed is recorded and shown to staff', async () => {
    const buyer = await shop.customer();
    const before = await shop.t5Stock();
    await buyer.calls.add(shop.fixture.tyres.t5, 2);
    const paypalOrderId = await shop.approve(buyer.calls);
    paypal.captureWith('hang');
    let timedOut: LightMyRequestResponse;
    try {
      timedOut = await buyer.calls.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId });
    } finally {
      paypal.captureWith('complete');
    }
    expect(timedOut.statusCode).toBe(402);
    expect(timedOut.json()).toMatchObject({ isError: true, detail: 'PayPal did not answer in time (1 s).' });
    const order = await shop.orderOfPayPal(paypalOrderId);
    expect(order).toMatchObject({ status: 'PendingPayment', reservedUntil: new Date(NOW.getTime() + 30 * MINUTE) });
    expect(await shop.t5Stock()).toBe(before - 2);
    expect((await buyer.calls.checkout()).shoppingCart.totalProducts).toBe(2);

    // PayPal finishes the capture after all, but nobody is listening any more; then the reservation lapses.
    expect(paypal.heldCaptures()).toBe(1);
    paypal.releaseHeldCaptures();
    await until(() => paypal.orders.get(paypalOrderId)?.status === 'COMPLETED');
    const lapsed = new Date(NOW.getTime() + 31 * MINUTE);
    shop.t.clock.now = lapsed;
    expect(await shop.t.app.releaseLapsedReservations()).toEqual([order?.id]);
    expect(await shop.t5Stock()).toBe(before);
    expect(await shop.orderOf(order?.id as number)).toMatchObject({ status: 'Expired', stockReleasedAt: lapsed });

    // The buyer tries again with the same approval: PayPal answers the capture it made; the money is recorded.
    const paidAt = new Date(lapsed.getTime() + MINUTE);
    shop.t.clock.now = paidAt;
    const retried = await buyer.calls.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toEqual({ orderResult: 'Completed', orderId: order?.id });
    expect(await shop.orderOf(order?.id as number)).toMatchObject({
      status: 'PaidAfterRelease',
      paidAt,
      stockReleasedAt: lapsed,
    });
    const [payment] = await shop.t.database.db.select().from(payments).where(eq(payments.reference, paypalOrderId));
    expect(payment).toMatchObject({ status: 'Completed', orderId: order?.id, completedAt: paidAt });
    expect(await shop.t5Stock()).toBe(before);

    const listed = await shop.t.app.inject({
      method: 'GET',
      url: api('Staff/PaidAfterRelease'),
      headers: staffHeaders,
    });
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json() as PaidAfterRelease[]).toEqual([
      expect.objectContaining({
        orderId: order?.id,
        accountCode: expect.any(String),
        paymentMethod: 'PayPal',
        paymentReference: paypalOrderId,
        total: '$220.00',
        totalCents: 22_000,
        stockReleasedAt: lapsed.toISOString(),
        paidAt: paidAt.toISOString(),
      }),
    ]);
  });
});
