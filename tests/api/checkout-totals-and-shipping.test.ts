import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CheckoutData, PaymentMethod, ShippingMethod } from '../../src/contract/checkout';
import { checkoutCalls, createCheckoutFixture } from '../support/checkout-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const methodOf = (data: CheckoutData, systemName: string) =>
  data.shippingMethods.find(
    (method) => method.shippingRateComputationMethodSystemName === systemName,
  ) as ShippingMethod;
const offered = (data: CheckoutData) =>
  data.shippingMethods.map((method) => method.shippingRateComputationMethodSystemName);
const totalsInCents = (data: CheckoutData) =>
  Object.fromEntries(Object.entries(data.orderTotals).map(([name, total]) => [name, total.cents]));

describe('checkout data: totals with GST, shipping rules, discount codes, payment methods', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let metro: ReturnType<typeof checkoutCalls>;
  let regional: ReturnType<typeof checkoutCalls>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    const address = {
      deliveryAddress1: '1 Trade St',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
      creditLimitCents: 10_000_000,
    };
    const metroCustomer = await createCustomer(t.database.db, { state: 'VIC', ...address });
    const regionalCustomer = await createCustomer(t.database.db, {
      state: 'VIC',
      ...address,
      deliveryCity: 'Bendigo',
      deliveryPostcode: '3550',
    });
    metro = checkoutCalls(t.app, bearer(await signIn(t.app, metroCustomer.email)));
    regional = checkoutCalls(t.app, bearer(await signIn(t.app, regionalCustomer.email)));
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await metro.clear();
    await regional.clear();
  });

  it('answers an empty checkout with the delivery address, Standard and Pickup at no cost, and zero totals', async () => {
    const data = await metro.checkout();
    expect(data.shoppingCart).toMatchObject({ items: [], totalProducts: 0, subTotalValue: 0 });
    expect(data.address).toEqual({ address1: '1 Trade St', city: 'Melbourne', zipPostalCode: '3000', state: 'VIC' });
    expect(offered(data)).toEqual(['Shipping.Standard', 'Shipping.Pickup']);
    expect(methodOf(data, 'Shipping.Standard')).toMatchObject({
      name: 'Standard',
      fee: '$0.00',
      feeValue: 0,
      selected: true,
      displayOrder: 0,
    });
    expect(totalsInCents(data)).toEqual({ subTotal: 0, shipping: 0, tax: 0, orderTotalDiscount: 0, orderTotal: 0 });
    expect(data.warehouseShippings).toEqual([]);
    expect(data.discountCode).toBeNull();
  });

  it('ships from the local warehouse at no freight; GST is 10% of the total', async () => {
    const data = await metro.add(fixture.tyres.t1, 2);
    expect(data.warehouseShippings).toEqual([
      { quantity: 2, sku: 'T1', warehouseName: 'MELBOURNE', cost: { formatted: '$0.00', cents: 0 } },
    ]);
    expect(totalsInCents(data)).toEqual({
      subTotal: 40_000,
      shipping: 0,
      tax: 4_000,
      orderTotalDiscount: 0,
      orderTotal: 44_000,
    });
    expect(data.orderTotals.orderTotal.formatted).toBe('$440.00');
  });

  it('takes local stock first, then supplier stock, and charges one freight fee per other shipping warehouse', async () => {
    const data = await metro.add(fixture.tyres.t1, 12);
    expect(data.warehouseShippings).toEqual([
      { quantity: 10, sku: 'T1', warehouseName: 'MELBOURNE', cost: { formatted: '$0.00', cents: 0 } },
      { quantity: 2, sku: 'T1', warehouseName: 'SUPPLIER STOCK', cost: { formatted: '$30.00', cents: 3_000 } },
    ]);
    expect(totalsInCents(data)).toEqual({
      subTotal: 240_000,
      shipping: 3_000,
      tax: 24_300,
      orderTotalDiscount: 0,
      orderTotal: 267_300,
    });
    await metro.add(fixture.tyres.t4, 1);
    const both = await metro.checkout();
    expect(both.warehouseShippings.find((row) => row.sku === 'T4')).toEqual({
      quantity: 1,
      sku: 'T4',
      warehouseName: 'SYDNEY',
      cost: { formatted: '$25.00', cents: 2_500 },
    });
    expect(methodOf(both, 'Shipping.Standard').feeValue).toBe(5_500);
    // The fee of a warehouse is shared over its lines by quantity; the shares add up to the fee.
    await metro.add(fixture.tyres.t2, 1);
    const shared = await metro.checkout();
    const supplierRows = shared.warehouseShippings.filter((row) => row.warehouseName === 'SUPPLIER STOCK');
    expect(supplierRows.map((row) => [row.sku, row.quantity, row.cost.cents])).toEqual([
      ['T1', 2, 2_000],
      ['T2', 1, 1_000],
    ]);
    expect(shared.orderTotals.shipping.cents).toBe(5_500);
  });

  it('offers free bulk when one warehouse ships 20 tyres or wheels, and falls back to Standard below that', async () => {
    const data = await metro.add(fixture.tyres.t2, 20);
    expect(offered(data)).toEqual(['Shipping.Standard', 'Shipping.FreeBulk', 'Shipping.Pickup']);
    expect(methodOf(data, 'Shipping.Standard')).toMatchObject({ feeValue: 3_000, selected: true });
    expect(methodOf(data, 'Shipping.FreeBulk')).toMatchObject({
      name: 'Free Bulk Delivery',
      fee: '$0.00',
      feeValue: 0,
      selected: false,
      displayOrder: 1,
      isBulkDelivery: true,
      hasRegionalBulkDelivery: false,
      amountSaved: 3_000,
      bulkDeliveryInfos: [{ quantity: 20, warehouseName: 'SUPPLIER STOCK', days: 7 }],
      regionalBulkDeliveryInfos: [],
      isPickupInStore: false,
    });
    const chosen = await metro.post('Checkout/ShippingMethod', {
      shippingMethod: 'Free Bulk Delivery',
      shippingRateComputationMethodSystemName: 'Shipping.FreeBulk',
      isPickupInStore: false,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    const bulk = chosen.json() as CheckoutData;
    expect(methodOf(bulk, 'Shipping.FreeBulk').selected).toBe(true);
    expect(totalsInCents(bulk)).toEqual({
      subTotal: 360_000,
      shipping: 0,
      tax: 36_000,
      orderTotalDiscount: 0,
      orderTotal: 396_000,
    });
    expect(bulk.warehouseShippings).toEqual([
      { quantity: 20, sku: 'T2', warehouseName: 'SUPPLIER STOCK', cost: { formatted: '$0.00', cents: 0 } },
    ]);

    const line = bulk.shoppingCart.items[0]?.id as number;
    const fewer = await metro.post('Checkout/Update', { id: line, quantity: 19 });
    expect(fewer.statusCode).toBe(200);
    const below = fewer.json() as CheckoutData;
    expect(offered(below)).toEqual(['Shipping.Standard', 'Shipping.Pickup']);
    expect(methodOf(below, 'Shipping.Standard').selected).toBe(true);
    expect(below.orderTotals.shipping.cents).toBe(3_000);
  });

  it('merchandise does not count towards the bulk quantity, and the local warehouse has no freight to waive', async () => {
    const data = await metro.add(fixture.merchandise.m1, 40);
    expect(offered(data)).toEqual(['Shipping.Standard', 'Shipping.Pickup']);
    await metro.clear();
    const local = await metro.add(fixture.tyres.t1, 10);
    expect(offered(local)).toEqual(['Shipping.Standard', 'Shipping.Pickup']);
  });

  it('adds the regional surcharge per warehouse for a regional postcode and offers regional free bulk', async () => {
    const small = await regional.add(fixture.tyres.t1, 2);
    expect(offered(small)).toEqual(['Shipping.Standard', 'Shipping.Pickup']);
    expect(small.orderTotals.shipping.cents).toBe(2_000);
    await regional.clear();
    const data = await regional.add(fixture.tyres.t2, 20);
    expect(offered(data)).toEqual([
      'Shipping.Standard',
      'Shipping.FreeBulk',
      'Shipping.RegionalFreeBulk',
      'Shipping.Pickup',
    ]);
    expect(methodOf(data, 'Shipping.Standard').feeValue).toBe(5_000);
    expect(methodOf(data, 'Shipping.FreeBulk')).toMatchObject({ feeValue: 2_000, amountSaved: 3_000 });
    expect(methodOf(data, 'Shipping.RegionalFreeBulk')).toMatchObject({
      name: 'Regional Free Bulk Delivery',
      feeValue: 0,
      amountSaved: 5_000,
      isBulkDelivery: false,
      hasRegionalBulkDelivery: true,
      bulkDeliveryInfos: [],
      regionalBulkDeliveryInfos: [{ days: 10 }],
    });
    const chosen = await regional.post('checkout/shipping-method', {
      shippingMethod: 'Regional Free Bulk Delivery',
      shippingRateComputationMethodSystemName: 'Shipping.RegionalFreeBulk',
      isPickupInStore: false,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect((chosen.json() as CheckoutData).orderTotals.shipping.cents).toBe(0);
  });

  it('pickup in store costs nothing; a method not offered for the cart is refused', async () => {
    await metro.add(fixture.tyres.t4, 1);
    const pickup = await metro.post('Checkout/ShippingMethod', {
      shippingMethod: 'Pickup in Store',
      shippingRateComputationMethodSystemName: 'Shipping.Pickup',
      isPickupInStore: true,
    });
    expect(pickup.statusCode).toBe(200);
    const data = pickup.json() as CheckoutData;
    expect(methodOf(data, 'Shipping.Pickup')).toMatchObject({
      selected: true,
      feeValue: 0,
      isPickupInStore: true,
      displayOrder: 3,
    });
    expect(data.orderTotals.shipping.cents).toBe(0);
    expect(data.warehouseShippings).toEqual([
      { quantity: 1, sku: 'T4', warehouseName: 'SYDNEY', cost: { formatted: '$0.00', cents: 0 } },
    ]);
    const refused = await metro.post('Checkout/ShippingMethod', {
      shippingMethod: 'Free Bulk Delivery',
      shippingRateComputationMethodSystemName: 'Shipping.FreeBulk',
      isPickupInStore: false,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      errors: [{ reason: 'This shipping method is not available for this order.' }],
    });
  });

  it('computes GST once on the GST-exclusive total, rounding half a cent up', async () => {
    const one = await metro.add(fixture.halfCentGst.g1, 1);
    // $10.05 → GST $1.005 → $1.01.
    expect(totalsInCents(one)).toEqual({
      subTotal: 1_005,
      shipping: 0,
      tax: 101,
      orderTotalDiscount: 0,
      orderTotal: 1_106,
    });
    const two = await metro.add(fixture.halfCentGst.g2, 1);
    // $20.10 → GST $2.01 exactly; per line it would have been 2 × $1.01.
    expect(totalsInCents(two)).toEqual({
      subTotal: 2_010,
      shipping: 0,
      tax: 201,
      orderTotalDiscount: 0,
      orderTotal: 2_211,
    });
  });

  it('applies a discount code before GST and shows it as Code="…"; refusals give their reason', async () => {
    await metro.add(fixture.tyres.t1, 2);
    const applied = await metro.post('Checkout/Discount', { code: 'save10' });
    expect(applied.statusCode, applied.body).toBe(200);
    const data = applied.json() as CheckoutData;
    expect(data.discountCode).toContain('Code="SAVE10"');
    // subTotal is after the discount, as the cart's and the presentation's: $400.00 less 10%.
    expect(totalsInCents(data)).toEqual({
      subTotal: 36_000,
      shipping: 0,
      tax: 3_600,
      orderTotalDiscount: 4_000,
      orderTotal: 39_600,
    });

    for (const [code, reason] of [
      ['OLD5', 'This discount code has expired.'],
      ['NOPE', 'This discount code is not valid.'],
    ] as const) {
      const refused = await metro.post('Checkout/Discount', { code });
      expect(refused.statusCode, code).toBe(400);
      expect(refused.json(), code).toMatchObject({
        isError: true,
        errors: [{ reason }],
        validationErrors: [{ name: 'code', reason }],
      });
    }
    expect((await metro.checkout()).discountCode).toContain('Code="SAVE10"');

    const removed = await metro.post('checkout/remove-discount', { code: 'SAVE10' });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as CheckoutData).discountCode).toBeNull();
    expect((removed.json() as CheckoutData).orderTotals.orderTotalDiscount.cents).toBe(0);
  });

  it('lines can be added, updated and removed from the checkout, each answering the whole checkout', async () => {
    const added = await metro.add(fixture.tyres.t5, 2);
    const line = added.shoppingCart.items[0]?.id as number;
    const updated = await metro.post('Checkout/Update', { id: line, quantity: 3 });
    expect((updated.json() as CheckoutData).shoppingCart.totalProducts).toBe(3);
    const removed = await metro.post('Checkout/Remove', { id: line });
    expect(removed.statusCode).toBe(200);
    expect((removed.json() as CheckoutData).shoppingCart.items).toEqual([]);
    expect((await metro.post('Checkout/Remove', { id: line })).statusCode).toBe(404);
  });

  it('offers Trading Account and card (PayPal only with PayPal credentials) and keeps the chosen one', async () => {
    const listed = await metro.get('Checkout/PaymentMethod');
    expect(listed.statusCode).toBe(200);
    expect(
      (listed.json() as PaymentMethod[]).map((method) => [
        method.paymentMethodSystemName,
        method.name,
        method.selected,
      ]),
    ).toEqual([
      ['Payments.TradingAccount', 'Trading Account', true],
      ['Payments.Card', 'Credit Card', false],
    ]);
    const chosen = await metro.post('checkout/payment-method', { paymentMethodSystemName: 'Payments.Card' });
    expect(chosen.statusCode).toBe(200);
    expect((chosen.json() as PaymentMethod[]).find((method) => method.selected)?.paymentMethodSystemName).toBe(
      'Payments.Card',
    );
    expect(
      ((await metro.get('Checkout/PaymentMethod')).json() as PaymentMethod[]).find((method) => method.selected)
        ?.paymentMethodSystemName,
    ).toBe('Payments.Card');
    const payPal = await metro.post('Checkout/PaymentMethod', { paymentMethodSystemName: 'Payments.PayPal' });
    expect(payPal.statusCode).toBe(400);
  });
});
