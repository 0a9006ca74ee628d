import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/problem';
import { discountCodes, orders } from '../../src/server/db/schema';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const USED_UP = 'This discount code has been used up.';
const ACCOUNT_LIMIT = 'Your account has already used this discount code as often as it may.';

/** A code twice in all and once per account: counted against orders placed, at apply and again when placing. */
describe('a discount code’s limits per account and in total', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  const shops: ReturnType<typeof checkoutCalls>[] = [];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    await t.database.db
      .insert(discountCodes)
      .values({ code: 'TWICE', label: '5% off', discountBasisPoints: 500, usesPerAccount: 1, usesInTotal: 2 });
    for (let n = 0; n < 3; n++) {
      shops.push((await signedInDealer(t.app, t.database.db)).calls);
    }
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const apply = (shop: ReturnType<typeof checkoutCalls>) => shop.post('Cart/Discount', { code: 'twice' });
  const refusalOf = (response: { statusCode: number; json: () => unknown }) => {
    expect(response.statusCode).toBe(400);
    const { detail, validationErrors } = response.json() as Problem;
    return { detail, validationErrors };
  };
  const withCode = async () =>
    (await t.database.db.select().from(orders).where(eq(orders.discountCode, 'TWICE'))).length;

  it('takes the code until an account has used it once, and refuses the order that would pass the total', async () => {
    const [first, second, third] = shops as [
      ReturnType<typeof checkoutCalls>,
      ReturnType<typeof checkoutCalls>,
      ReturnType<typeof checkoutCalls>,
    ];
    for (const shop of shops) {
      await shop.add(fixture.tyres.t5, 1);
      expect((await apply(shop)).statusCode).toBe(200);
    }

    const placed = await first.completed({ paymentMethod: 'Payments.TradingAccount' });
    expect(placed.orderResult).toBe('Completed');
    await first.add(fixture.tyres.t5, 1);
    expect(refusalOf(await apply(first))).toEqual({
      detail: ACCOUNT_LIMIT,
      validationErrors: [{ name: 'code', reason: ACCOUNT_LIMIT }],
    });

    // The second and third applied it while one use was left; the second places first and takes it.
    expect((await second.completed({ paymentMethod: 'Payments.TradingAccount' })).orderResult).toBe('Completed');
    expect(await withCode()).toBe(2);
    expect(refusalOf(await third.complete({ paymentMethod: 'Payments.TradingAccount' }))).toEqual({
      detail: USED_UP,
      validationErrors: [{ name: 'code', reason: USED_UP }],
    });
    expect(await withCode()).toBe(2);
    expect((await third.checkout()).shoppingCart.items).toHaveLength(1);
    expect(refusalOf(await apply(third)).detail).toBe(USED_UP);
  });
});
