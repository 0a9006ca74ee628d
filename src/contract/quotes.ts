import { z } from 'zod';
import { isValidAbn } from './abn';
import { cartStateSchema } from './cart';
import { buyersToo, everyCustomerUser, ownerOnly } from './customer-roles';
import { bodyId, queryId } from './ids';
import { calendarDaySchema } from './order-history';
import { moneySchema } from './order-presentation';
import { defineRoute } from './route';

export const QUOTES_PAGE_SIZE = 20;
export const QUOTES_MAX_PAGE_SIZE = 100;
export const QUOTE_MAX_LINES = 50;
/** The most cents one unit of a service may cost: $10,000. */
const SERVICE_MAX_CENTS = 1_000_000;
/** A markup of at most 1,000% (basis points). */
const MARKUP_MAX_BASIS_POINTS = 100_000;

/** The shop's own services a quote can carry beside the tyres and wheels, at the shop's prices. */
export const quoteServiceKinds = ['Fitting', 'Balancing', 'Disposal'] as const;
export type QuoteServiceKind = (typeof quoteServiceKinds)[number];
export const quoteServiceKindSchema = z.enum(quoteServiceKinds, {
  error: `Choose one of ${quoteServiceKinds.join(', ')}`,
});

const text = (what: string, max: number) =>
  z
    .string({ error: `Enter ${what}` })
    .trim()
    .max(max, `Use at most ${max} characters for ${what}`);
const cents = (max: number) =>
  z.int({ error: 'Enter an amount in whole cents' }).min(0, 'Enter an amount of $0 or more').max(max);

// ---------- Settings ----------

/** GET Quote/Settings: the shop's quoting settings (null fields until the owner saves them). */
export const quoteSettingsSchema = z.object({
  /** The name quotes carry; the account's name until the owner sets one. */
  tradingName: z.string(),
  /** 11 digits; '' until set. */
  abn: z.string(),
  /** Basis points on the account's trade price (2500 = 25%), at least 1; null quotes at RRP. */
  markupBasisPoints: z.int().nullable(),
  /** The shop's price of one of each service, cents excl. GST. */
  servicePrices: z.object({ Fitting: z.int(), Balancing: z.int(), Disposal: z.int() }),
});
export type QuoteSettings = z.infer<typeof quoteSettingsSchema>;

export const quoteSettingsRequestSchema = z.object({
  tradingName: text('a trading name', 100).min(1, 'Enter a trading name'),
  abn: z
    .string({ error: 'Enter an ABN' })
    .transform((abn) => abn.replace(/\s/g, ''))
    .refine(isValidAbn, 'This ABN is not valid: check the digits'),
  markupBasisPoints: z
    .int({ error: 'Enter the markup in basis points' })
    // 0% would quote the account's own (trade) price to whoever builds the quote; no markup quotes at RRP.
    .min(1, 'Use a markup above 0%, or none to quote at RRP')
    .max(MARKUP_MAX_BASIS_POINTS, 'Use a markup of at most 1000%')
    .nullable()
    .default(null),
  servicePrices: z.object({
    Fitting: cents(SERVICE_MAX_CENTS),
    Balancing: cents(SERVICE_MAX_CENTS),
    Disposal: cents(SERVICE_MAX_CENTS),
  }),
});
export type QuoteSettingsRequest = z.input<typeof quoteSettingsRequestSchema>;

// ---------- A quote ----------

const quantity = z.int({ error: 'Enter a quantity' }).min(1, 'Quote at least 1').max(99, 'Quote at most 99');

/** A product to quote: the server prices it (docs/quotes.md), never from a price the client sends. */
export const quoteLineRequestSchema = z.object({ productId: bodyId, quantity });

/** A service line; without a unit price, the shop's price from its quote settings. */
export const quoteServiceRequestSchema = z.object({
  kind: quoteServiceKindSchema,
  description: text('a description', 100).optional(),
  quantity,
  unitCents: cents(SERVICE_MAX_CENTS).optional(),
});

const quoteFields = z.object({
  customerName: text("the customer's name", 100).min(1, "Enter the customer's name"),
  vehicle: text('the vehicle', 100).default(''),
  validUntil: calendarDaySchema,
  notes: text('notes', 1000).default(''),
  lines: z.array(quoteLineRequestSchema).max(QUOTE_MAX_LINES).default([]),
  services: z.array(quoteServiceRequestSchema).max(QUOTE_MAX_LINES).default([]),
});
const somethingQuoted = {
  check: (quote: { lines: unknown[]; services: unknown[] }) => quote.lines.length + quote.services.length > 0,
  params: { path: ['lines'], message: 'Add at least one product or service' },
};

export const quoteRequestSchema = quoteFields.refine(somethingQuoted.check, somethingQuoted.params);
export type QuoteRequest = z.input<typeof quoteRequestSchema>;

export const quoteUpdateRequestSchema = quoteFields
  .extend({ id: bodyId })
  .refine(somethingQuoted.check, somethingQuoted.params);
export type QuoteUpdateRequest = z.input<typeof quoteUpdateRequestSchema>;

/** A product line as quoted: unit price and amount excl. GST, at the shop's price to its customer. */
export const quoteLineSchema = z.object({
  id: z.int(),
  productId: z.int(),
  sku: z.string(),
  name: z.string(),
  quantity: z.int(),
  unitPrice: moneySchema,
  amount: moneySchema,
});

export const quoteServiceLineSchema = z.object({
  id: z.int(),
  kind: quoteServiceKindSchema,
  description: z.string(),
  quantity: z.int(),
  unitPrice: moneySchema,
  amount: moneySchema,
});

/**
 * A quote as every screen and the PDF show it. Every figure is the shop's price to its own customer (RRP, or trade with
 * the owner's markup): no answer of the quote routes carries a trade price, a cost, a margin or a discount tier.
 */
export const quoteSchema = z.object({
  id: z.int(),
  /** Counts per account from 1; shown as Q-0001. */
  number: z.int(),
  reference: z.string(),
  customerName: z.string(),
  vehicle: z.string(),
  validUntil: z.string(),
  notes: z.string(),
  createdAt: z.iso.datetime({ offset: true }),
  createdBy: z.string(),
  /** Who the quote is from: the shop's trading name, and its ABN once the owner has set one. */
  shop: z.object({ tradingName: z.string(), abn: z.string().nullable() }),
  lines: z.array(quoteLineSchema),
  services: z.array(quoteServiceLineSchema),
  subtotal: moneySchema,
  gst: moneySchema,
  /** What the shop's customer pays, incl. GST. */
  total: moneySchema,
});
export type Quote = z.infer<typeof quoteSchema>;

/** An empty query parameter (`?search=`) is the same as none, as a form with an empty field sends it. */
const blankIsNone = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** GET Quote/List: the account's quotes, newest first; `search` matches the customer's name (any case, any part). */
export const quoteListQuerySchema = z.object({
  search: blankIsNone(z.string().trim().max(100, 'Search with at most 100 characters')),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(QUOTES_MAX_PAGE_SIZE).default(QUOTES_PAGE_SIZE),
});
export type QuoteListQuery = z.input<typeof quoteListQuerySchema>;

export const quoteSummarySchema = quoteSchema.pick({
  id: true,
  number: true,
  reference: true,
  customerName: true,
  vehicle: true,
  validUntil: true,
  createdAt: true,
  total: true,
});
export type QuoteSummary = z.infer<typeof quoteSummarySchema>;

export const quoteListSchema = z.object({
  quotes: z.array(quoteSummarySchema),
  totalCount: z.int().nonnegative(),
  page: z.int().positive(),
  pageSize: z.int().positive(),
  totalPages: z.int().nonnegative(),
});
export type QuoteList = z.infer<typeof quoteListSchema>;

const quoteRoute = { access: 'customer', customerRoles: everyCustomerUser, tag: 'Quote' } as const;
const byId = z.object({ id: bodyId });

export const quoteRoutes = {
  quoteSettings: defineRoute({
    ...quoteRoute,
    customerRoles: ownerOnly,
    method: 'GET',
    path: 'Quote/Settings',
    summary: "The shop's quoting settings: trading name, ABN, markup on trade and service prices (owner only)",
    response: quoteSettingsSchema,
  }),
  quoteSettingsSave: defineRoute({
    ...quoteRoute,
    customerRoles: ownerOnly,
    method: 'POST',
    path: 'Quote/Settings',
    summary: "Saves the shop's quoting settings (owner only); the ABN must pass the ATO checksum",
    body: quoteSettingsRequestSchema,
    response: quoteSettingsSchema,
  }),
  quoteList: defineRoute({
    ...quoteRoute,
    method: 'GET',
    path: 'Quote/List',
    summary: "The account's quotes, newest first, searchable by the customer's name, paged",
    query: quoteListQuerySchema,
    response: quoteListSchema,
  }),
  quoteDetails: defineRoute({
    ...quoteRoute,
    method: 'GET',
    path: 'Quote/Details',
    summary: "One of the account's quotes (404 for any other)",
    query: z.object({ id: queryId }),
    response: quoteSchema,
  }),
  quoteCreate: defineRoute({
    ...quoteRoute,
    method: 'POST',
    path: 'Quote/Create',
    summary: "Creates a quote for the shop's customer; the server prices each product at RRP or trade with the markup",
    body: quoteRequestSchema,
    response: quoteSchema,
  }),
  quoteUpdate: defineRoute({
    ...quoteRoute,
    method: 'POST',
    path: 'Quote/Update',
    summary: "Replaces a quote's customer, vehicle, dates, notes and lines; products are priced again today",
    body: quoteUpdateRequestSchema,
    response: quoteSchema,
  }),
  quoteDelete: defineRoute({
    ...quoteRoute,
    method: 'POST',
    path: 'Quote/Delete',
    summary: "Deletes one of the account's quotes",
    body: byId,
    response: byId,
  }),
  quotePdf: defineRoute({
    ...quoteRoute,
    method: 'GET',
    path: 'Quote/Pdf',
    summary: "A quote as a PDF with the shop's own name and ABN",
    query: z.object({ id: queryId }),
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array),
    produces: 'application/pdf',
  }),
  quoteToCart: defineRoute({
    ...quoteRoute,
    customerRoles: buyersToo,
    method: 'POST',
    path: 'Quote/ToCart',
    summary:
      "Adds a quote's products to the cart at the account's own prices (buyer or owner); service lines stay on the quote",
    body: byId,
    response: cartStateSchema,
  }),
};
