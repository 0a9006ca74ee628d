import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartAccessories, CartState, VehicleCheckResult } from '../../src/contract/cart';
import type { CheckoutData } from '../../src/contract/checkout';
import type { PresentedRow } from '../../src/contract/order-presentation';
import { createCartFixture } from '../support/cart-fixtures';
import { signedInCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * An account whose price display is RRP is answered the prices it sees, as the catalogue answers it: the cart,
 * the accessories step and the checkout's cart carry the RRP, never the account's trade price, its discounts or
 * trade totals (only the client used to hide them).
 */
describe('an RRP account receives no trade price from the cart, the accessories step or the checkout', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCartFixture>>;
  let rrpAccount: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCartFixture(t.database.db, NOW);
    rrpAccount = await signedInCustomer(t.app, t.database.db, { state: 'VIC', priceDisplay: 'RRP' });
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const ok = async <T>(response: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const answer = await response;
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json() as T;
  };
  const post = <T>(path: string, payload: object) =>
    ok<T>(t.app.inject({ method: 'POST', url: api(path), headers: rrpAccount, payload }));
  const get = <T>(path: string) => ok<T>(t.app.inject({ method: 'GET', url: api(path), headers: rrpAccount }));

  /** Every row of a presentation is at RRP: its price is its RRP, so no trade figure is in it. */
  const expectRowsAtRrp = (rows: readonly PresentedRow[]) => {
    for (const row of rows) {
      expect(row.unitPrice, row.sku).toEqual(row.rrpUnitPrice);
      expect(row.amount, row.sku).toEqual(row.rrpAmount);
    }
  };

  const expectCartAtRrp = (cart: CartState) => {
    const { presentation } = cart;
    expectRowsAtRrp(presentation.lines.flatMap((line) => [line, ...line.accessories]));
    expect(presentation.discount).toBeNull();
    expect(presentation.linesTotal).toEqual(presentation.rrpTotal);
    expect(presentation.subtotal).toEqual(presentation.rrpTotal);
    expect(cart.subTotalValue).toBe(presentation.rrpTotal?.cents);
    for (const item of cart.items) {
      const line = presentation.lines.find((candidate) => candidate.id === item.id);
      expect(item.unitPriceValue, item.sku).toBe(line?.rrpUnitPrice?.cents);
      expect(item.subTotalValue, item.sku).toBe(line?.rrpAmount?.cents);
      expect(item.discountValue, item.sku).toBe(0);
      const accessoriesAtRrp = line?.accessories.reduce((sum, row) => sum + (row.rrpAmount?.cents ?? Number.NaN), 0);
      if (item.accessoryInfo) expect(item.accessoryInfo.subTotalValue, item.sku).toBe(accessoriesAtRrp);
    }
  };

  it('the cart answers every line, accessory and total at RRP, with no trade discount', async () => {
    await post<CartState>('Cart/Add', { productId: fixture.tyres.t5, quantity: 4 });
    const withWheel = await post<CartState>('Cart/Add', { productId: fixture.wheels.w1, quantity: 2 });
    const id = withWheel.items.find((item) => item.productId === fixture.wheels.w1)?.id as number;
    const check = await post<VehicleCheckResult>('Cart/Vehicle', {
      id,
      vehicleId: fixture.vehicles.ranger,
      action: 'CheckAndAdd',
    });
    expect(check.result).toBe('Complete');
    await post<CartState>('Cart/Accessories', { id, productIds: [fixture.merchandise.m3, fixture.accessories.lock] });
    const cart = await post<CartState>('Cart/Discount', { code: 'SAVE10' });
    // The fixture's tyre (buy 3 get 1 free) and the code would discount trade money: none of it reaches this account.
    expect(cart.items.find((item) => item.productId === fixture.tyres.t5)).toMatchObject({
      unitPriceValue: 15_000,
      subTotalValue: 60_000,
    });
    expectCartAtRrp(cart);
    expectCartAtRrp(await get<CartState>('Cart/Get'));
  });

  it('the accessories step offers every option at RRP', async () => {
    const cart = await get<CartState>('Cart/Get');
    const id = cart.items.find((item) => item.productId === fixture.wheels.w1)?.id as number;
    const { groups } = await get<CartAccessories>(`Cart/Accessories?id=${id}`);
    const options = groups.flatMap((group) => group.accessories);
    expect(options.length).toBeGreaterThan(0);
    for (const option of options) expect(option.subTotalValue, option.sku).toBe(option.rrpSubTotal?.cents);
    // The hub ring: trade $12.00, RRP $20.00 each, two wheels.
    expect(options.find((option) => option.sku === 'M3')).toMatchObject({ subTotalValue: 4_000, subTotal: '$40.00' });
  });

  it("the checkout answers the account's cart and its rows at RRP", async () => {
    const checkout = await get<CheckoutData>('Checkout/Get');
    expectCartAtRrp(checkout.shoppingCart);
    expectRowsAtRrp(checkout.presentation.lines.flatMap((line) => [line, ...line.accessories]));
    expect(checkout.presentation).toMatchObject({ discount: null, gst: null, total: null });
    expect(checkout.presentation.subtotal).toEqual(checkout.presentation.rrpTotal);
  });
});
