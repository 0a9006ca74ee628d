import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  invoiceLines,
  invoices,
  orderAllocations,
  orderLines,
  productStock,
  products,
  warehouses,
} from '../../src/server/db/schema';
import { checkoutCalls } from '../support/checkout-fixtures';
import { FRIDAY_MORNING, createDeliveryCatalogue } from '../support/delivery-fixtures';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { pdfText } from '../support/pdf-text';
import type { FileImporter } from '../support/import-file';
import { type TestApp, createTestApp } from '../support/test-app';

const T3 = 'Bravo Trail 265/65R17 116S XL';
const T5 = 'Charlie Eco 205/55R16 91V';
const T4 = 'Bravo Sport 225/45R17 94W RunFlat';

/**
 * The delivery catalogue for a Sydney dealer: T4 held in Sydney (4) with 6 more inbound for 10 December, T3 only
 * inbound (5, 12 December), T5 inbound with no date. What the warehouses cannot send now is a back-order, placed only
 * with the customer's consent.
 */
describe('Checkout back-orders: ships now, the rest when inbound stock arrives, with consent', () => {
  let t: TestApp;
  let importFile: FileImporter;
  let dealer: ReturnType<typeof checkoutCalls>;
  const ids: Record<string, number> = {};

  const db = () => t.database.db;
  const stockOf = async (sku: string) =>
    (
      await db()
        .select({ warehouse: warehouses.name, quantity: productStock.quantity })
        .from(productStock)
        .innerJoin(warehouses, eq(warehouses.id, productStock.warehouseId))
        .where(eq(productStock.productId, ids[sku] as number))
    ).map((row) => [row.warehouse, row.quantity]);
  const linesOf = async (orderId: number) =>
    (await db().select().from(orderLines).where(eq(orderLines.orderId, orderId))).map((line) => ({
      sku: line.sku,
      quantity: line.quantity,
      backOrderQuantity: line.backOrderQuantity,
      backOrderExpectedDate: line.backOrderExpectedDate,
      lineTotalCents: line.lineTotalCents,
    }));
  const allocationsOf = async (orderId: number) =>
    (await db().select().from(orderAllocations).where(eq(orderAllocations.orderId, orderId))).map((row) => [
      row.productId,
      row.quantity,
    ]);

  beforeAll(async () => {
    t = await createTestApp({ now: FRIDAY_MORNING });
    importFile = await createDeliveryCatalogue(t, FRIDAY_MORNING);
    const inbound = await importFile(
      'inbound-stock',
      'sku,warehouse,quantity,expected\nT4,SYD,6,2026-12-10\nT5,SYD,3,\n',
    );
    expect(inbound.refused).toEqual([]);
    const rows = await db()
      .select({ id: products.id, sku: products.sku })
      .from(products)
      .where(inArray(products.sku, ['T3', 'T4', 'T5']));
    for (const row of rows) ids[row.sku] = row.id;
    const customer = await createCustomer(db(), {
      state: 'NSW',
      priceDisplay: 'Trade',
      deliveryAddress1: '1 George St',
      deliveryCity: 'Sydney',
      deliveryPostcode: '2000',
      creditLimitCents: 10_000_000,
    });
    dealer = checkoutCalls(t.app, bearer(await signIn(t.app, customer.email)));
    await t.app.catalogue.reload();
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });
  beforeEach(async () => {
    await dealer.clear();
  });

  it('splits a line into 4 shipping now and 2 back-ordered, in the cart too, refuses it without consent naming the line', async () => {
    const line = (await dealer.add(ids.T4 as number, 6)).shoppingCart.items[0]?.id;

    expect((await dealer.checkout()).backOrders).toEqual([
      {
        cartItemId: line,
        sku: 'T4',
        name: T4,
        quantity: 6,
        shipsNow: 4,
        backOrder: 2,
        expectedDate: '2026-12-10',
        expected: 'expected 10 Dec',
      },
    ]);
    const cart = await dealer.get('Cart/Get');
    expect(cart.json()).toMatchObject({
      backOrders: [{ cartItemId: line, sku: 'T4', shipsNow: 4, backOrder: 2, expected: 'expected 10 Dec' }],
    });
    const refused = await dealer.complete({ paymentMethod: 'Payments.TradingAccount' });

    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      detail:
        `${T4} (T4): 4 ship now, 2 on back-order expected 10 Dec. ` +
        "Tick 'Send what is in stock now and the rest when it arrives' to place the order.",
      validationErrors: [{ name: `items[${line}]`, reason: `${T4} (T4): 4 ship now, 2 on back-order expected 10 Dec` }],
    });
    expect(await stockOf('T4')).toEqual([['SYDNEY', 4]]);
  });

  it('places the split with consent: 4 taken from Sydney, 2 back-ordered, all 6 charged and invoiced', async () => {
    await dealer.add(ids.T4 as number, 6);

    const placed = await dealer.completed({ paymentMethod: 'Payments.TradingAccount', acceptBackOrders: true });

    const lines = await linesOf(placed.orderId);
    expect(lines).toMatchObject([
      { sku: 'T4', quantity: 6, backOrderQuantity: 2, backOrderExpectedDate: '2026-12-10' },
    ]);
    expect(await allocationsOf(placed.orderId)).toEqual([[ids.T4, 4]]);
    expect(await stockOf('T4')).toEqual([['SYDNEY', 0]]);
    const [invoice] = await db().select().from(invoices).where(eq(invoices.orderId, placed.orderId));
    const invoiced = await db()
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice?.id as number));
    expect(invoiced.map((row) => [row.sku, row.quantity, row.lineTotalCents])).toEqual([
      ['T4', 6, lines[0]?.lineTotalCents],
    ]);
    expect(invoice?.subtotalCents).toBe(lines[0]?.lineTotalCents);

    const backOrdered = [
      { sku: 'T4', name: T4, quantity: 6, backOrder: 2, expectedDate: '2026-12-10', expected: 'expected 10 Dec' },
    ];
    const details = await dealer.get(`Order/Details?id=${placed.orderId}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toMatchObject({ backOrders: backOrdered });
    const invoiceDetails = await dealer.get(`Account/InvoiceDetails?invoiceNumber=${invoice?.invoiceNumber}`);
    expect(invoiceDetails.statusCode).toBe(200);
    expect(invoiceDetails.json()).toMatchObject({ backOrders: backOrdered });
    const pdf = await dealer.get(`Account/InvoicePdf?invoiceNumber=${invoice?.invoiceNumber}`);
    expect(pdf.statusCode).toBe(200);
    expect(pdfText(pdf.rawPayload)).toContain('Back-order 2, expected 10 Dec');
  });

  it('places a tyre held nowhere but inbound with a date entirely as a back-order', async () => {
    await dealer.add(ids.T3 as number, 2);
    expect((await dealer.checkout()).backOrders).toMatchObject([
      { sku: 'T3', name: T3, shipsNow: 0, backOrder: 2, expected: 'expected 12 Dec' },
    ]);

    const placed = await dealer.completed({ paymentMethod: 'Payments.TradingAccount', acceptBackOrders: true });

    expect(await linesOf(placed.orderId)).toMatchObject([
      { sku: 'T3', quantity: 2, backOrderQuantity: 2, backOrderExpectedDate: '2026-12-12' },
    ]);
    expect(await allocationsOf(placed.orderId)).toEqual([]);
    const success = await dealer.get(`Checkout/Success?id=${placed.orderId}`);
    expect(success.json()).toMatchObject({
      backOrders: [{ sku: 'T3', quantity: 2, backOrder: 2, expectedDate: '2026-12-12', expected: 'expected 12 Dec' }],
    });
  });

  it('refuses at Cart/Add a tyre held nowhere whose inbound stock has no expected date, saying why', async () => {
    const refused = await dealer.post('Checkout/Add', { productId: ids.T5, quantity: 2 });

    const reason = `${T5} (T5) is on order, no date yet: cannot be ordered.`;
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ detail: reason, validationErrors: [{ name: 'productId', reason }] });
    expect((await dealer.checkout()).shoppingCart.items).toEqual([]);
  });
});
