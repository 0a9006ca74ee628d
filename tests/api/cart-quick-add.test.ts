import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import { MAX_QUICK_ORDER_LINES, type QuickAddResponse } from '../../src/contract/quick-order';
import { assignDiscountTier, createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, createStaff, signedInCustomer, signIn } from '../support/fixtures';
import { sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('Cart/QuickAdd: each line resolved (SKU, tyre size, name) and only the Added ones put in the cart', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
  let gold: Record<string, string>;
  const freshCustomer = async () => signedInCustomer(t.app, t.database.db, { state: 'VIC' });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    const goldCustomer = await createCustomer(t.database.db, { state: 'VIC' });
    await assignDiscountTier(t.database.db, goldCustomer.account.id, fixture.goldTierId);
    gold = bearer(await signIn(t.app, goldCustomer.email));
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const quickAdd = (headers: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: api('Cart/QuickAdd'), headers, payload });
  const answer = async (headers: Record<string, string>, payload: object) => {
    const response = await quickAdd(headers, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as QuickAddResponse;
  };
  const cartOf = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: api('Cart/Get'), headers })).json() as CartState;
  const linesOf = (cart: CartState) => cart.items.map((item) => [item.sku, item.quantity]);

  it('answers a mixed list line by line and adds only the Added lines', async () => {
    const dealer = await freshCustomer();
    const { lines, cart } = await answer(dealer, {
      lines: [
        { query: 'w1', quantity: 4 },
        { query: '2254517', quantity: 2 },
        { query: '265/65R17 112H', quantity: 4 },
        { query: '265/65R17', quantity: 4 },
        { query: 'flux capacitor', quantity: 1 },
        { query: 'T1', quantity: 8 },
      ],
    });
    expect(lines.map((line) => line.status)).toEqual([
      'Added',
      'Added',
      'Added',
      'Ambiguous',
      'NotFound',
      'ShortStock',
    ]);
    expect(lines[0]).toMatchObject({
      query: 'w1',
      quantity: 4,
      product: { id: fixture.wheels.w1, sku: 'W1', productType: 'Wheel', pattern: 'Six', stockQuantity: 8 },
    });
    expect(lines[1]).toMatchObject({
      query: '2254517',
      product: { id: fixture.tyres.t4, sku: 'T4', brand: 'Bravo', pattern: 'Sport', priceCents: 21_000 },
    });
    expect(lines[2]).toMatchObject({ product: { id: fixture.tyres.t1, sku: 'T1' } });
    // Both 265/65R17 tyres, the account's cheapest first, each with what a buyer chooses by.
    expect(lines[3]).toEqual({
      status: 'Ambiguous',
      query: '265/65R17',
      quantity: 4,
      matchCount: 2,
      candidates: [
        expect.objectContaining({
          sku: 'T3',
          brand: 'Bravo',
          pattern: 'Trail',
          priceDisplay: 'Trade',
          priceCents: 15_000,
          stockQuantity: 0,
          stockType: 'OnOrder',
        }),
        expect.objectContaining({
          sku: 'T1',
          brand: 'Alpha',
          pattern: 'Road One',
          priceDisplay: 'Trade',
          priceCents: 20_000,
          stockQuantity: 10,
          stockType: 'Local',
        }),
      ],
    });
    expect(lines[4]).toEqual({ status: 'NotFound', query: 'flux capacitor', quantity: 1 });
    // Melbourne holds 10 of T1 and the third line took 4 of them.
    expect(lines[5]).toMatchObject({
      status: 'ShortStock',
      quantity: 8,
      available: 6,
      product: { sku: 'T1', stockQuantity: 10 },
    });
    expect(linesOf(cart)).toEqual([
      ['W1', 4],
      ['T4', 2],
      ['T1', 4],
    ]);
    expect(cart.totalProducts).toBe(10);
    expect(linesOf(await cartOf(dealer))).toEqual([
      ['W1', 4],
      ['T4', 2],
      ['T1', 4],
    ]);
  });

  it('adds nothing when no line is Added, and answers the cart as it was', async () => {
    const dealer = await freshCustomer();
    await answer(dealer, { lines: [{ query: 'M1', quantity: 3 }] });
    const { lines, cart } = await answer(dealer, {
      lines: [
        { query: 'T5', quantity: 1 },
        { query: 'Road One', quantity: 2 },
        { query: '999', quantity: 1 },
      ],
    });
    expect(lines).toMatchObject([
      { status: 'ShortStock', available: 0, product: { sku: 'T5' } },
      { status: 'Ambiguous', matchCount: 2, candidates: [{ sku: 'T2' }, { sku: 'T1' }] },
      { status: 'NotFound' },
    ]);
    expect(linesOf(cart)).toEqual([['M1', 3]]);
  });

  it('adds to a line the cart already holds, as Cart/Add does', async () => {
    const dealer = await freshCustomer();
    await answer(dealer, { lines: [{ query: 'm1', quantity: 3 }] });
    const { cart } = await answer(dealer, { lines: [{ query: 'M1', quantity: 2 }] });
    expect(linesOf(cart)).toEqual([['M1', 5]]);
  });

  it("prices every line at the account's own price", async () => {
    const { lines } = await answer(gold, { lines: [{ query: '265/65R17 112H', quantity: 1 }] });
    expect(lines[0]).toMatchObject({ status: 'Added', product: { sku: 'T1', priceCents: 18_000 } });
  });

  it(`takes ${MAX_QUICK_ORDER_LINES} lines and refuses ${MAX_QUICK_ORDER_LINES + 1} with 400, adding nothing`, async () => {
    const dealer = await freshCustomer();
    const many = (count: number) => ({ lines: Array.from({ length: count }, () => ({ query: 'M1', quantity: 1 })) });
    const refused = await quickAdd(dealer, many(MAX_QUICK_ORDER_LINES + 1));
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ validationErrors: [expect.objectContaining({ name: 'lines' })] });
    expect((await cartOf(dealer)).items).toEqual([]);
    const { lines, cart } = await answer(dealer, many(MAX_QUICK_ORDER_LINES));
    expect(lines).toHaveLength(MAX_QUICK_ORDER_LINES);
    expect(lines.every((line) => line.status === 'Added')).toBe(true);
    expect(linesOf(cart)).toEqual([['M1', MAX_QUICK_ORDER_LINES]]);
  });

  it('reads keys in any case and refuses unknown keys, empty queries and quantities below one', async () => {
    const dealer = await freshCustomer();
    const { lines } = await answer(dealer, { LINES: [{ Query: ' m2 ', QUANTITY: 1 }] });
    expect(lines[0]).toMatchObject({ status: 'ShortStock', query: 'm2', available: 0, product: { sku: 'M2' } });
    for (const payload of [
      { lines: [{ query: 'M1', quantity: 1, colour: 'red' }] },
      { lines: [{ query: '  ', quantity: 1 }] },
      { lines: [{ query: 'M1', quantity: 0 }] },
      { lines: [] },
    ]) {
      expect((await quickAdd(dealer, payload)).statusCode, JSON.stringify(payload)).toBe(400);
    }
  });

  it('is for customers: visitors get 401 and staff 403', async () => {
    const payload = { lines: [{ query: 'M1', quantity: 1 }] };
    expect((await quickAdd({}, payload)).statusCode).toBe(401);
    const staff = sessionHeaders(await signInStaff(t.app, (await createStaff(t.database.db)).email));
    expect((await quickAdd(staff, payload)).statusCode).toBe(403);
  });
});
