import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { InvoiceDetails, InvoicePage } from '../../src/contract/account';
import type { CartAccessories, CartState } from '../../src/contract/cart';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { orderLines } from '../../src/server/db/schema';
import { assignDiscountTier } from '../support/catalogue-fixtures';
import { checkoutCalls, createCheckoutFixture } from '../support/checkout-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { pdfText } from '../support/pdf-text';
import { type TestApp, api, createTestApp } from '../support/test-app';
import { eventually } from '../support/eventually';

/** 1 pm on 22 November in Melbourne. */
const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * An account's own prices beat its brand tier on every screen that shows or charges a price: T1 (Alpha, trade $200)
 * is $180 on the Gold tier (10% off Alpha); account C55001, on Gold too, has its own $150, and $140 from 4.
 */
describe("a customer's own price beats the brand tier", () => {
  let t: TestApp;
  let importFile: FileImporter;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let own: ReturnType<typeof checkoutCalls>;
  let ownHeaders: Record<string, string>;
  let tierHeaders: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const { db } = t.database;
    fixture = await createCheckoutFixture(db, NOW);
    const address = {
      state: 'VIC',
      deliveryAddress1: '1 Trade St',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    };
    const withOwnPrices = await createCustomer(db, { ...address, code: 'C55001', creditLimitCents: 10_000_000 });
    const tierOnly = await createCustomer(db, { ...address, code: 'C55002', creditLimitCents: 10_000_000 });
    await assignDiscountTier(db, withOwnPrices.account.id, fixture.goldTierId);
    await assignDiscountTier(db, tierOnly.account.id, fixture.goldTierId);
    ownHeaders = bearer(await signIn(t.app, withOwnPrices.email));
    tierHeaders = bearer(await signIn(t.app, tierOnly.email));
    own = checkoutCalls(t.app, ownHeaders);
    importFile = await createFileImporter(t, NOW);
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });
  beforeEach(async () => {
    await own.clear();
  });

  const tyrePrice = async (headers: Record<string, string>, sku: string, body: object = {}) => {
    const response = await t.app.inject({ method: 'POST', url: api('Tyre/Search'), headers, payload: body });
    expect(response.statusCode).toBe(200);
    return (response.json() as TradeTyreResults).items.find((item) => item.sku === sku)?.priceCents;
  };

  it('search answers the own price once the import is heard, and the same tier without own prices keeps its price', async () => {
    // Both answers cached before the import: the account's next answer must not come from them.
    expect(await tyrePrice(ownHeaders, 'T1')).toBe(18_000);
    expect(await tyrePrice(tierHeaders, 'T1')).toBe(18_000);
    const { refused } = await importFile(
      'customer-prices',
      [
        'account,sku,price,min_quantity,valid_from,valid_to',
        'C55001,T1,150.00,,,',
        'C55001,T1,140.00,4,,',
        'C55001,T2,100.00,,2026-12-01,',
        'C55001,T3,120.00,,2026-11-01,2026-11-21',
        'C55001,T5,95.50,,2026-11-22,2026-11-22',
        'C55001,M1,1.50,20,,',
        '',
      ].join('\n'),
    );
    expect(refused).toEqual([]);
    await eventually(async () => (await tyrePrice(ownHeaders, 'T1')) === 15_000);
    expect(await tyrePrice(tierHeaders, 'T1')).toBe(18_000);
  });

  it("a signed-in answer carries the account's quantity breaks", async () => {
    const breaksOf = async (headers: Record<string, string>) => {
      const response = await t.app.inject({ method: 'POST', url: api('Tyre/Search'), headers, payload: {} });
      return (response.json() as TradeTyreResults).items.find((item) => item.sku === 'T1')?.priceBreaks;
    };
    expect(await breaksOf(ownHeaders)).toEqual([{ minQuantity: 4, priceCents: 14_000 }]);
    expect(await breaksOf(tierHeaders)).toEqual([]);
  });

  it('a price outside its dates does not apply; one whose window is today does', async () => {
    // T2: Alpha $180 less 10% until its own price starts on 1 December; T3 (Bravo, no tier discount) ended yesterday.
    expect(await tyrePrice(ownHeaders, 'T2')).toBe(16_200);
    expect(await tyrePrice(ownHeaders, 'T3')).toBe(15_000);
    expect(await tyrePrice(ownHeaders, 'T5')).toBe(9_550);
  });

  it('the price order follows the own prices', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Tyre/Search'),
      headers: ownHeaders,
      payload: { sortBy: 'Price', sortDirection: 'Ascending' },
    });
    expect((response.json() as TradeTyreResults).items.map((item) => [item.sku, item.priceCents])).toEqual([
      ['T5', 9_550],
      // A tie keeps name order.
      ['T1', 15_000],
      ['T3', 15_000],
      ['T2', 16_200],
      ['T4', 21_000],
    ]);
  });

  it('the cart charges the own price at the line quantity: the break applies from its quantity', async () => {
    const three = await own.add(fixture.tyres.t1, 3);
    expect(three.shoppingCart.items.map((item) => [item.sku, item.quantity, item.unitPriceValue])).toEqual([
      ['T1', 3, 15_000],
    ]);
    const four = await own.add(fixture.tyres.t1, 1);
    expect(four.shoppingCart.items.map((item) => [item.sku, item.quantity, item.unitPriceValue])).toEqual([
      ['T1', 4, 14_000],
    ]);
    expect(four.orderTotals.subTotal.cents).toBe(56_000);
  });

  it('wheel accessories are offered and charged at their own quantity', async () => {
    // 4 wheels on a Hilux take 24 of the M1 nut ($2.00), $1.50 for this account from 20.
    const wheel = (await own.add(fixture.wheels.w1, 4)).shoppingCart.items[0]?.id as number;
    const fitted = await own.post('Cart/Vehicle', {
      id: wheel,
      vehicleId: fixture.vehicles.hilux,
      action: 'CheckAndAdd',
    });
    expect(fitted.statusCode, fitted.body).toBe(200);
    const { groups } = (await own.get(`Cart/Accessories?id=${wheel}`)).json() as CartAccessories;
    const nut = groups.flatMap((group) => group.accessories).find((option) => option.sku === 'M1');
    expect(nut).toMatchObject({ quantity: 24, subTotalValue: 3_600 });
    const cart = (
      await own.post('Cart/Accessories', { id: wheel, productIds: [fixture.merchandise.m1] })
    ).json() as CartState;
    expect(cart.items[0]?.accessoryInfo).toMatchObject({
      accessories: [{ sku: 'M1', quantity: 24 }],
      subTotalValue: 3_600,
    });
  });

  it('checkout, the placed order, the invoice and its PDF carry the own price', async () => {
    const checkout = await own.add(fixture.tyres.t1, 4);
    expect(checkout.orderTotals.subTotal.cents).toBe(56_000);
    const result = await own.completed({ paymentMethod: 'Payments.TradingAccount' });
    const lines = await t.database.db.select().from(orderLines).where(eq(orderLines.orderId, result.orderId));
    expect(lines.map((line) => [line.sku, line.quantity, line.unitPriceCents])).toEqual([['T1', 4, 14_000]]);

    const page = (
      await t.app.inject({ method: 'GET', url: api('Account/Invoices?page=1&pageSize=10'), headers: ownHeaders })
    ).json() as InvoicePage;
    const invoiceNumber = page.invoices[0]?.invoiceNumber as string;
    const details = (
      await t.app.inject({
        method: 'GET',
        url: api(`Account/InvoiceDetails?invoiceNumber=${invoiceNumber}`),
        headers: ownHeaders,
      })
    ).json() as InvoiceDetails;
    expect(details.lines.map((line) => [line.sku, line.quantity, line.unitPriceValue, line.lineTotalValue])).toEqual([
      ['T1', 4, 14_000, 56_000],
    ]);
    const pdf = await t.app.inject({
      method: 'GET',
      url: api(`Account/InvoicePdf?invoiceNumber=${invoiceNumber}`),
      headers: ownHeaders,
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('$140.00');
    expect(text).toContain('$560.00');
  });
});
