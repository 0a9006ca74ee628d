import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetails } from '../../src/contract/account';
import type { CartState } from '../../src/contract/cart';
import type { CheckoutData, OrderSummary } from '../../src/contract/checkout';
import type { OrderPresentation } from '../../src/contract/order-presentation';
import { discountCodes } from '../../src/server/db/schema';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);
/** 5% of a row, rounded half up to the cent (docs/checkout.md 'Rounding'). */
const fivePercent = (cents: number) => Math.round((cents * 500) / 10_000);
const rowAmountsOf = (presentation: OrderPresentation) =>
  presentation.lines.flatMap((line) => [line, ...line.accessories]).map((row) => row.amount.cents);

/** The cart's items and their accessories, each after its own discount. */
const cartLinesTotal = (cart: CartState) =>
  sum(cart.items.map((item) => item.subTotalValue + (item.accessoryInfo?.subTotalValue ?? 0)));

describe('every answer with lines and a subtotal: the lines add up to it, and it is the presentation’s', () => {
  let t: TestApp;
  let dealer: ReturnType<typeof checkoutCalls>;
  let headers: Record<string, string>;
  let presentation: OrderPresentation;
  let discountCents: number;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const fixture = await createCheckoutFixture(t.database.db, NOW);
    await t.database.db.insert(discountCodes).values({ code: 'PARTS5', label: '5% off', discountBasisPoints: 500 });
    ({ headers, calls: dealer } = await signedInDealer(t.app, t.database.db, {
      name: 'Lines Add Up Tyres',
      code: 'C55502',
      termsDays: 30,
    }));
    await t.app.catalogue.reload();

    const wheel = (await dealer.add(fixture.wheels.w1, 4)).shoppingCart.items[0]?.id as number;
    expect(
      (await dealer.post('Cart/Vehicle', { id: wheel, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' }))
        .statusCode,
    ).toBe(200);
    const chosen = await dealer.post('Cart/Accessories', {
      id: wheel,
      productIds: [fixture.merchandise.m1, fixture.accessories.lock, fixture.accessories.valveRubber],
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    await dealer.add(fixture.halfCentGst.g1, 3);
    const discounted = await dealer.post('Checkout/Discount', { code: 'parts5' });
    expect(discounted.statusCode, discounted.body).toBe(200);
    presentation = (discounted.json() as CheckoutData).presentation;
    // A 5% code on every row, accessories too: the order really carries a discount.
    discountCents = sum(rowAmountsOf(presentation).map(fivePercent));
    expect(discountCents).toBeGreaterThan(0);
    expect(presentation.discount?.amount.cents).toBe(discountCents);
    expect(presentation.subtotal.cents).toBe(sum(rowAmountsOf(presentation)) - discountCents);
  });
  afterAll(() => t.close());

  it('Cart/Get: the items with their accessories add up to subTotal, the presentation’s subtotal', async () => {
    const cart = (await dealer.get('Cart/Get')).json() as CartState;
    expect(cart.subTotalValue).toBe(presentation.subtotal.cents);
    expect(cartLinesTotal(cart)).toBe(cart.subTotalValue);
  });

  it('Checkout/Get: the cart’s lines, shoppingCart.subTotal and orderTotals.subTotal are one figure', async () => {
    const checkout = await dealer.checkout();
    expect(cartLinesTotal(checkout.shoppingCart)).toBe(presentation.subtotal.cents);
    expect(checkout.shoppingCart.subTotalValue).toBe(presentation.subtotal.cents);
    const totals = checkout.orderTotals;
    expect(totals.subTotal.cents).toBe(presentation.subtotal.cents);
    expect(totals.orderTotalDiscount.cents).toBe(discountCents);
    expect(totals.orderTotal.cents).toBe(totals.subTotal.cents + totals.shipping.cents + totals.tax.cents);
  });

  it('Checkout/Success and Account/InvoiceDetails: quantity × unit price per line, the discount as a line, adding up to the subtotal', async () => {
    const placed = await dealer.completed({ paymentMethod: 'Payments.TradingAccount' });
    const success = (await dealer.get(`Checkout/Success?id=${placed.orderId}`)).json() as OrderSummary;
    for (const line of success.lines.filter((entry) => !entry.isDiscount)) {
      expect(line.lineTotal.cents, line.sku).toBe(line.quantity * line.unitPrice.cents);
    }
    expect(success.lines.filter((line) => line.isDiscount)).toEqual([
      expect.objectContaining({ quantity: 1, lineTotal: { cents: -discountCents, formatted: expect.any(String) } }),
    ]);
    expect(sum(success.lines.map((line) => line.lineTotal.cents))).toBe(presentation.subtotal.cents);
    expect(success.orderTotals.subTotal.cents).toBe(presentation.subtotal.cents);
    expect(success.presentation.subtotal.cents).toBe(presentation.subtotal.cents);

    const response = await t.app.inject({
      method: 'GET',
      url: api(`Account/InvoiceDetails?invoiceNumber=${success.invoiceNumber}`),
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json() as InvoiceDetails;
    for (const line of invoice.lines.filter((entry) => !entry.isDiscount)) {
      expect(line.lineTotalValue, line.sku).toBe(line.quantity * line.unitPriceValue);
    }
    expect(invoice.lines.filter((line) => line.isDiscount)).toEqual([
      expect.objectContaining({
        description: 'Discount (code PARTS5)',
        quantity: 1,
        unitPriceValue: -discountCents,
        lineTotalValue: -discountCents,
      }),
    ]);
    expect(sum(invoice.lines.map((line) => line.lineTotalValue))).toBe(invoice.subtotalValue);
    expect(invoice.subtotalValue).toBe(presentation.subtotal.cents);
    expect(invoice.subtotalValue).toBe(invoice.presentation.subtotal.cents);
    expect(invoice.subtotalValue + invoice.shippingValue + invoice.gstValue).toBe(invoice.totalValue);
  });
});
