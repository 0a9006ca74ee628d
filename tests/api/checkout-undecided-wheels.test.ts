import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartAccessories, CartState } from '../../src/contract/cart';
import { ACCESSORIES_UNDECIDED } from '../../src/contract/checkout';
import { orders, payments, productStock } from '../../src/server/db/schema';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { type FakePayPal, startFakePayPal } from '../support/fake-paypal';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('a wheel whose accessories are undecided (ActionRequired) cannot be ordered, by any way of paying', () => {
  let paypal: FakePayPal;
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let dealerAccountId: number;

  const db = () => t.database.db;
  const stockRows = async () =>
    (await db().select().from(productStock)).map((row) => [row.productId, row.warehouseId, row.quantity]).sort();
  const ordersOfDealer = async () => db().select().from(orders).where(eq(orders.accountId, dealerAccountId));

  beforeAll(async () => {
    paypal = await startFakePayPal();
    t = await createTestApp({
      now: NOW,
      env: paypal.env,
    });
    fixture = await createCheckoutFixture(db(), NOW);
    const { customer, calls } = await signedInDealer(t.app, db());
    dealerAccountId = customer.account.id;
    dealer = calls;
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await t.close();
    await paypal.close();
  });
  beforeEach(async () => {
    await dealer.clear();
  });

  /** A cart of a tyre and a wheel fitted to a vehicle whose accessories are still to be chosen. */
  const cartWithUndecidedWheel = async () => {
    await dealer.add(fixture.tyres.t5, 1);
    const added = await dealer.add(fixture.wheels.w1, 4);
    const wheel = added.shoppingCart.items.find((item) => item.productId === fixture.wheels.w1);
    expect(
      (await dealer.post('Cart/Vehicle', { id: wheel?.id, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' }))
        .statusCode,
    ).toBe(200);
    const checkout = await dealer.checkout();
    const line = checkout.shoppingCart.items.find((item) => item.productId === fixture.wheels.w1);
    expect(line?.accessoryStatus).toBe('ActionRequired');
    return line as NonNullable<typeof line>;
  };

  it('Checkout/Complete answers 400 naming the line, and places nothing: no order, the stock and the cart as they were', async () => {
    const line = await cartWithUndecidedWheel();
    const stockBefore = await stockRows();
    for (const paymentMethod of ['Payments.TradingAccount', 'Payments.Card'] as const) {
      const refused = await dealer.complete({ paymentMethod });
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(refused.json()).toMatchObject({
        detail: ACCESSORIES_UNDECIDED,
        validationErrors: [
          { name: `items[${line.id}]`, reason: `${line.productName} (${line.sku}): accessories not chosen yet` },
        ],
      });
    }
    expect(await ordersOfDealer()).toEqual([]);
    expect(await stockRows()).toEqual(stockBefore);
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(5);

    // Deciding the wheel (here: No Accessories Required) lets the same cart through.
    expect((await dealer.post('Cart/AccessoriesSkip', { id: line.id, optional: false })).statusCode).toBe(200);
    expect((await dealer.completed({ paymentMethod: 'Payments.TradingAccount' })).orderResult).toBe('Completed');
  });

  it('PayPal refuses the same way: no PayPal order is created and no capture is made', async () => {
    const line = await cartWithUndecidedWheel();
    const created = await dealer.post('Checkout/PayPalOrder');
    expect(created.statusCode).toBe(400);
    expect(created.json()).toMatchObject({
      detail: ACCESSORIES_UNDECIDED,
      validationErrors: [{ name: `items[${line.id}]` }],
    });
    expect(paypal.requests.filter((request) => request.path === '/v2/checkout/orders')).toEqual([]);

    // A PayPal order approved before a wheel was added back undecided is refused at Complete too, and never captured.
    await dealer.clear();
    await dealer.add(fixture.tyres.t5, 1);
    const approved = (await dealer.post('Checkout/PayPalOrder')).json() as { paypalOrderId: string };
    await cartWithUndecidedWheel();
    const ordersBefore = (await ordersOfDealer()).length;
    const refused = await dealer.complete({ paymentMethod: 'Payments.PayPal', paypalOrderId: approved.paypalOrderId });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: ACCESSORIES_UNDECIDED });
    expect(paypal.requests.filter((request) => request.path.endsWith('/capture'))).toEqual([]);
    expect(await ordersOfDealer()).toHaveLength(ordersBefore);
    expect((await db().select().from(payments).where(eq(payments.reference, approved.paypalOrderId)))[0]?.status).toBe(
      'Pending',
    );
  });

  it('a required group with nothing in stock stays, empty, with the reason; the line stays ActionRequired', async () => {
    const hubRingStock = and(
      eq(productStock.productId, fixture.merchandise.m3),
      eq(productStock.warehouseId, fixture.warehouses.MELBOURNE as number),
    );
    await db().update(productStock).set({ quantity: 0 }).where(hubRingStock);
    await t.app.catalogue.reload();
    try {
      const added = await dealer.add(fixture.wheels.w1, 2);
      const id = added.shoppingCart.items[0]?.id as number;
      expect(
        (await dealer.post('Cart/Vehicle', { id, vehicleId: fixture.vehicles.ranger, action: 'CheckAndAdd' }))
          .statusCode,
      ).toBe(200);
      const { groups } = (await dealer.get(`Cart/Accessories?id=${id}`)).json() as CartAccessories;
      const rings = groups.find((group) => group.groupId === 'hub-rings');
      expect(rings).toMatchObject({ canOptOut: false, accessories: [] });
      expect(rings?.unavailableReason).toMatch(
        /^Hub Rings \(\d+(\.\d+)? mm wheel bore to 93\.1 mm hub\) are required for this wheel and none are in stock right now/,
      );
      expect(
        groups.filter((group) => group.groupId !== 'hub-rings').every((group) => group.unavailableReason === null),
      ).toBe(true);

      const saved = await dealer.post('Cart/Accessories', { id, productIds: [] });
      expect(saved.statusCode).toBe(400);
      expect(saved.json()).toMatchObject({
        detail: rings?.unavailableReason,
        validationErrors: [{ name: 'productIds', reason: rings?.unavailableReason }],
      });
      const cart = (await dealer.get('Cart/Get')).json() as CartState;
      expect(cart.items.find((item) => item.id === id)?.accessoryStatus).toBe('ActionRequired');
      expect((await dealer.complete({ paymentMethod: 'Payments.TradingAccount' })).statusCode).toBe(400);
    } finally {
      await db().update(productStock).set({ quantity: 20 }).where(hubRingStock);
      await t.app.catalogue.reload();
    }
  });
});
