import { sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/server/db/client';
import {
  accounts,
  cartItems,
  carts,
  invoiceLines,
  invoices,
  orderAllocations,
  orderLines,
  orders,
  paymentInvoices,
  payments,
  productStock,
  products,
  promotions,
  warehouses,
} from '../../src/server/db/schema';
import { createCustomer } from '../support/fixtures';
import { createInvoice, recordPayment } from '../support/invoice-fixtures';
import { createOrder } from '../support/order-fixtures';
import { type TestDatabase, createTestDatabase } from '../support/test-database';

/** What the database says when it refuses a statement: the driver's words, under drizzle's 'Failed query'. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
  } catch (error) {
    const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
    return `${error instanceof Error ? error.message : String(error)} ${cause}`;
  }
  return 'accepted';
}

describe('the database refuses a negative quantity or amount of money', () => {
  let database: TestDatabase;
  let db: Database;
  let ids: { account: number; user: number; product: number; order: number };

  beforeAll(async () => {
    database = await createTestDatabase();
    db = database.db;
    const customer = await createCustomer(db, { creditLimitCents: 100_000 });
    const account = customer.account.id;
    const [product] = await db
      .insert(products)
      .values({
        kind: 'Tyre',
        sku: 'NN-1',
        slug: 'nn-1',
        name: 'Never Negative 205/55R16',
        brand: 'Marshal',
        imageUrl: '/images/nn-1.svg',
        rrpCents: 20_000,
        tradeCents: 15_000,
      })
      .returning();
    const [warehouse] = await db.insert(warehouses).values({ name: 'NN VIC', kind: 'own', state: 'VIC' }).returning();
    if (!product || !warehouse) throw new Error('catalogue rows not created');
    await db.insert(productStock).values({ productId: product.id, warehouseId: warehouse.id, quantity: 8 });
    await db.insert(promotions).values({ kind: 'BuyXGetYFree', label: 'Buy 3 get 1', buyQuantity: 3, freeQuantity: 1 });
    await db.insert(carts).values({ userId: customer.user.id });
    await db.insert(cartItems).values({ userId: customer.user.id, productId: product.id, quantity: 2 });
    const order = await createOrder(db, account);
    await db.insert(orderLines).values({
      orderId: order.id,
      productId: product.id,
      sku: 'NN-1',
      name: 'Never Negative',
      quantity: 2,
      unitPriceCents: 15_000,
      lineTotalCents: 30_000,
    });
    await db
      .insert(orderAllocations)
      .values({ orderId: order.id, productId: product.id, warehouseId: warehouse.id, quantity: 2 });
    const invoice = await createInvoice(db, account);
    await recordPayment(db, invoice, 1_000, new Date());
    ids = { account, user: customer.user.id, product: product.id, order: order.id };
  });
  afterAll(() => database.dispose());

  const columns: readonly (readonly [PgTable, AnyPgColumn, string])[] = [
    [accounts, accounts.creditLimitCents, 'accounts_credit_limit_cents_non_negative'],
    [products, products.rrpCents, 'products_rrp_cents_non_negative'],
    [products, products.tradeCents, 'products_trade_cents_non_negative'],
    [productStock, productStock.quantity, 'product_stock_quantity_non_negative'],
    [productStock, productStock.onOrderQuantity, 'product_stock_on_order_quantity_non_negative'],
    [promotions, promotions.buyQuantity, 'promotions_buy_quantity_non_negative'],
    [promotions, promotions.freeQuantity, 'promotions_free_quantity_non_negative'],
    [promotions, promotions.cashbackCents, 'promotions_cashback_cents_non_negative'],
    [cartItems, cartItems.quantity, 'cart_items_quantity_non_negative'],
    [orders, orders.subtotalCents, 'orders_subtotal_cents_non_negative'],
    [orders, orders.discountCents, 'orders_discount_cents_non_negative'],
    [orders, orders.shippingCents, 'orders_shipping_cents_non_negative'],
    [orders, orders.taxCents, 'orders_tax_cents_non_negative'],
    [orders, orders.totalCents, 'orders_total_cents_non_negative'],
    [orderLines, orderLines.quantity, 'order_lines_quantity_non_negative'],
    [orderLines, orderLines.unitPriceCents, 'order_lines_unit_price_cents_non_negative'],
    [orderLines, orderLines.discountCents, 'order_lines_discount_cents_non_negative'],
    [orderLines, orderLines.lineTotalCents, 'order_lines_line_total_cents_non_negative'],
    [orderAllocations, orderAllocations.quantity, 'order_allocations_quantity_non_negative'],
    [invoices, invoices.subtotalCents, 'invoices_subtotal_cents_non_negative'],
    [invoices, invoices.discountCents, 'invoices_discount_cents_non_negative'],
    [invoices, invoices.shippingCents, 'invoices_shipping_cents_non_negative'],
    [invoices, invoices.taxCents, 'invoices_tax_cents_non_negative'],
    [invoices, invoices.totalCents, 'invoices_total_cents_non_negative'],
    [invoices, invoices.paidCents, 'invoices_paid_cents_non_negative'],
    [invoiceLines, invoiceLines.quantity, 'invoice_lines_quantity_non_negative'],
    [payments, payments.amountCents, 'payments_amount_cents_non_negative'],
    [paymentInvoices, paymentInvoices.amountCents, 'payment_invoices_amount_cents_non_negative'],
  ];

  it.each(columns.map(([table, column, constraint]) => ({ table, column, constraint, name: constraint })))(
    'refuses $name below zero and takes zero',
    async ({ table, column, constraint }) => {
      const setTo = (value: number) => sql`update ${table} set ${sql.identifier(column.name)} = ${value}`;
      expect(await refusal(db.execute(setTo(-1)))).toContain(constraint);
      expect(await refusal(db.execute(setTo(0)))).toBe('accepted');
    },
  );

  it('refuses a new stock level, cart line or order line with a negative figure', async () => {
    const [other] = await db.insert(warehouses).values({ name: 'NN NSW', kind: 'own', state: 'NSW' }).returning();
    expect(
      await refusal(
        db.insert(productStock).values({ productId: ids.product, warehouseId: other?.id ?? 0, quantity: -3 }),
      ),
    ).toContain('product_stock_quantity_non_negative');
    expect(
      await refusal(db.insert(cartItems).values({ userId: ids.user, productId: ids.product, quantity: -1 })),
    ).toContain('cart_items_quantity_non_negative');
    expect(
      await refusal(
        db.insert(orderLines).values({
          orderId: ids.order,
          sku: 'NN-1',
          name: 'Never Negative',
          quantity: 1,
          unitPriceCents: -15_000,
          lineTotalCents: 0,
        }),
      ),
    ).toContain('order_lines_unit_price_cents_non_negative');
  });

  it('still takes an invoice line at a negative price: a discount carried as a line of its own', async () => {
    const [invoice] = await db.select({ id: invoices.id }).from(invoices);
    expect(
      await refusal(
        db.insert(invoiceLines).values({
          invoiceId: invoice?.id ?? 0,
          sku: '',
          description: 'Discount (code TRADE5)',
          category: 'Discount',
          quantity: 1,
          unitPriceCents: -3_010,
          lineTotalCents: -3_010,
        }),
      ),
    ).toBe('accepted');
  });
});
