import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { orderAllocations, orders, productStock } from '../../src/server/db/schema';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * The same product on two cart lines (a wheel fitted to a vehicle, and the same wheel again without one) draws on one
 * stock: Checkout/Complete takes the lines' quantities together, so an order for more than there is in all is refused
 * whole, and one that fits takes each unit once.
 */
describe('Checkout/Complete counts a product repeated on several lines against its stock once', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let dealerAccountId: number;

  const db = () => t.database.db;
  const wheelStock = async () =>
    (
      await db()
        .select()
        .from(productStock)
        .where(eq(productStock.productId, fixture.wheels.w1))
        .orderBy(productStock.warehouseId)
    ).map((row) => [row.warehouseId, row.quantity]);
  const ordersOfDealer = () => db().select().from(orders).where(eq(orders.accountId, dealerAccountId));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(db(), NOW);
    const { customer, calls } = await signedInDealer(t.app, db());
    dealerAccountId = customer.account.id;
    dealer = calls;
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await dealer.clear();
  });

  /** W1 on two lines: `fitted` wheels for the HiLux, then `loose` more without a vehicle; no accessories for either. */
  async function wheelOnTwoLines(fitted: number, loose: number) {
    const added = await dealer.add(fixture.wheels.w1, fitted);
    const line = added.shoppingCart.items.find((item) => item.productId === fixture.wheels.w1);
    expect(
      (await dealer.post('Cart/Vehicle', { id: line?.id, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' }))
        .statusCode,
    ).toBe(200);
    expect((await dealer.post('Cart/AccessoriesSkip', { id: line?.id, optional: false })).statusCode).toBe(200);
    const both = await dealer.add(fixture.wheels.w1, loose);
    const lines = both.shoppingCart.items.filter((item) => item.productId === fixture.wheels.w1);
    expect(lines.map((item) => item.quantity).sort()).toEqual([fitted, loose].sort());
    const other = lines.find((item) => item.id !== line?.id);
    expect((await dealer.post('Cart/AccessoriesSkip', { id: other?.id, optional: false })).statusCode).toBe(200);
    return both.shoppingCart.items.filter((item) => item.productId === fixture.wheels.w1).map((item) => item.id);
  }

  it('refuses 5 + 4 of a wheel with 8 in stock, naming the total wanted, and changes nothing', async () => {
    // The fixture holds 8 of W1, all in BRISBANE: each line alone fits, the two together do not.
    expect((await wheelStock()).map(([, quantity]) => quantity)).toEqual([8]);
    const lines = await wheelOnTwoLines(5, 4);
    const stockBefore = await wheelStock();

    const refused = await dealer.complete({ paymentMethod: 'Payments.TradingAccount' });

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail: 'Some items are no longer in stock in the quantity ordered.',
      validationErrors: lines.map((id) => ({
        name: `items[${id}]`,
        reason: 'Delta Six 17x8.5 6x139.7 +10 Gloss Black (W1): only 8 of 9 can ship now',
      })),
    });
    expect(await ordersOfDealer()).toEqual([]);
    expect(await wheelStock()).toEqual(stockBefore);
    expect((await dealer.checkout()).shoppingCart.totalProducts).toBe(9);
  });

  it('places 4 + 4 of the same wheel as one allocation of 8, leaving none', async () => {
    await wheelOnTwoLines(4, 4);

    const placed = await dealer.completed({ paymentMethod: 'Payments.TradingAccount' });

    expect(placed.orderResult).toBe('Completed');
    const allocated = await db()
      .select()
      .from(orderAllocations)
      .where(
        and(eq(orderAllocations.orderId, placed.orderId as number), eq(orderAllocations.productId, fixture.wheels.w1)),
      );
    expect(allocated.map((row) => [row.warehouseId, row.quantity])).toEqual([[fixture.warehouses.BRISBANE, 8]]);
    expect(await wheelStock()).toEqual([[fixture.warehouses.BRISBANE, 0]]);
  });
});
