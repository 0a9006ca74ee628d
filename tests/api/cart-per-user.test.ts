import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import { orders } from '../../src/server/db/schema';
import { checkoutCalls, createCheckoutFixture } from '../support/checkout-fixtures';
import { bearer, createCustomer, createColleague, signIn } from '../support/fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('each user of an account has their own cart', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let accountId: number;
  let first: ReturnType<typeof checkoutCalls>;
  let second: ReturnType<typeof checkoutCalls>;
  let firstUserId: number;
  let secondUserId: number;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      deliveryAddress1: '1 Trade St',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
      creditLimitCents: 10_000_000,
      termsDays: 30,
    });
    const other = (await createColleague(t.database.db, customer.account.id, 'buyer')).user;
    accountId = customer.account.id;
    firstUserId = customer.user.id;
    secondUserId = other.id;
    first = checkoutCalls(t.app, bearer(await signIn(t.app, customer.email)));
    second = checkoutCalls(t.app, bearer(await signIn(t.app, other.email)));
  });
  afterAll(() => t.close());

  const cartOf = async (calls: ReturnType<typeof checkoutCalls>) => {
    const response = await calls.get('Cart/Get');
    expect(response.statusCode, response.body).toBe(200);
    return response.json<CartState>();
  };
  const countOf = async (calls: ReturnType<typeof checkoutCalls>) => (await calls.get('Cart/Count')).json();

  it('a line one user adds is in their cart only; the other user of the account sees an empty cart', async () => {
    const added = await first.post('Cart/Add', { productId: fixture.tyres.t1, quantity: 2 });
    expect(added.statusCode, added.body).toBe(200);
    expect((await cartOf(first)).items.map((item) => item.quantity)).toEqual([2]);
    expect((await cartOf(second)).items).toEqual([]);
    expect(await countOf(first)).toEqual({ count: 2 });
    expect(await countOf(second)).toEqual({ count: 0 });
    const cleared = await second.clear();
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(await countOf(first)).toEqual({ count: 2 });
    await first.clear();
  });

  it('each checks out their own cart: two orders, each of its own lines and placed by its user', async () => {
    await first.add(fixture.tyres.t1, 1);
    await second.add(fixture.tyres.t5, 3);
    const firstOrder = await first.completed({ paymentMethod: 'Payments.TradingAccount' });
    expect((await cartOf(first)).items).toEqual([]);
    expect((await cartOf(second)).items.map((item) => item.quantity)).toEqual([3]);
    const secondOrder = await second.completed({ paymentMethod: 'Payments.TradingAccount' });
    expect(secondOrder.orderId).not.toBe(firstOrder.orderId);
    expect((await cartOf(second)).items).toEqual([]);
    const placed = await t.database.db
      .select({ id: orders.id, userId: orders.userId, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.accountId, accountId))
      .orderBy(orders.id);
    expect(placed.map((order) => [order.id, order.userId])).toEqual([
      [firstOrder.orderId, firstUserId],
      [secondOrder.orderId, secondUserId],
    ]);
  });
});
