import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { assignDiscountTier, createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('signed-in catalogue answers: price by display mode and tier, stock per state, promotions', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCatalogueFixture>>;
  const tokens: Record<string, Record<string, string>> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCatalogueFixture(t.database.db, NOW);
    const vicGold = await createCustomer(t.database.db, { state: 'VIC', priceDisplay: 'Trade' });
    await assignDiscountTier(t.database.db, vicGold.account.id, fixture.goldTierId);
    const accounts = {
      vicGold,
      nswRrp: await createCustomer(t.database.db, { state: 'NSW', priceDisplay: 'RRP' }),
      qldHide: await createCustomer(t.database.db, { state: 'QLD', priceDisplay: 'Hide' }),
      tasTrade: await createCustomer(t.database.db, { state: 'TAS', priceDisplay: 'Trade' }),
      waTrade: await createCustomer(t.database.db, { state: 'WA', priceDisplay: 'Trade' }),
    };
    for (const [name, customer] of Object.entries(accounts)) tokens[name] = bearer(await signIn(t.app, customer.email));
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const search = async (who: string, body: object = {}) => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Tyre/Search'),
      headers: tokens[who],
      payload: body,
    });
    expect(response.statusCode).toBe(200);
    return response.json() as TradeTyreResults;
  };
  const bySku = (results: TradeTyreResults, sku: string) => {
    const found = results.items.find((item) => item.sku === sku);
    if (!found) throw new Error(`${sku} not in the answer`);
    return found;
  };

  it('Trade: the trade price less the brand discount of the account tier, with the RRP beside it', async () => {
    const results = await search('vicGold');
    expect(bySku(results, 'T1')).toMatchObject({ priceDisplay: 'Trade', priceCents: 18_000, rrpCents: 30_000 });
    // Bravo has no discount on the Gold tier.
    expect(bySku(results, 'T3')).toMatchObject({ priceDisplay: 'Trade', priceCents: 15_000, rrpCents: 35_000 });
    // Without a tier, the plain trade price.
    expect(bySku(await search('tasTrade'), 'T1')).toMatchObject({ priceCents: 20_000, rrpCents: 30_000 });
  });

  it('RRP shows the retail price as the price; Hide shows none', async () => {
    expect(bySku(await search('nswRrp'), 'T1')).toMatchObject({
      priceDisplay: 'RRP',
      priceCents: 30_000,
      rrpCents: 30_000,
    });
    expect(bySku(await search('qldHide'), 'T1')).toMatchObject({
      priceDisplay: 'Hide',
      priceCents: null,
      rrpCents: null,
    });
  });

  it('sorts by the price the account pays', async () => {
    const gold = await search('vicGold', { sortBy: 'Price', sortDirection: 'Ascending' });
    expect(gold.items.map((i) => [i.sku, i.priceCents])).toEqual([
      ['T5', 10_000],
      ['T3', 15_000],
      ['T2', 16_200],
      ['T1', 18_000],
      ['T4', 21_000],
    ]);
    const descending = await search('vicGold', { sortBy: 'Price', sortDirection: 'Descending' });
    expect(descending.items.map((i) => i.sku)).toEqual(['T4', 'T1', 'T2', 'T3', 'T5']);
    // An RRP account sorts by the retail price it sees.
    const rrp = await search('nswRrp', { sortBy: 'Price' });
    expect(rrp.items.map((i) => i.priceCents)).toEqual([15_000, 25_000, 28_000, 30_000, 35_000]);
  });

  it('stockType follows the account state: Local, Interstate, OnOrder, None', async () => {
    const vic = await search('vicGold');
    expect(bySku(vic, 'T1')).toMatchObject({ stockType: 'Local', stockQuantity: 10 });
    expect(bySku(vic, 'T4')).toMatchObject({ stockType: 'Interstate', stockQuantity: 4 });
    expect(bySku(vic, 'T3')).toMatchObject({ stockType: 'OnOrder', stockQuantity: 0 });
    expect(bySku(vic, 'T2')).toMatchObject({ stockType: 'None', stockQuantity: 0 });
    expect(bySku(vic, 'T5')).toMatchObject({ stockType: 'None', stockQuantity: 0, inventories: [] });
    const nsw = await search('nswRrp');
    expect(bySku(nsw, 'T1').stockType).toBe('Interstate');
    expect(bySku(nsw, 'T4').stockType).toBe('Local');
    // Tasmania is served from the Melbourne warehouse.
    expect(bySku(await search('tasTrade'), 'T1').stockType).toBe('Local');
    expect(bySku(await search('waTrade'), 'T1').stockType).toBe('Interstate');
  });

  it('lists inventories per warehouse, supplier stock included and marked', async () => {
    const t1 = bySku(await search('vicGold'), 'T1');
    expect(t1.inventories).toEqual([
      {
        warehouseName: 'MELBOURNE',
        stockQuantity: 10,
        onOrderQuantity: 0,
        onOrderExpectedDate: null,
        isSupplier: false,
      },
      {
        warehouseName: 'SUPPLIER STOCK',
        stockQuantity: 40,
        onOrderQuantity: 0,
        onOrderExpectedDate: null,
        isSupplier: true,
      },
    ]);
  });

  it('carries labels of active promotions only', async () => {
    const results = await search('vicGold');
    expect(bySku(results, 'T1')).toMatchObject({
      promotions: [{ id: fixture.promotions.cashback, kind: 'CashBack4', label: '$100 cashback on a set of 4' }],
      isCashBack4Eligible: true,
      isBuyXGetYFreeEligible: false,
    });
    expect(bySku(results, 'T4')).toMatchObject({ promotions: [], isBuyXGetYFreeEligible: false });
  });

  it('refuses visitors (401) and staff who are not acting as a customer (403)', async () => {
    expect((await t.app.inject({ method: 'POST', url: api('Tyre/Search'), payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: api('Wheel/Search'), payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: api('Merchandise/Categories') })).statusCode).toBe(401);
    const staff = await createStaff(t.database.db);
    const login = await t.app.inject({
      method: 'POST',
      url: api('Staff/Login'),
      payload: { email: staff.email, password: 'Fixture!2345' },
    });
    if (login.statusCode === 200) {
      const staffToken = bearer(login.json() as { token: string });
      expect(
        (await t.app.inject({ method: 'POST', url: api('Tyre/Search'), headers: staffToken, payload: {} })).statusCode,
      ).toBe(403);
    }
  });
});

const PRICE_OR_STOCK =
  /"(priceCents|rrpCents|priceDisplay|stockQuantity|stockType|inventories|promotions|tradeCents|isCashBack4Eligible|isBuyXGetYFreeEligible)"/;

describe('public catalogue answers carry no price or stock', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await createCatalogueFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  it.each([
    ['POST', 'TyrePublic/Search', {}],
    ['POST', 'TyrePublic/Search', { sortBy: 'Name', sortDirection: 'Descending' }],
    ['GET', 'TyrePublic/Details?slug=t1', undefined],
    ['POST', 'WheelPublic/Search', {}],
    ['GET', 'WheelPublic/Details?slug=w1', undefined],
    ['POST', 'MerchandisePublic/Search', {}],
    ['POST', 'MerchandisePublic/SubcategorySearch', { subcategorySlug: 'wheel-nuts' }],
    ['GET', 'MerchandisePublic/Details?slug=m1', undefined],
  ] as const)('%s %s', async (method, path, payload) => {
    const response = await t.app.inject({ method, url: api(path), ...(payload ? { payload } : {}) });
    expect(response.statusCode).toBe(200);
    expect(response.body).not.toMatch(PRICE_OR_STOCK);
    expect(response.body).not.toMatch(/30000|28000|20000/);
  });
});
