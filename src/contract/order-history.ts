import { z } from 'zod';
import { cartStateSchema } from './cart';
import { priceDisplaySchema } from './catalogue-common';
import { orderStatusSchema, paymentMethodSystemNameSchema, paymentStatusSchema } from './checkout';
import { bodyId, queryId } from './ids';
import { fulfilmentStatusSchema, orderTimelineEntrySchema } from './order-fulfilment';
import { backOrderedLineSchema, moneySchema, orderPresentationSchema } from './order-presentation';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

export const ORDER_HISTORY_PAGE_SIZE = 20;
export const ORDER_HISTORY_MAX_PAGE_SIZE = 100;
/** The most lines one Order/Reorder may name (an order never holds more). */
export const REORDER_MAX_LINES = 200;

/** An empty query parameter (`?from=`) is the same as none, as a form with an empty field sends it. */
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** A calendar day as ISO 8601 ('2026-11-03'); the page shows and takes it as an en-AU date. */
export const calendarDaySchema = z.iso.date({ error: 'Use a date such as 2026-11-03' });

/**
 * GET Order/History. `search` matches the stock number, the order reference, the order number, the invoice number,
 * and the SKU or product name of any line (any case, any part). `from`/`to` are Melbourne days, both included.
 * `placedBy` keeps the orders one user of the account placed (a user id, as the page's `users` lists them).
 */
export const orderHistoryQuerySchema = z
  .object({
    search: blankIsNone(z.string().trim().max(100, 'Search with at most 100 characters')),
    from: blankIsNone(calendarDaySchema),
    to: blankIsNone(calendarDaySchema),
    status: blankIsNone(orderStatusSchema),
    placedBy: blankIsNone(queryId),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(ORDER_HISTORY_MAX_PAGE_SIZE).default(ORDER_HISTORY_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    path: ['to'],
    message: "The 'to' date is before the 'from' date",
  });
export type OrderHistoryQuery = z.input<typeof orderHistoryQuerySchema>;

/** A user of the account: who placed an order, or one the history can be filtered by. */
export const orderPlacerSchema = z.object({ id: z.int(), name: z.string() });
export type OrderPlacer = z.infer<typeof orderPlacerSchema>;

/** One order of the account as the history lists it. */
export const orderHistoryEntrySchema = z.object({
  id: z.int(),
  /** The shop's order number (what the success page and the invoice call it). */
  orderNumber: z.string(),
  placedAt: z.iso.datetime({ offset: true }),
  /** The customer's own references, given at checkout. */
  stockNumber: z.string().nullable(),
  orderReference: z.string().nullable(),
  status: orderStatusSchema,
  paymentMethod: paymentMethodSystemNameSchema,
  /** 'Trading Account', 'PayPal', 'Credit Card'. */
  paymentMethodName: z.string(),
  /** Incl. GST. */
  total: moneySchema,
  /** Product lines, accessories not counted. */
  lineCount: z.int(),
  invoiceNumber: z.string().nullable(),
  /** Where the order is after it was placed, as the wholesaler's systems last said; null until they first do. */
  fulfilmentStatus: fulfilmentStatusSchema.nullable(),
  /**
   * The user who placed it (the one a staff member acted as, when impersonating); null for an order from before
   * orders recorded it, or whose user was removed.
   */
  placedBy: orderPlacerSchema.nullable(),
});
export type OrderHistoryEntry = z.infer<typeof orderHistoryEntrySchema>;

/** An order as the account's history lists it: its total only where the account shows trade prices, else null. */
export const accountOrderEntrySchema = orderHistoryEntrySchema.extend({ total: moneySchema.nullable() });
export type AccountOrderEntry = z.infer<typeof accountOrderEntrySchema>;

export const orderHistoryPageSchema = z.object({
  orders: z.array(accountOrderEntrySchema),
  totalCount: z.int().nonnegative(),
  page: z.int().positive(),
  pageSize: z.int().positive(),
  totalPages: z.int().nonnegative(),
  /** The account's price display: a screen set to hide prices shows no totals. */
  priceDisplay: priceDisplaySchema,
  /** The account's users, by name, for the filter by who placed an order. */
  users: z.array(orderPlacerSchema),
});
export type OrderHistoryPage = z.infer<typeof orderHistoryPageSchema>;

export const orderPaymentSchema = z.object({
  date: z.iso.datetime({ offset: true }),
  amount: moneySchema,
  method: z.string(),
  reference: z.string(),
  status: paymentStatusSchema,
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

/**
 * GET Order/Details: the order with its lines (accessories under their wheel line, in `presentation.lines`, each
 * line's `id` being what Order/Reorder takes), delivery, freight, GST, total and payments.
 */
export const orderDetailsSchema = orderHistoryEntrySchema.extend({
  deliveryNotes: z.string().nullable(),
  shippingMethod: z.string(),
  isPickupInStore: z.boolean(),
  address: z.object({ address1: z.string(), city: z.string(), postcode: z.string(), state: z.string() }),
  presentation: orderPresentationSchema,
  payments: z.array(orderPaymentSchema),
  /** The latest shipment's tracking link, if anything has shipped. */
  trackingUrl: z.string().nullable(),
  /** Every status the wholesaler's systems sent, oldest first. */
  timeline: z.array(orderTimelineEntrySchema),
  /** The lines partly or wholly back-ordered, each with its expected date. */
  backOrders: z.array(backOrderedLineSchema),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

export const reorderBodySchema = z.object({
  orderId: bodyId,
  /** The order's product lines to order again (ids from Order/Details); all of them when absent. */
  lineIds: z.array(bodyId).min(1, 'Choose at least one line').max(REORDER_MAX_LINES).optional(),
});
export type ReorderBody = z.input<typeof reorderBodySchema>;

/**
 * Added: the whole quantity is in the cart. PartlyAdded: only `addedQuantity` could be (the rest is not in stock
 * anywhere). Unavailable: nothing was added, because the product is no longer sold or no warehouse holds any.
 * `reason` says why in words, and what became of a wheel's vehicle and accessories.
 */
export const reorderOutcomeSchema = z.enum(['Added', 'PartlyAdded', 'Unavailable']);
export type ReorderOutcome = z.infer<typeof reorderOutcomeSchema>;

export const reorderLineResultSchema = z.object({
  lineId: z.int(),
  sku: z.string(),
  name: z.string(),
  result: reorderOutcomeSchema,
  requestedQuantity: z.int(),
  addedQuantity: z.int(),
  reason: z.string(),
});
export type ReorderLineResult = z.infer<typeof reorderLineResultSchema>;

export const reorderResultSchema = z.object({ lines: z.array(reorderLineResultSchema), cart: cartStateSchema });
export type ReorderResult = z.infer<typeof reorderResultSchema>;

const orderRoute = { access: 'customer', customerRoles: buyersToo, tag: 'Order' } as const;

export const orderHistoryRoutes = {
  orderHistory: defineRoute({
    ...orderRoute,
    method: 'GET',
    path: 'Order/History',
    summary:
      "The account's orders, newest first, every payment method, each with who placed it; searchable and filtered by Melbourne day, status and placer",
    query: orderHistoryQuerySchema,
    response: orderHistoryPageSchema,
  }),
  orderDetails: defineRoute({
    ...orderRoute,
    method: 'GET',
    path: 'Order/Details',
    summary:
      "One of the account's orders with its lines, delivery, freight, GST, total and payments (404 for any other)",
    query: z.object({ id: queryId }),
    response: orderDetailsSchema,
  }),
  orderReorder: defineRoute({
    ...orderRoute,
    method: 'POST',
    path: 'Order/Reorder',
    summary:
      "Adds an order's lines (or the chosen ones) to the cart at today's prices, wheels with their vehicle and accessories where they still fit; one result per line",
    body: reorderBodySchema,
    response: reorderResultSchema,
  }),
};
