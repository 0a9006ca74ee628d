import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import { createCartFixture } from '../support/cart-fixtures';
import { assignDiscountTier } from '../support/catalogue-fixtures';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { impersonate, sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('cart lines: add, update, remove, clear, totals, promotions, discount codes, isolation', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCartFixture>>;
  let vic: Record<string, string>;
  let gold: Record<string, string>;
  let other: Record<string, string>;
  let staff: Record<string, string>;
  let impersonating: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCartFixture(t.database.db, NOW);
    const vicCustomer = await createCustomer(t.database.db, { state: 'VIC' });
    const goldCustomer = await createCustomer(t.database.db, { state: 'VIC' });
    await assignDiscountTier(t.database.db, goldCustomer.account.id, fixture.goldTierId);
    const otherCustomer = await createCustomer(t.database.db, { state: 'NSW' });
    vic = bearer(await signIn(t.app, vicCustomer.email));
    gold = bearer(await signIn(t.app, goldCustomer.email));
    other = bearer(await signIn(t.app, otherCustomer.email));
    const staffSession = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    staff = sessionHeaders(staffSession);
    impersonating = sessionHeaders(await impersonate(t.app, staffSession, otherCustomer.account.id));
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const post = async (headers: Record<string, string>, path: string, payload?: object) =>
    t.app.inject({ method: 'POST', url: api(path), headers, ...(payload ? { payload } : {}) });
  const cartOf = async (headers: Record<string, string>, path: string, payload?: object) => {
    const response = await post(headers, path, payload);
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CartState;
  };
  const get = async (headers: Record<string, string>, path: string) => {
    const response = await t.app.inject({ method: 'GET', url: api(path), headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  it('starts empty, adds a tyre, and answers the whole cart state with every field of a cart item', async () => {
    expect(await get(vic, 'Cart/Get')).toMatchObject({
      items: [],
      totalProducts: 0,
      subTotal: '$0.00',
      subTotalValue: 0,
      discountCode: null,
      presentation: { lines: [], discount: null },
    });
    const cart = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t1, quantity: 2 });
    expect(cart.totalProducts).toBe(2);
    expect(cart.subTotalValue).toBe(40_000);
    expect(cart.subTotal).toBe('$400.00');
    const [line] = cart.items;
    expect(line).toMatchObject({
      productId: fixture.tyres.t1,
      productType: 'Tyre',
      productName: 'Alpha Road One 265/65R17 112H',
      sku: 'T1',
      quantity: 2,
      unitPrice: '$200.00',
      unitPriceValue: 20_000,
      subTotal: '$400.00',
      subTotalValue: 40_000,
      discount: null,
      promotionDiscountLabel: '$100 cashback on a set of 4',
      isCashBack4Eligible: true,
      isBuyXGetYFreeEligible: false,
      buyXGetYFreeItemRemaining: 0,
      picture: { alternateText: 'Alpha Road One 265/65R17 112H' },
      tyre: {
        brand: 'Alpha',
        width: 265,
        profile: 65,
        diameter: 17,
        loadRating: '112',
        speedRatingBase: 'H',
        fullSpecificationDisplay: '265/65R17 112H',
      },
      wheel: null,
      accessoryStatus: 'None',
      accessoryInfo: null,
      stock: { stockQuantity: 10, stockType: 'Local' },
    });
    expect(await get(vic, 'Cart/Count')).toEqual({ count: 2 });
  });

  it('adding the same product again adds to its line; a wheel starts needing its accessories step', async () => {
    const again = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t1, quantity: 1 });
    expect(again.items).toHaveLength(1);
    expect(again.items[0]?.quantity).toBe(3);
    const withWheel = await cartOf(vic, 'Cart/Add', { productId: fixture.wheels.w1, quantity: 4, vehicleId: null });
    const wheel = withWheel.items.find((item) => item.productId === fixture.wheels.w1);
    expect(wheel).toMatchObject({
      productType: 'Wheel',
      accessoryStatus: 'ActionRequired',
      wheel: {
        brand: 'Delta',
        color: 'Gloss Black',
        performance: '4WD',
        size: 17,
        width: 8.5,
        pcds: ['6x139.7'],
        offset: 10,
      },
      accessoryInfo: { vehicleId: null, vehicleMake: null, accessories: [], subTotalValue: 0 },
      stock: { stockQuantity: 8, stockType: 'Interstate' },
    });
    expect(withWheel.totalProducts).toBe(7);
    expect(withWheel.subTotalValue).toBe(3 * 20_000 + 4 * 28_000);
  });

  it('a wheel added with a vehicle it fits keeps the vehicle; one it does not fit is added without it', async () => {
    const fits = await cartOf(other, 'Cart/Add', {
      productId: fixture.wheels.w3,
      quantity: 4,
      vehicleId: fixture.vehicles.hilux,
    });
    expect(fits.items[0]?.accessoryInfo).toMatchObject({
      vehicleId: fixture.vehicles.hilux,
      vehicleMake: 'Toyota',
      vehicleModel: 'HiLux',
      vehicleSeries: 'N80 SR5 4x4',
    });
    expect(fits.items[0]?.accessoryStatus).toBe('ActionRequired');
    const misfit = await cartOf(other, 'Cart/Add', {
      productId: fixture.wheels.w2,
      quantity: 4,
      vehicleId: fixture.vehicles.hilux,
    });
    expect(misfit.items.find((item) => item.productId === fixture.wheels.w2)?.accessoryInfo?.vehicleId).toBeNull();
    await cartOf(other, 'Cart/Clear');
  });

  it('Update sets the quantity and 0 removes the line; Remove removes it', async () => {
    const before = (await get(vic, 'Cart/Get')) as CartState;
    const tyreLine = before.items.find((item) => item.productId === fixture.tyres.t1);
    const wheelLine = before.items.find((item) => item.productId === fixture.wheels.w1);
    if (!tyreLine || !wheelLine) throw new Error('lines missing');
    const updated = await cartOf(vic, 'Cart/Update', { id: tyreLine.id, quantity: 5 });
    expect(updated.items.find((item) => item.id === tyreLine.id)?.quantity).toBe(5);
    const zeroed = await cartOf(vic, 'Cart/Update', { id: tyreLine.id, quantity: 0 });
    expect(zeroed.items.map((item) => item.id)).toEqual([wheelLine.id]);
    const removed = await cartOf(vic, 'Cart/Remove', { id: wheelLine.id });
    expect(removed).toMatchObject({ items: [], totalProducts: 0, subTotalValue: 0 });
    expect((await post(vic, 'Cart/Remove', { id: wheelLine.id })).statusCode).toBe(404);
  });

  it('quantity rules: at least 1 to add, 0 to 9999 to update, whole numbers only; unknown products are refused', async () => {
    for (const quantity of [0, -1, 1.5, 10_000, '2']) {
      const response = await post(vic, 'Cart/Add', { productId: fixture.tyres.t1, quantity });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('application/problem+json');
    }
    const unknown = await post(vic, 'Cart/Add', { productId: 999_999, quantity: 1 });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ validationErrors: [{ name: 'productId' }] });
    expect((await post(vic, 'Cart/Update', { id: 1, quantity: -1 })).statusCode).toBe(400);
    expect((await post(vic, 'Cart/Update', { quantity: 1 })).statusCode).toBe(400);
    expect((await post(vic, 'Cart/Remove', {})).statusCode).toBe(400);
    expect((await t.app.inject({ method: 'GET', url: api('Cart/Vehicle?id=abc'), headers: vic })).statusCode).toBe(400);
    // A line adds up to the most a line holds.
    const big = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t2, quantity: 9_000 });
    const capped = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t2, quantity: 9_000 });
    expect(capped.items.find((item) => item.productId === fixture.tyres.t2)?.quantity).toBe(9_999);
    expect(big.items).toHaveLength(1);
    await cartOf(vic, 'Cart/Clear');
  });

  it('buy 3 get 1 free: every set of four has one free, and the line says how many more complete the next set', async () => {
    const three = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t5, quantity: 3 });
    expect(three.items[0]).toMatchObject({
      isBuyXGetYFreeEligible: true,
      buyXGetYFreeItemRemaining: 1,
      discountValue: 0,
      subTotalValue: 30_000,
      promotionDiscountLabel: 'Buy 3 get 1 free',
    });
    const five = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t5, quantity: 2 });
    expect(five.items[0]).toMatchObject({
      quantity: 5,
      buyXGetYFreeItemRemaining: 3,
      discount: '$100.00',
      discountValue: 10_000,
      subTotalValue: 40_000,
    });
    // The expired buy-3-get-1 on T4 does not apply.
    const t4 = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t4, quantity: 4 });
    expect(t4.items.find((item) => item.productId === fixture.tyres.t4)).toMatchObject({
      isBuyXGetYFreeEligible: false,
      discountValue: 0,
      promotionDiscountLabel: null,
    });
    await cartOf(vic, 'Cart/Clear');
  });

  it('the account tier prices the lines; a discount code takes its share of every line and Clear drops it', async () => {
    const tiered = await cartOf(gold, 'Cart/Add', { productId: fixture.tyres.t1, quantity: 1 });
    expect(tiered.items[0]?.unitPriceValue).toBe(18_000);
    const invalid = await post(gold, 'Cart/Discount', { code: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      validationErrors: [{ name: 'code', reason: 'This discount code is not valid.' }],
    });
    expect((await post(gold, 'Cart/Discount', { code: 'old5' })).statusCode).toBe(400);
    const discounted = await cartOf(gold, 'Cart/Discount', { code: ' save10 ' });
    expect(discounted).toMatchObject({ discountCode: 'SAVE10', subTotalValue: 16_200 });
    expect(discounted.items[0]).toMatchObject({ discount: '$18.00', discountValue: 1_800, subTotalValue: 16_200 });
    const removed = await cartOf(gold, 'Cart/Discount', { code: '' });
    expect(removed).toMatchObject({ discountCode: null, subTotalValue: 18_000 });
    await cartOf(gold, 'Cart/Discount', { code: 'SAVE10' });
    expect(await cartOf(gold, 'Cart/Clear')).toMatchObject({
      items: [],
      totalProducts: 0,
      subTotal: '$0.00',
      subTotalValue: 0,
      discountCode: null,
      presentation: { lines: [], discount: null },
    });
  });

  it("carts are per account: one account can neither see nor change another's lines", async () => {
    const mine = await cartOf(vic, 'Cart/Add', { productId: fixture.tyres.t1, quantity: 1 });
    const lineId = mine.items[0]?.id as number;
    expect(((await get(other, 'Cart/Get')) as CartState).items).toEqual([]);
    expect((await post(other, 'Cart/Update', { id: lineId, quantity: 7 })).statusCode).toBe(404);
    expect((await post(other, 'Cart/Remove', { id: lineId })).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: api(`Cart/Vehicle?id=${lineId}`), headers: other })).statusCode,
    ).toBe(404);
    await cartOf(other, 'Cart/Clear');
    expect(((await get(vic, 'Cart/Get')) as CartState).items.map((item) => [item.id, item.quantity])).toEqual([
      [lineId, 1],
    ]);
    await cartOf(vic, 'Cart/Clear');
  });

  it("an impersonating staff member works on the customer's cart; staff alone get 403, visitors 401", async () => {
    const byStaff = await cartOf(impersonating, 'Cart/Add', { productId: fixture.tyres.t2, quantity: 2 });
    expect(byStaff.items.map((item) => item.productId)).toEqual([fixture.tyres.t2]);
    expect(((await get(other, 'Cart/Get')) as CartState).items.map((item) => item.productId)).toEqual([
      fixture.tyres.t2,
    ]);
    expect((await t.app.inject({ method: 'GET', url: api('Cart/Get'), headers: staff })).statusCode).toBe(403);
    expect((await post(staff, 'Cart/Add', { productId: fixture.tyres.t2, quantity: 1 })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: api('Cart/Count') })).statusCode).toBe(401);
    expect((await post({}, 'Cart/Clear')).statusCode).toBe(401);
  });
});
