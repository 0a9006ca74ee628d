import { z } from 'zod';
import { MAX_LINE_QUANTITY, cartStateSchema } from './cart';
import { deliverySchema, priceDisplaySchema, stockTypeSchema } from './catalogue-common';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/** The most lines one quick order takes: a long spreadsheet goes in several, so one answer stays quick to read. */
export const MAX_QUICK_ORDER_LINES = 200;
/** The most candidates an ambiguous line offers; more than that and the buyer should type more of the size. */
export const MAX_QUICK_ORDER_CANDIDATES = 5;
export const MAX_QUICK_ORDER_QUERY_LENGTH = 100;

export const quickOrderLineSchema = z.object({
  /** A SKU (wheel codes are SKUs), a tyre size typed compactly or written out ('2656517', '265/65R17 112H'), or words of a name. */
  query: z.string().trim().min(1).max(MAX_QUICK_ORDER_QUERY_LENGTH),
  quantity: z.int().min(1).max(MAX_LINE_QUANTITY),
});
export type QuickOrderLine = z.infer<typeof quickOrderLineSchema>;

export const quickAddRequestSchema = z.object({
  lines: z.array(quickOrderLineSchema).min(1).max(MAX_QUICK_ORDER_LINES),
});
export type QuickAddRequest = z.infer<typeof quickAddRequestSchema>;

/** One product as a quick order line shows it: what it is, the account's price (null when hidden) and own stock. */
export const quickOrderProductSchema = z.object({
  id: z.int(),
  sku: z.string(),
  name: z.string(),
  productType: z.enum(['Tyre', 'Wheel', 'Merchandise']),
  brand: z.string(),
  /** The tyre's tread pattern or the wheel's design; null for merchandise. */
  pattern: z.string().nullable(),
  priceDisplay: priceDisplaySchema,
  priceCents: z.int().nullable(),
  stockQuantity: z.int(),
  /** Of stockQuantity, what the warehouse serving the account's state holds (badges do not overstate). */
  localStockQuantity: z.int(),
  stockType: stockTypeSchema,
  /** The earliest date inbound stock is expected ('YYYY-MM-DD'); null when none is dated. */
  onOrderExpectedDate: z.string().nullable(),
  /** When one can arrive if ordered now (docs/delivery-promise.md). */
  delivery: deliverySchema,
});
export type QuickOrderProduct = z.infer<typeof quickOrderProductSchema>;

const asked = { query: z.string(), quantity: z.int() };

export const quickOrderResultSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('Added'), ...asked, product: quickOrderProductSchema }),
  z.object({
    status: z.literal('Ambiguous'),
    ...asked,
    /** The cheapest matches for the account, at most MAX_QUICK_ORDER_CANDIDATES. */
    candidates: z.array(quickOrderProductSchema).max(MAX_QUICK_ORDER_CANDIDATES),
    /** How many products matched in all. */
    matchCount: z.int(),
  }),
  z.object({ status: z.literal('NotFound'), ...asked }),
  z.object({
    status: z.literal('ShortStock'),
    ...asked,
    product: quickOrderProductSchema,
    /** What the own warehouses hold for this line, after the lines above it in the same request. */
    available: z.int(),
  }),
]);
export type QuickOrderResult = z.infer<typeof quickOrderResultSchema>;
export type QuickOrderStatus = QuickOrderResult['status'];

export const quickAddResponseSchema = z.object({ lines: z.array(quickOrderResultSchema), cart: cartStateSchema });
export type QuickAddResponse = z.infer<typeof quickAddResponseSchema>;

export const quickOrderRoutes = {
  cartQuickAdd: defineRoute({
    method: 'POST',
    path: 'Cart/QuickAdd',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Cart',
    summary:
      'Quick order: resolves each line (SKU, tyre size or name) and adds the lines that resolve to one product in stock; answers one result per line (Added, Ambiguous, NotFound, ShortStock) and the cart',
    body: quickAddRequestSchema,
    response: quickAddResponseSchema,
  }),
};
