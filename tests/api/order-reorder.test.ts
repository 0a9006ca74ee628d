import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import type { OrderDetails, ReorderResult } from '../../src/contract/order-history';
import { productStock, products } from '../../src/server/db/schema';
import { createOrderHistoryFixture, orderCalls } from '../support/order-history-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('Order/Reorder: an order’s lines back in the cart at today’s prices, wheels with vehicle and accessories', () => {
  let t: TestApp;
  let setup: Awaited<ReturnType<typeof createOrderHistoryFixture>>;
  let dealer: ReturnType<typeof orderCalls>;
  let other: ReturnType<typeof orderCalls>;
  let wheelsOrder: OrderDetails;

  const db = () => t.database.db;
  const lineOf = (sku: string) => wheelsOrder.presentation.lines.find((line) => line.sku === sku)?.id as number;
  const reorder = async (payload: object) => {
    const answer = await dealer.post('Order/Reorder', payload);
    expect(answer.status, answer.text).toBe(200);
    return answer.body as unknown as ReorderResult;
  };
  const cart = async () => (await dealer.get('Cart/Get')).body as unknown as CartState;
  const setStock = async (productId: number, quantity: number) => {
    await db().update(productStock).set({ quantity }).where(eq(productStock.productId, productId));
    await t.app.catalogue.reload();
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    setup = await createOrderHistoryFixture(t);
    dealer = orderCalls(t.app, setup.dealerHeaders);
    other = orderCalls(t.app, setup.otherHeaders);
    wheelsOrder = (await dealer.get(`Order/Details?id=${setup.orders.wheels}`)).body as unknown as OrderDetails;
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    expect((await dealer.post('Cart/Clear', {})).status).toBe(200);
  });

  it('brings a wheel line back with its vehicle and accessories, and every line at today’s price', async () => {
    // T1's trade price went up since the order.
    await db().update(products).set({ tradeCents: 21_000 }).where(eq(products.id, setup.fixture.tyres.t1));
    await t.app.catalogue.reload();
    const result = await reorder({ orderId: setup.orders.wheels });
    expect(result.lines.map((line) => [line.sku, line.result, line.requestedQuantity, line.addedQuantity])).toEqual([
      ['W1', 'Added', 4, 4],
      ['T1', 'Added', 2, 2],
    ]);
    expect(result.lines[0]?.reason).toContain('Toyota HiLux N80 SR5 4x4');
    const wheel = result.cart.items.find((item) => item.sku === 'W1');
    expect(wheel).toMatchObject({
      quantity: 4,
      accessoryStatus: 'Complete',
      accessoryInfo: { vehicleId: setup.fixture.vehicles.hilux, vehicleModel: 'HiLux' },
    });
    expect(wheel?.accessoryInfo?.accessories.map((accessory) => [accessory.sku, accessory.quantity])).toEqual([
      ['M1', 24],
      ['L1', 1],
      ['V1', 4],
    ]);
    expect(result.cart.items.find((item) => item.sku === 'T1')).toMatchObject({ quantity: 2, unitPriceValue: 21_000 });
    expect(await cart()).toEqual(result.cart);
  });

  it('orders again only the ticked lines', async () => {
    const result = await reorder({ orderId: setup.orders.wheels, LineIds: [lineOf('T1')] });
    expect(result.lines.map((line) => line.sku)).toEqual(['T1']);
    expect(result.cart.items.map((item) => item.sku)).toEqual(['T1']);
  });

  it('a line with less stock than ordered adds what there is: PartlyAdded with the quantity', async () => {
    await setStock(setup.fixture.tyres.t1, 0);
    await db()
      .update(productStock)
      .set({ quantity: 1 })
      .where(
        and(
          eq(productStock.productId, setup.fixture.tyres.t1),
          eq(productStock.warehouseId, setup.fixture.warehouses.MELBOURNE as number),
        ),
      );
    await t.app.catalogue.reload();
    const result = await reorder({ orderId: setup.orders.wheels, lineIds: [lineOf('T1')] });
    expect(result.lines).toEqual([
      expect.objectContaining({ sku: 'T1', result: 'PartlyAdded', requestedQuantity: 2, addedQuantity: 1 }),
    ]);
    expect(result.lines[0]?.reason).toMatch(/Only 1 of 2 in stock/);
    expect(result.cart.items.find((item) => item.sku === 'T1')?.quantity).toBe(1);
    // Ordering it again adds nothing more: the cart already holds all there is.
    const again = await reorder({ orderId: setup.orders.wheels, lineIds: [lineOf('T1')] });
    expect(again.lines[0]).toMatchObject({ result: 'Unavailable', addedQuantity: 0 });
    expect(again.cart.items.find((item) => item.sku === 'T1')?.quantity).toBe(1);
    await setStock(setup.fixture.tyres.t1, 10);
  });

  it('an out-of-stock line answers Unavailable and adds nothing', async () => {
    await setStock(setup.fixture.tyres.t5, 0);
    const before = await cart();
    const result = await reorder({ orderId: setup.orders.card });
    expect(result.lines).toEqual([
      expect.objectContaining({
        sku: 'T5',
        result: 'Unavailable',
        requestedQuantity: 4,
        addedQuantity: 0,
        reason: 'Out of stock in every warehouse.',
      }),
    ]);
    expect(result.cart).toEqual(before);
    expect(result.cart.items).toEqual([]);
    await setStock(setup.fixture.tyres.t5, 40);
  });

  it('a discontinued line answers Unavailable and adds nothing; the other lines still go in', async () => {
    await db().update(products).set({ published: false }).where(eq(products.id, setup.fixture.tyres.t1));
    await t.app.catalogue.reload();
    const result = await reorder({ orderId: setup.orders.wheels });
    expect(result.lines.map((line) => [line.sku, line.result, line.addedQuantity])).toEqual([
      ['W1', 'Added', 4],
      ['T1', 'Unavailable', 0],
    ]);
    expect(result.lines[1]?.reason).toBe('No longer available.');
    expect(result.cart.items.map((item) => item.sku)).toEqual(['W1']);
    await db().update(products).set({ published: true }).where(eq(products.id, setup.fixture.tyres.t1));
    await t.app.catalogue.reload();
  });

  it('a wheel’s accessory no longer offered stays out, said in the reason; the others are carried over', async () => {
    await setStock(setup.fixture.accessories.lock, 0);
    const result = await reorder({ orderId: setup.orders.wheels, lineIds: [lineOf('W1')] });
    expect(result.lines[0]).toMatchObject({ result: 'Added' });
    expect(result.lines[0]?.reason).toContain('No longer offered for it: McGard Lock Set M12x1.5 Conical.');
    expect(result.cart.items[0]?.accessoryInfo?.accessories.map((accessory) => accessory.sku)).toEqual(['M1', 'V1']);
    await setStock(setup.fixture.accessories.lock, 5);
  });

  it('refuses another account’s order (404), lines of no product line of the order, and bad bodies (400)', async () => {
    const foreign = await other.post('Order/Reorder', { orderId: setup.orders.wheels });
    expect(foreign.status).toBe(404);
    expect((await other.get('Cart/Get')).body).toMatchObject({ items: [] });
    const accessoryLine = wheelsOrder.presentation.lines[0]?.id as number;
    const notALine = await dealer.post('Order/Reorder', {
      orderId: setup.orders.wheels,
      lineIds: [accessoryLine + 1_000],
    });
    expect(notALine.status).toBe(400);
    expect(notALine.body.validationErrors).toEqual([expect.objectContaining({ name: 'lineIds' })]);
    for (const payload of [
      {},
      { orderId: 'one' },
      { orderId: setup.orders.wheels, lineIds: [] },
      { orderId: setup.orders.wheels, extra: true },
    ]) {
      expect((await dealer.post('Order/Reorder', payload)).status, JSON.stringify(payload)).toBe(400);
    }
    expect((await cart()).items).toEqual([]);
  });
});
