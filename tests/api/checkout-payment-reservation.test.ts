import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutData, CompleteResult } from '../../src/contract/checkout';
import type { PaidAfterRelease } from '../../src/contract/staff';
import { carts, orders } from '../../src/server/db/schema';
import {
  type checkoutCalls,
  createCheckoutFixture,
  payOnSandbox as payOnSandboxPage,
  signedInDealer,
  stockIn,
} from '../support/checkout-fixtures';
import { createStaff } from '../support/fixtures';
import { sessionHeaders, signInStaff } from '../support/roles';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

const NOW = new Date('2026-11-22T02:00:00Z');
const MINUTE = 60_000;
// The periodic sweep is off: each test runs the release job itself, with the clock where it wants it.
const ENV = { PAYMENT_RESERVATION_MINUTES: '30', PAYMENT_RESERVATION_SWEEP_SECONDS: '0' };

type Redirect = Extract<CompleteResult, { orderResult: 'Redirect' }>;

describe('a card order holds its stock while its payment is outstanding; decline and expiry give it back, once', () => {
  let t: TestApp;
  let second: Awaited<ReturnType<typeof startSecondInstance>>;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let headers: Record<string, string>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let dealerUserId: number;
  let staffHeaders: Record<string, string>;

  const db = () => t.database.db;
  const t5Stock = async () => (await stockIn(db(), fixture.tyres.t5, fixture.warehouses.MELBOURNE as number)) as number;
  const orderOf = async (id: number) => (await db().select().from(orders).where(eq(orders.id, id)))[0];
  const revision = async () =>
    (await db().select({ revision: carts.revision }).from(carts).where(eq(carts.userId, dealerUserId)))[0]?.revision;
  /** What an instance's read model says of T5's stock (the quantity pill's figure on the checkout page). */
  const t5StockSeenBy = async (app: FastifyInstance) => {
    const response = await app.inject({ method: 'GET', url: api('Checkout/Get'), headers });
    const line = (response.json() as CheckoutData).shoppingCart.items.find(
      (item) => item.productId === fixture.tyres.t5,
    );
    return line?.stock.stockQuantity;
  };
  const payOnSandbox = (redirect: Redirect, action: 'pay' | 'decline') => payOnSandboxPage(t.app, redirect, action);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: ENV });
    fixture = await createCheckoutFixture(db(), NOW);
    const { customer, ...session } = await signedInDealer(t.app, db());
    dealerUserId = customer.user.id;
    ({ headers, calls: dealer } = session);
    staffHeaders = sessionHeaders(await signInStaff(t.app, (await createStaff(db())).email));
    await t.app.catalogue.reload();
    second = await startSecondInstance(t, ENV);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  beforeEach(async () => {
    t.clock.now = NOW;
    await dealer.clear();
  });

  it('a declined card payment gives the stock back and keeps the cart; paying the next order empties it', async () => {
    await dealer.add(fixture.tyres.t5, 2);
    const before = await t5Stock();
    const declined = (await dealer.completed({ paymentMethod: 'Payments.Card' })) as Redirect;
    expect(declined.orderResult).toBe('Redirect');
    expect(await orderOf(declined.orderId)).toMatchObject({
      status: 'PendingPayment',
      reservedUntil: new Date(NOW.getTime() + 30 * MINUTE),
      stockReleasedAt: null,
    });
    // Reserved: out of product_stock and out of what every instance's catalogue shows, the cart still full.
    expect(await t5Stock()).toBe(before - 2);
    expect(await t5StockSeenBy(t.app)).toBe(before - 2);
    await eventually(async () => (await t5StockSeenBy(second.app)) === before - 2);
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(2);

    expect((await payOnSandbox(declined, 'decline')).statusCode).toBe(303);
    expect(await orderOf(declined.orderId)).toMatchObject({
      status: 'PaymentFailed',
      reservedUntil: null,
      stockReleasedAt: NOW,
      paidAt: null,
    });
    expect(await t5Stock()).toBe(before);
    expect(await t5StockSeenBy(t.app)).toBe(before);
    await eventually(async () => (await t5StockSeenBy(second.app)) === before);
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(2);
    // A second decline notification changes nothing more.
    expect((await payOnSandbox(declined, 'decline')).statusCode).toBe(303);
    expect(await t5Stock()).toBe(before);

    // Placing the kept cart again makes a new order, which the card pays: only now is the cart emptied.
    const paid = (await dealer.completed({ paymentMethod: 'Payments.Card' })) as Redirect;
    expect(paid.orderId).not.toBe(declined.orderId);
    expect(await t5Stock()).toBe(before - 2);
    expect((await payOnSandbox(paid, 'pay')).statusCode).toBe(303);
    expect(await orderOf(paid.orderId)).toMatchObject({
      status: 'Paid',
      paidAt: NOW,
      reservedUntil: null,
      stockReleasedAt: null,
    });
    expect(await t5Stock()).toBe(before - 2);
    expect((await dealer.checkout()).shoppingCart.items).toEqual([]);
  });

  it('an unpaid card order submitted again on Trading Account gives its stock back and the new order takes it once', async () => {
    await dealer.add(fixture.tyres.t5, 3);
    const before = await t5Stock();
    const card = (await dealer.completed({ paymentMethod: 'Payments.Card' })) as Redirect;
    // The same submit again (a double click) answers the same order.
    expect(((await dealer.completed({ paymentMethod: 'Payments.Card' })) as Redirect).orderId).toBe(card.orderId);
    const onAccount = await dealer.completed({ paymentMethod: 'Payments.TradingAccount' });
    expect(onAccount).toMatchObject({ orderResult: 'Completed' });
    expect(onAccount.orderId).not.toBe(card.orderId);
    expect(await orderOf(card.orderId)).toMatchObject({ status: 'Expired', stockReleasedAt: NOW });
    expect(await t5Stock()).toBe(before - 3);
    expect((await dealer.checkout()).shoppingCart.items).toEqual([]);
  });

  it('two instances running the release job at once release a lapsed reservation exactly once; a payment after it is kept for staff', async () => {
    await dealer.add(fixture.tyres.t5, 4);
    const before = await t5Stock();
    const order = (await dealer.completed({ paymentMethod: 'Payments.Card' })) as Redirect;
    const revisionOfOrder = await revision();
    expect(await t5Stock()).toBe(before - 4);

    t.clock.now = new Date(NOW.getTime() + 30 * MINUTE);
    expect(await Promise.all([t.app.releaseLapsedReservations(), second.app.releaseLapsedReservations()])).toEqual([
      [],
      [],
    ]);
    expect(await orderOf(order.orderId)).toMatchObject({ status: 'PendingPayment' });

    const lapsed = new Date(NOW.getTime() + 30 * MINUTE + 1);
    t.clock.now = lapsed;
    const runs = await Promise.all([
      t.app.releaseLapsedReservations(),
      second.app.releaseLapsedReservations(),
      t.app.releaseLapsedReservations(),
    ]);
    expect(runs.flat()).toEqual([order.orderId]);
    expect(await orderOf(order.orderId)).toMatchObject({
      status: 'Expired',
      reservedUntil: null,
      stockReleasedAt: lapsed,
    });
    expect(await t5Stock()).toBe(before);
    expect(await t5StockSeenBy(t.app)).toBe(before);
    await eventually(async () => (await t5StockSeenBy(second.app)) === before);
    // The cart is kept, at a new revision: submitting it again places a new order.
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(4);
    expect(await revision()).toBe((revisionOfOrder as number) + 1);
    expect(await Promise.all([t.app.releaseLapsedReservations(), second.app.releaseLapsedReservations()])).toEqual([
      [],
      [],
    ]);
    expect(await t5Stock()).toBe(before);

    // The customer pays on the card page after all: the money is recorded, never lost, and staff see the order.
    const paidAt = new Date(lapsed.getTime() + 5 * MINUTE);
    t.clock.now = paidAt;
    expect((await payOnSandbox(order, 'pay')).statusCode).toBe(303);
    expect(await orderOf(order.orderId)).toMatchObject({ status: 'PaidAfterRelease', paidAt, stockReleasedAt: lapsed });
    expect(await t5Stock()).toBe(before);
    const listed = await t.app.inject({ method: 'GET', url: api('Staff/PaidAfterRelease'), headers: staffHeaders });
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json() as PaidAfterRelease[]).find((row) => row.orderId === order.orderId)).toMatchObject({
      paymentMethod: 'Credit Card',
      paymentReference: expect.stringMatching(/^PAY-/),
      totalCents: (await orderOf(order.orderId))?.totalCents,
      stockReleasedAt: lapsed.toISOString(),
      paidAt: paidAt.toISOString(),
    });
    expect((await t.app.inject({ method: 'GET', url: api('Staff/PaidAfterRelease'), headers })).statusCode).toBe(403);
  });
});
