import { z } from 'zod';
import { priceDisplaySchema } from './catalogue-common';

/** An amount as the API carries money: formatted en-AU AUD and integer cents. */
export const moneySchema = z.object({ formatted: z.string(), cents: z.int() });
export type Money = z.infer<typeof moneySchema>;

/** One priced row: quantity × unit price = amount, excl. GST, before any discount. */
export const presentedRowSchema = z.object({
  sku: z.string(),
  name: z.string(),
  quantity: z.int(),
  unitPrice: moneySchema,
  amount: moneySchema,
  /** The recommended retail price of one, for a screen set to RRP; null when the account hides prices. */
  rrpUnitPrice: moneySchema.nullable(),
  rrpAmount: moneySchema.nullable(),
});
export type PresentedRow = z.infer<typeof presentedRowSchema>;

/** A product line; a wheel's accessories are its rows, each priced. `id`: the cart line or order line. */
export const presentedLineSchema = presentedRowSchema.extend({
  id: z.int(),
  vehicle: z.string().nullable(),
  accessories: z.array(presentedRowSchema),
});
export type PresentedLine = z.infer<typeof presentedLineSchema>;

/**
 * How an order (or the cart, or an invoice) is shown everywhere (docs/checkout.md 'Invoice presentation'):
 * the lines at their undiscounted prices, one discount line, the subtotal excl. GST after it, freight, GST, the
 * total incl. GST. The server computes it once (one function); screens and the PDF only render it. The cart has
 * no freight, GST or total yet (null).
 */
export const orderPresentationSchema = z.object({
  /** The account's price display: a screen never shows more than it allows. */
  priceDisplay: priceDisplaySchema,
  lines: z.array(presentedLineSchema),
  /** Σ of every row's amount. */
  linesTotal: moneySchema,
  /** Promotions and the discount code, taken off the lines; null when nothing is taken off. */
  discount: z.object({ label: z.string(), amount: moneySchema }).nullable(),
  /** linesTotal − discount, excl. GST. */
  subtotal: moneySchema,
  shipping: z.object({ name: z.string(), amount: moneySchema }).nullable(),
  gst: moneySchema.nullable(),
  /** subtotal + freight + GST. */
  total: moneySchema.nullable(),
  /** Σ of the rows at RRP excl. GST, for a screen set to RRP; null when the account hides prices. */
  rrpTotal: moneySchema.nullable(),
});
export type OrderPresentation = z.infer<typeof orderPresentationSchema>;

/**
 * docs/checkout.md 'Back-orders': a placed line of which `backOrder` units wait for inbound stock, expected on
 * `expectedDate` ('expected 12 Dec'). `lineId` is the presentation line it belongs to (a wheel's, for its
 * accessories), `sku` the row within it.
 */
export const backOrderedLineSchema = z.object({
  lineId: z.int(),
  sku: z.string(),
  name: z.string(),
  quantity: z.int(),
  backOrder: z.int(),
  expectedDate: z.iso.date(),
  expected: z.string(),
});
export type BackOrderedLine = z.infer<typeof backOrderedLineSchema>;
