import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompleteResult } from '../../src/contract/checkout';
import { buildApp } from '../../src/server/app';
import {
  carts,
  cartItems,
  invoices,
  orderAllocations,
  orderLines,
  orders,
  productStock,
} from '../../src/server/db/schema';
import { placeOrder } from '../../src/server/modules/checkout/place-order';
import { checkoutCalls, createCheckoutFixture, MELBOURNE_DEALER, stockIn } from '../support/checkout-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, createTestApp, testConfig } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('Checkout/Complete makes exactly one order per cart, and all of it or nothing', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;

  const db = () => t.database.db;
  const ordersOf = (accountId: number) => db().select().from(orders).where(eq(orders.accountId, accountId));
  const t1Stock = () => stockIn(db(), fixture.tyres.t1, fixture.warehouses.MELBOURNE as number);
  const customerSession = async (app: FastifyInstance = t.app) => {
    const customer = await createCustomer(db(), MELBOURNE_DEALER);
    return {
      accountId: customer.account.id,
      userId: customer.user.id,
      calls: checkoutCalls(app, bearer(await signIn(app, customer.email))),
    };
  };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(db(), NOW);
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  it('20 simultaneous submits of one cart make one order, and every one of them answers it', async () => {
    const { accountId, calls } = await customerSession();
    await calls.add(fixture.tyres.t1, 2);
    const stockBefore = await t1Stock();
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        calls.complete({ stockNumber: 'DOUBLE', paymentMethod: 'Payments.TradingAccount' }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(20).fill(200));
    const placed = await ordersOf(accountId);
    expect(placed).toHaveLength(1);
    const orderId = placed[0]?.id;
    expect(answers.map((answer) => answer.json() as CompleteResult)).toEqual(
      Array(20).fill({ orderResult: 'Completed', orderId }),
    );
    expect(await t1Stock()).toBe((stockBefore as number) - 2);
    expect(await db().select().from(invoices).where(eq(invoices.accountId, accountId))).toHaveLength(1);
    expect(
      await db()
        .select()
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId as number)),
    ).toHaveLength(1);
  });

  it('a retry with the same Idempotency-Key after success answers the same order, even with a new cart', async () => {
    const { accountId, calls } = await customerSession();
    await calls.add(fixture.tyres.t5, 1);
    const first = await calls.completed({ paymentMethod: 'Payments.TradingAccount' }, 'order-key-1');
    await calls.add(fixture.tyres.t5, 3);
    const retry = await calls.completed({ paymentMethod: 'Payments.TradingAccount' }, 'order-key-1');
    expect(retry).toEqual(first);
    expect(await ordersOf(accountId)).toHaveLength(1);
    expect((await calls.checkout()).shoppingCart.totalProducts).toBe(3);
    // A new key places the new cart.
    const second = await calls.completed({ paymentMethod: 'Payments.TradingAccount' }, 'order-key-2');
    expect(second.orderId).not.toBe(first.orderId);
    expect(await ordersOf(accountId)).toHaveLength(2);
  });

  it('a crash between the order insert and the invoice insert leaves no order, no lines, no allocation, the stock and the cart as they were', async () => {
    const { accountId, userId, calls } = await customerSession();
    await calls.add(fixture.tyres.t1, 3);
    await calls.add(fixture.halfCentGst.g1, 1);
    const cartBefore = await calls.checkout();
    const [revisionBefore] = await db().select().from(carts).where(eq(carts.userId, userId));
    const stockBefore = await db()
      .select()
      .from(productStock)
      .orderBy(productStock.productId, productStock.warehouseId);
    const counts = async () => ({
      orders: (await db().select().from(orders)).length,
      lines: (await db().select().from(orderLines)).length,
      allocations: (await db().select().from(orderAllocations)).length,
      invoices: (await db().select().from(invoices)).length,
    });
    const before = await counts();
    const reachedTheSeam = vi.fn();

    const attempt = placeOrder(
      {
        db: db(),
        catalogue: t.app.catalogue,
        config: testConfig(),
        now: NOW,
        beforeInvoice: async (tx) => {
          // The order is written at this point, inside the transaction.
          reachedTheSeam((await tx.select().from(orders).where(eq(orders.accountId, accountId))).length);
          throw new Error('the server crashed');
        },
      },
      {
        principal: {
          kind: 'customer',
          accountId,
          userId,
          impersonatorStaffId: null,
          role: 'owner',
          canPayInvoices: true,
        },
        body: { paymentMethod: 'Payments.TradingAccount' },
        idempotencyKey: 'crash-1',
      },
    );
    await expect(attempt).rejects.toThrow('the server crashed');
    expect(reachedTheSeam).toHaveBeenCalledWith(1);

    expect(await counts()).toEqual(before);
    expect(await ordersOf(accountId)).toEqual([]);
    expect(await db().select().from(productStock).orderBy(productStock.productId, productStock.warehouseId)).toEqual(
      stockBefore,
    );
    expect(await db().select().from(carts).where(eq(carts.userId, userId))).toEqual([revisionBefore]);
    expect(await db().select().from(cartItems).where(eq(cartItems.userId, userId))).toHaveLength(2);
    expect(await calls.checkout()).toEqual(cartBefore);

    // The same submit afterwards places the order whole.
    const placed = await calls.completed({ paymentMethod: 'Payments.TradingAccount' }, 'crash-1');
    expect(placed.orderResult).toBe('Completed');
    expect(await db().select().from(invoices).where(eq(invoices.orderId, placed.orderId))).toHaveLength(1);
  });

  it('two app instances over one database: the cart filled through one, the order completed through the other', async () => {
    const second = await buildApp(testConfig(), { database: t.database, now: () => NOW });
    await second.ready();
    try {
      const customer = await createCustomer(db(), MELBOURNE_DEALER);
      const throughFirst = checkoutCalls(t.app, bearer(await signIn(t.app, customer.email)));
      const throughSecond = checkoutCalls(second, bearer(await signIn(second, customer.email)));
      await throughFirst.add(fixture.tyres.t1, 1);
      const seen = await throughSecond.checkout();
      expect(seen.shoppingCart.items.map((item) => [item.sku, item.quantity])).toEqual([['T1', 1]]);
      const stockBefore = seen.shoppingCart.items[0]?.stock.stockQuantity as number;

      const answers = await Promise.all([
        throughSecond.complete({ paymentMethod: 'Payments.TradingAccount' }),
        throughFirst.complete({ paymentMethod: 'Payments.TradingAccount' }),
      ]);
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
      expect(await ordersOf(customer.account.id)).toHaveLength(1);
      expect((await throughFirst.checkout()).shoppingCart.items).toEqual([]);

      // Both read models hear of the stock taken.
      await throughFirst.add(fixture.tyres.t1, 1);
      await vi.waitFor(async () => {
        expect((await throughSecond.checkout()).shoppingCart.items[0]?.stock.stockQuantity).toBe(stockBefore - 1);
        expect((await throughFirst.checkout()).shoppingCart.items[0]?.stock.stockQuantity).toBe(stockBefore - 1);
      });
    } finally {
      await second.close();
    }
  });
});
