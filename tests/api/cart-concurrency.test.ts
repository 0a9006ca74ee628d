import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import { createCartFixture } from '../support/cart-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('concurrent writes to one cart keep it consistent', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCartFixture>>;
  let tabs: Record<string, string>[];

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCartFixture(t.database.db, NOW);
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    // Two users of one account sign in separately: two sessions, one cart.
    tabs = [bearer(await signIn(t.app, customer.email)), bearer(await signIn(t.app, customer.email))];
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const post = (tab: number, path: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: api(path), headers: tabs[tab % 2], ...(payload ? { payload } : {}) });
  const cart = async () =>
    (await t.app.inject({ method: 'GET', url: api('Cart/Get'), headers: tabs[0] })).json() as CartState;

  it('simultaneous adds of one product make one line holding every unit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, n) => post(n, 'Cart/Add', { productId: fixture.tyres.t1, quantity: 1 })),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(12).fill(200));
    const final = await cart();
    expect(final.items.map((item) => [item.productId, item.quantity])).toEqual([[fixture.tyres.t1, 12]]);
    expect(final.totalProducts).toBe(12);
    // Every answer is a state the cart really passed through: all distinct totals 1..12.
    expect(answers.map((answer) => (answer.json() as CartState).totalProducts).sort((a, b) => a - b)).toEqual(
      Array.from({ length: 12 }, (_, n) => n + 1),
    );
  });

  it('simultaneous adds of different products, updates and removals leave exactly what their order implies', async () => {
    const products = [fixture.tyres.t2, fixture.tyres.t5, fixture.wheels.w1, fixture.merchandise.m1];
    await Promise.all(products.map((productId, n) => post(n, 'Cart/Add', { productId, quantity: 2 })));
    const lines = (await cart()).items;
    expect(lines).toHaveLength(5);
    const t1Line = lines.find((item) => item.productId === fixture.tyres.t1)?.id as number;
    const m1Line = lines.find((item) => item.productId === fixture.merchandise.m1)?.id as number;
    const answers = await Promise.all([
      post(0, 'Cart/Update', { id: t1Line, quantity: 4 }),
      post(1, 'Cart/Remove', { id: m1Line }),
      post(0, 'Cart/Add', { productId: fixture.tyres.t2, quantity: 3 }),
      post(1, 'Cart/Remove', { id: m1Line }),
    ]);
    // One removal wins, the other finds the line gone.
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 200, 200, 404]);
    const final = await cart();
    expect(final.items.map((item) => [item.sku, item.quantity]).sort()).toEqual([
      ['T1', 4],
      ['T2', 5],
      ['T5', 2],
      ['W1', 2],
    ]);
    expect(final.totalProducts).toBe(13);
    expect(final.subTotalValue).toBe(final.items.reduce((sum, item) => sum + item.subTotalValue, 0));
  });

  it('a clear racing adds leaves either nothing or only what came after it, never a half-cleared cart', async () => {
    await Promise.all([
      post(0, 'Cart/Clear'),
      post(1, 'Cart/Add', { productId: fixture.tyres.t4, quantity: 1 }),
      post(0, 'Cart/Clear'),
    ]);
    const final = await cart();
    expect(final.items.every((item) => item.sku === 'T4')).toBe(true);
    expect(final.totalProducts).toBe(final.items.length);
  });
});
