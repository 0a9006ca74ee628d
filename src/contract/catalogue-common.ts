import { z } from 'zod';
import { pictureSchema } from './home';

/**
 * SPEC.md §3 enumerations, and Availability: soonest promised arrival first (docs/delivery-promise.md), then cheapest.
 */
export const sortFieldSchema = z.enum(['Name', 'Price', 'Availability']);
export type SortField = z.infer<typeof sortFieldSchema>;
export const sortDirectionSchema = z.enum(['Ascending', 'Descending']);
export const stockTypeSchema = z.enum(['None', 'Local', 'Interstate', 'OnOrder']);
export const priceDisplaySchema = z.enum(['Trade', 'RRP', 'Hide']);
export type PriceDisplay = z.infer<typeof priceDisplaySchema>;

/**
 * SPEC.md §3 spells the mode RRP, Rrp, Trade, Hide and None; None (no price shown) is Hide. Any case is read. A Map,
 * not an object literal: an object would answer 'constructor' or '__proto__' with what every object inherits.
 */
const PRICE_DISPLAY_SPELLINGS: ReadonlyMap<string, PriceDisplay> = new Map([
  ['trade', 'Trade'],
  ['rrp', 'RRP'],
  ['hide', 'Hide'],
  ['none', 'Hide'],
]);

/** A price display mode as any SPEC.md §3 spelling, or null. */
export function readPriceDisplay(value: string): PriceDisplay | null {
  return PRICE_DISPLAY_SPELLINGS.get(value.trim().toLowerCase()) ?? null;
}

/** A price display mode as a caller may send it, read as the one spelling answers use (Trade, RRP, Hide). */
export const priceDisplayInputSchema = z.string().transform((value, context) => {
  const mode = readPriceDisplay(value);
  if (mode) return mode;
  context.addIssue({ code: 'custom', message: 'Choose Trade, RRP or Hide' });
  return z.NEVER;
});
export const promotionKindSchema = z.enum(['CashBack4', 'BuyXGetYFree']);

export const PAGE_SIZES = [12, 24, 48, 96] as const;
export const DEFAULT_PAGE_SIZE = 24;

/**
 * Sort and paging fields every signed-in search body takes. Price sorts by the price the account sees; Availability by
 * the day the account's delivery promise gives for one, soonest first, then by that price.
 */
const pagingFields = {
  sortDirection: sortDirectionSchema.default('Ascending'),
  page: z.int().min(1).max(10_000).default(1),
  pageSize: z.int().min(1).max(100).default(DEFAULT_PAGE_SIZE),
};

/**
 * The last calendar day ('YYYY-MM-DD', the customer's) an item may arrive: only items whose delivery promise for one
 * arrives on or before it match (docs/delivery-promise.md). Signed-in searches only, as the promise is.
 */
export const arriveBySchema = z.iso.date({ error: 'Expected a date YYYY-MM-DD' });

export const sortAndPageFields = {
  sortBy: sortFieldSchema.default('Name'),
  ...pagingFields,
  arriveBy: arriveBySchema.optional(),
};

export const PUBLIC_PRICE_SORT_REFUSED = 'Sign in to sort by price or availability';
/** The sort fields a visitor may order by: visitors see no price or stock, so no answer of theirs is ordered by one. */
export const PUBLIC_SORT_FIELDS = ['Name'] as const;

/**
 * Sort and paging fields of a public (…Public/) search body: as signed in, but never by price, and without arriveBy.
 * Visitors see no stock; the public bodies are strict, so an arriveBy is refused as a field they do not take.
 */
export const publicSortAndPageFields = {
  sortBy: z.enum(PUBLIC_SORT_FIELDS, { error: PUBLIC_PRICE_SORT_REFUSED }).default('Name'),
  ...pagingFields,
};

export const searchText = z.string().trim().max(100);
export const nameList = z.array(z.string().trim().min(1).max(80)).max(50);

export const facetCountSchema = <V extends z.ZodType>(value: V) => z.object({ value, count: z.int().nonnegative() });
export const stringFacet = z.array(facetCountSchema(z.string()));
export const numberFacet = z.array(facetCountSchema(z.number()));
export const booleanFacet = z.array(facetCountSchema(z.boolean()));

export const pagingSchema = {
  totalCount: z.int().nonnegative(),
  page: z.int().positive(),
  pageSize: z.int().positive(),
  totalPages: z.int().nonnegative(),
};

export const inventorySchema = z.object({
  warehouseName: z.string(),
  stockQuantity: z.int(),
  onOrderQuantity: z.int(),
  /** When the inbound quantity is expected in the warehouse ('YYYY-MM-DD', a calendar date there); null when not said. */
  onOrderExpectedDate: z.string().nullable(),
  isSupplier: z.boolean(),
});

/** When a line can arrive (docs/delivery-promise.md): the words every screen shows, and the date. */
export const deliverySchema = z.object({
  /**
   * 'today (pick-up)', 'tomorrow', 'Tue 2 Dec', 'on order, expected 12 Dec', 'on order', 'on order, no date yet:
   * cannot be ordered' (nothing held, inbound undated), 'only 3 available'.
   */
  text: z.string(),
  /** The calendar date ('YYYY-MM-DD') it can arrive; null when not known. */
  date: z.string().nullable(),
});

export const promotionLabelSchema = z.object({ id: z.int(), kind: promotionKindSchema, label: z.string() });

/**
 * What only a signed-in customer's answer carries: its price by price display mode (cents excl. GST),
 * stock for its state, inventories per warehouse and promotion labels. Public schemas never include these.
 */
export const tradeFields = {
  priceDisplay: priceDisplaySchema,
  priceCents: z.int().nullable(),
  rrpCents: z.int().nullable(),
  /** What the company's own warehouses hold together (supplier stock excluded). */
  stockQuantity: z.int(),
  /** Of stockQuantity, what the warehouse serving the account's state holds (shown apart from the rest). */
  localStockQuantity: z.int(),
  stockType: stockTypeSchema,
  /** The earliest date inbound stock is expected in any warehouse ('YYYY-MM-DD'); null when none is dated. */
  onOrderExpectedDate: z.string().nullable(),
  inventories: z.array(inventorySchema),
  /** When one unit (a cart line: its quantity) can arrive in the account's state if ordered now. */
  delivery: deliverySchema,
  promotions: z.array(promotionLabelSchema),
  isCashBack4Eligible: z.boolean(),
  isBuyXGetYFreeEligible: z.boolean(),
  /**
   * The account's own quantity breaks in effect today: from each quantity, the unit price it pays (cents excl. GST);
   * empty without breaks or for an account not shown trade prices (docs/integration.md, Prices).
   */
  priceBreaks: z.array(z.object({ minQuantity: z.int(), priceCents: z.int() })),
};

export const productBaseFields = {
  id: z.int(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  picture: pictureSchema,
};

export const slugQuery = z.object({ slug: z.string().trim().min(1).max(200) });
