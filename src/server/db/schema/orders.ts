import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { orderStatuses, paymentMethodSystemNames, paymentStatuses } from '../../../contract/checkout';
import { fulfilmentStatuses } from '../../../contract/order-fulfilment';
import { nonNegative } from '../non-negative';
import { storedChoice } from '../stored-choice';
import { carts } from './cart';
import { products, vehicles, warehouses } from './catalogue';
import { accounts, staffUsers, users } from './foundation';

/** What the customer chose on the checkout page, kept with the cart until the order is placed. */
export const checkoutSelections = pgTable('checkout_selections', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => carts.userId, { onDelete: 'cascade' }),
  /** shippingRateComputationMethodSystemName of the chosen method; null means Standard. */
  shippingMethod: text('shipping_method'),
  /** A value outside the methods reads as none chosen yet (db/stored-choice.ts). */
  paymentMethodSystemName: storedChoice('payment_method_system_name', paymentMethodSystemNames, null),
});

/**
 * An order. `userId` is who placed it (the user an impersonating staff member acted as; `impersonatorStaffId` is
 * that staff member). `cartRevision` is the revision of the placer's cart it was made from: unique per user, so a
 * double click or a second tab submitting the same cart finds the order the first made instead of making another.
 * `idempotencyKey` does the same for a retry after a lost answer (the cart is empty by then).
 */
export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    impersonatorStaffId: integer('impersonator_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    cartRevision: integer('cart_revision').notNull(),
    idempotencyKey: text('idempotency_key'),
    status: text('status', { enum: orderStatuses }).notNull(),
    paymentMethodSystemName: text('payment_method_system_name', { enum: paymentMethodSystemNames }).notNull(),
    stockNumber: text('stock_number'),
    customerOrderNumber: text('customer_order_number'),
    deliveryNotes: text('delivery_notes'),
    shippingMethodName: text('shipping_method_name').notNull(),
    isPickupInStore: boolean('is_pickup_in_store').notNull().default(false),
    deliveryAddress1: text('delivery_address1').notNull(),
    deliveryCity: text('delivery_city').notNull(),
    deliveryPostcode: text('delivery_postcode').notNull(),
    deliveryState: text('delivery_state').notNull(),
    discountCode: text('discount_code'),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paypalOrderId: text('paypal_order_id').unique(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A PendingPayment order keeps its stock until then (PAYMENT_RESERVATION_MINUTES); null once settled. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
    /** When the order gave its stock back (declined or expired); null while it holds it. */
    stockReleasedAt: timestamp('stock_released_at', { withTimezone: true }),
    /** The latest status the wholesaler's systems sent (order_status_changes); null until the first. */
    fulfilmentStatus: text('fulfilment_status', { enum: fulfilmentStatuses }),
  },
  (table) => [
    uniqueIndex('orders_user_cart_revision_unique').on(table.userId, table.cartRevision),
    uniqueIndex('orders_user_idempotency_unique').on(table.userId, table.idempotencyKey),
    index('orders_account_placed_idx').on(table.accountId, table.placedAt),
    index('orders_status_reserved_until_idx').on(table.status, table.reservedUntil),
    nonNegative('orders', table.subtotalCents),
    nonNegative('orders', table.discountCents),
    nonNegative('orders', table.shippingCents),
    nonNegative('orders', table.taxCents),
    nonNegative('orders', table.totalCents),
  ],
);

/**
 * An order's timeline after it was placed, one row per status the wholesaler's systems sent, oldest first. A shipment
 * carries its carrier, consignment and tracking link, and the lines it holds when it is part of the order.
 */
export const orderStatusChanges = pgTable(
  'order_status_changes',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status', { enum: fulfilmentStatuses }).notNull(),
    carrier: text('carrier'),
    consignment: text('consignment'),
    trackingUrl: text('tracking_url'),
    /** A back-order's or a delivery's expected date, a calendar date in the wholesaler's time zone. */
    expectedDate: date('expected_date', { mode: 'string' }),
    reason: text('reason'),
    /** The SKUs and quantities a part shipment holds; null when it is about the whole order. */
    lines: jsonb('lines').$type<{ sku: string; quantity: number }[]>(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('order_status_changes_order_idx').on(table.orderId, table.id)],
);

/** An order line. Accessories of a wheel line point at it through parentLineId. Names and prices are frozen copies. */
export const orderLines = pgTable(
  'order_lines',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    parentLineId: integer('parent_line_id'),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    /** quantity × unit price − discount, excl. GST. */
    lineTotalCents: integer('line_total_cents').notNull(),
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    vehicleDescription: text('vehicle_description'),
    /** Of the quantity, how many wait for inbound stock (not allocated, sold at the same price), and when expected. */
    backOrderQuantity: integer('back_order_quantity').notNull().default(0),
    backOrderExpectedDate: date('back_order_expected_date', { mode: 'string' }),
  },
  (table) => [
    index('order_lines_order_idx').on(table.orderId),
    nonNegative('order_lines', table.quantity),
    nonNegative('order_lines', table.backOrderQuantity),
    nonNegative('order_lines', table.unitPriceCents),
    nonNegative('order_lines', table.discountCents),
    nonNegative('order_lines', table.lineTotalCents),
  ],
);

/** Which warehouse ships how many of a product for an order; the stock was taken from product_stock in the same transaction. */
export const orderAllocations = pgTable(
  'order_allocations',
  {
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.orderId, table.productId, table.warehouseId] }),
    nonNegative('order_allocations', table.quantity),
  ],
);

/**
 * An invoice. A Trading Account order makes one due in the account's terms; demo history makes others without an
 * order. Status is derived (src/domain/invoice-standing.ts): what it owes is its total less what was paid and what was
 * credited.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    invoiceNumber: text('invoice_number').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    orderId: integer('order_id')
      .unique()
      .references(() => orders.id, { onDelete: 'set null' }),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    shippingCents: integer('shipping_cents').notNull().default(0),
    taxCents: integer('tax_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    paidCents: integer('paid_cents').notNull().default(0),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** What a credit took off the invoice (its order cancelled after it was issued): owed by nobody, paid by nobody. */
    creditedCents: integer('credited_cents').notNull().default(0),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
  },
  (table) => [
    index('invoices_account_issued_idx').on(table.accountId, table.issuedAt),
    nonNegative('invoices', table.creditedCents),
    nonNegative('invoices', table.subtotalCents),
    nonNegative('invoices', table.discountCents),
    nonNegative('invoices', table.shippingCents),
    nonNegative('invoices', table.taxCents),
    nonNegative('invoices', table.totalCents),
    nonNegative('invoices', table.paidCents),
  ],
);

/**
 * Invoice lines keep brand and category as words, so sales by brand and category survive catalogue changes. Only the
 * quantity is checked non-negative: an invoice from elsewhere (an ERP, a phone order) may carry its discount as a
 * line of its own at a negative price, as Account/InvoiceDetails answers it.
 */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    sku: text('sku').notNull(),
    description: text('description').notNull(),
    brand: text('brand'),
    category: text('category').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    lineTotalCents: integer('line_total_cents').notNull(),
    /** The line's number on an invoice from the ERP (its natural key with the invoice); null on the shop's own. */
    lineNumber: integer('line_number'),
  },
  (table) => [
    index('invoice_lines_invoice_idx').on(table.invoiceId),
    uniqueIndex('invoice_lines_invoice_line_number_unique').on(table.invoiceId, table.lineNumber),
    nonNegative('invoice_lines', table.quantity),
  ],
);

/**
 * What a payment taken outside the shop (at the wholesaler's counter, by bank transfer) put towards an invoice, as
 * the ERP reports it: by its reference and the invoice, a level (sent again, it changes nothing). The invoice's
 * paid amount includes it.
 */
export const erpPayments = pgTable(
  'erp_payments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('erp_payments_reference_invoice_unique').on(table.reference, table.invoiceId),
    nonNegative('erp_payments', table.amountCents),
  ],
);

export const paymentKinds = ['Order', 'Invoice'] as const;

/**
 * A payment through a provider (the hosted card page or PayPal) for an order or for invoices. `reference` is what
 * the provider carries and sends back; a payment completes once, however often the provider calls back.
 */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: paymentKinds }).notNull(),
    method: text('method', { enum: paymentMethodSystemNames }).notNull(),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    status: text('status', { enum: paymentStatuses }).notNull().default('Pending'),
    failureMessage: text('failure_message'),
    clientDateTime: text('client_date_time'),
    timezone: text('timezone'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** PayPal's id of the capture, which a refund names; null for card payments. */
    providerCaptureId: text('provider_capture_id'),
    /** The provider's reference of the refund, once refunded. */
    refundReference: text('refund_reference'),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (table) => [index('payments_account_idx').on(table.accountId), nonNegative('payments', table.amountCents)],
);

/** The invoices one payment settles, and how much of each. */
export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.paymentId, table.invoiceId] }),
    nonNegative('payment_invoices', table.amountCents),
  ],
);
