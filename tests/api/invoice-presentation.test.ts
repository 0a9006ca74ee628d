import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetails } from '../../src/contract/account';
import type { CartState } from '../../src/contract/cart';
import type { CheckoutData, OrderSummary } from '../../src/contract/checkout';
import type { OrderPresentation, PresentedRow } from '../../src/contract/order-presentation';
import { type checkoutCalls, createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { pdfText } from '../support/pdf-text';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SELLER = { SHOP_LEGAL_NAME: 'Presentation Wholesale Pty Ltd', SHOP_ABN: '53004085616' };

/** 10% of a row, rounded half up to the cent (docs/checkout.md). */
const tenPercent = (cents: number) => Math.round(cents / 10);
const rowsOf = (presentation: OrderPresentation): PresentedRow[] =>
  presentation.lines.flatMap((line) => [line, ...line.accessories]);
/** The presentation without the ids of the lines (cart lines before, order lines after placing). */
const withoutIds = (presentation: OrderPresentation) => ({
  ...presentation,
  lines: presentation.lines.map(({ id: _id, ...line }) => line),
});
/** What every screen and the PDF must agree on: rows, discount, subtotal, freight, GST, total (not RRP or the mode). */
const figuresOf = (presentation: OrderPresentation) => {
  const { lines, discount, subtotal, shipping, gst, total, linesTotal } = withoutIds(presentation);
  const rows = lines.map(({ sku, name, quantity, unitPrice, amount, vehicle, accessories }) => ({
    sku,
    name,
    quantity,
    unitPrice,
    amount,
    vehicle,
    accessories: accessories.map((row) => ({
      sku: row.sku,
      name: row.name,
      quantity: row.quantity,
      unitPrice: row.unitPrice,
      amount: row.amount,
    })),
  }));
  return { rows, linesTotal, discount, subtotal, shipping, gst, total };
};

describe('the invoice adds up: one presentation for the cart, checkout, success page, invoice details and PDF', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let dealer: ReturnType<typeof checkoutCalls>;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: SELLER });
    fixture = await createCheckoutFixture(t.database.db, NOW);
    ({ headers, calls: dealer } = await signedInDealer(t.app, t.database.db, {
      name: 'Sum Check Tyres',
      code: 'C55501',
      termsDays: 30,
    }));
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  it('a wheel order with accessories and a discount code on Trading Account: every figure agrees to the cent', async () => {
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
    const discounted = await dealer.post('Checkout/Discount', { code: 'save10' });
    expect(discounted.statusCode, discounted.body).toBe(200);
    const checkout = discounted.json() as CheckoutData;
    const presentation = checkout.presentation;

    // The wheel line carries each accessory as a priced row: quantity × unit = amount.
    const wheelLine = presentation.lines.find((line) => line.id === wheel);
    expect(wheelLine?.vehicle).toMatch(/HiLux/i);
    expect(wheelLine?.accessories.map((row) => row.sku).sort()).toEqual(['L1', 'M1', 'V1'].sort());
    for (const row of rowsOf(presentation)) {
      expect(row.amount.cents, row.sku).toBe(row.quantity * row.unitPrice.cents);
      expect(row.amount.cents, row.sku).toBeGreaterThan(0);
    }

    // Lines at undiscounted prices; the code takes 10% of every row, accessories too, in one discount line.
    const rows = rowsOf(presentation);
    const linesTotal = rows.reduce((sum, row) => sum + row.amount.cents, 0);
    const discount = rows.reduce((sum, row) => sum + tenPercent(row.amount.cents), 0);
    expect(wheelLine?.accessories.every((row) => tenPercent(row.amount.cents) > 0)).toBe(true);
    expect(presentation.linesTotal.cents).toBe(linesTotal);
    expect(presentation.discount).toEqual({
      label: 'Discount (code SAVE10)',
      amount: { cents: discount, formatted: expect.any(String) },
    });
    expect(presentation.subtotal.cents).toBe(linesTotal - discount);
    const shipping = presentation.shipping?.amount.cents ?? -1;
    expect(shipping).toBeGreaterThan(0);
    const exclusive = linesTotal - discount + shipping;
    expect(presentation.gst?.cents).toBe(Math.floor((exclusive * 10 + 50) / 100));
    expect(presentation.total?.cents).toBe(exclusive + (presentation.gst?.cents ?? 0));
    // The visible rows, the discount line, freight and GST equal the total.
    expect(linesTotal - discount + shipping + (presentation.gst?.cents ?? 0)).toBe(presentation.total?.cents);
    // orderTotals are the same figures (subTotal after the discount, as the presentation's subtotal).
    expect(checkout.orderTotals).toMatchObject({
      subTotal: { cents: linesTotal - discount },
      orderTotalDiscount: { cents: discount },
      shipping: { cents: shipping },
      tax: { cents: presentation.gst?.cents },
      orderTotal: { cents: presentation.total?.cents },
    });

    // The cart (flyout) shows the same rows and discount, up to the subtotal.
    const cart = (await dealer.get('Cart/Get')).json() as CartState;
    expect(figuresOf(cart.presentation)).toMatchObject({
      rows: figuresOf(presentation).rows,
      linesTotal: presentation.linesTotal,
      discount: presentation.discount,
      subtotal: presentation.subtotal,
      shipping: null,
      gst: null,
      total: null,
    });
    expect(cart.subTotalValue).toBe(presentation.subtotal.cents);
    expect((await dealer.checkout()).presentation).toEqual(presentation);

    const placed = await dealer.completed({ paymentMethod: 'Payments.TradingAccount' });
    const successResponse = await dealer.get(`Checkout/Success?id=${placed.orderId}`);
    expect(successResponse.statusCode, successResponse.body).toBe(200);
    const success = successResponse.json() as OrderSummary;
    expect(figuresOf(success.presentation)).toEqual(figuresOf(presentation));
    expect(success.orderTotals).toEqual(checkout.orderTotals);
    expect(success.invoiceNumber).toMatch(/^INV\d{8}$/);

    const detailsResponse = await t.app.inject({
      method: 'GET',
      url: api(`Account/InvoiceDetails?invoiceNumber=${success.invoiceNumber}`),
      headers,
    });
    expect(detailsResponse.statusCode, detailsResponse.body).toBe(200);
    const invoice = detailsResponse.json() as InvoiceDetails;
    expect(figuresOf(invoice.presentation)).toEqual(figuresOf(presentation));
    expect(invoice).toMatchObject({
      subtotalValue: linesTotal - discount,
      shippingValue: shipping,
      gstValue: presentation.gst?.cents,
      totalValue: presentation.total?.cents,
      amountValue: presentation.total?.cents,
    });

    const pdfResponse = await t.app.inject({
      method: 'GET',
      url: api(`Account/InvoicePdf?invoiceNumber=${success.invoiceNumber}`),
      headers,
    });
    expect(pdfResponse.statusCode).toBe(200);
    const text = pdfText(pdfResponse.rawPayload);
    const expected = [
      'Tax Invoice',
      'Presentation Wholesale Pty Ltd',
      'ABN 53 004 085 616',
      'Sum Check Tyres (account C55501)',
      '22/11/2026',
      `${presentation.discount?.label}`,
      `-${presentation.discount?.amount.formatted}`,
      'Subtotal excl. GST',
      presentation.subtotal.formatted,
      `Freight (${presentation.shipping?.name})`,
      presentation.shipping?.amount.formatted ?? '',
      'GST (10%)',
      presentation.gst?.formatted ?? '',
      'Total incl. GST',
      presentation.total?.formatted ?? '',
      ...rows.flatMap((row) => [row.sku, row.unitPrice.formatted, row.amount.formatted]),
    ];
    for (const word of expected) expect(text, word).toContain(word);
  });
});
