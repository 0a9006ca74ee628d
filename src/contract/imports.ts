import { z } from 'zod';
import { emailField, phoneField, postcodeField, stateCodeField } from './forms';
import { isSpeedRating, parseTyreFitments, parseTyreSize } from '../domain/tyre-size';
import { PCD_PATTERN } from './catalogue-wheels';
import { MERCHANDISE_FIELDS, PRODUCT_FIELDS, TYRE_FIELDS, WHEEL_FIELDS, requiredImportColumns } from './product-fields';
import { queryId } from './ids';
import type { IntegrationScope } from './integration';
import { defineRoute } from './route';

/**
 * The importer's contract (docs/integration.md): the entities it takes, each row's columns as zod schemas (the same
 * rules for a CSV file, a JSON Lines file, the HTTP route and the command line), and what a job answers.
 */

// ---------- Cells ----------

/** A cell as a file gives it: CSV cells are text, JSON Lines values may already be numbers or true/false. */
const cellText = z.union([z.string(), z.number(), z.boolean()]).transform((value) => String(value).trim());

const requiredText = (max: number) =>
  cellText.pipe(z.string().min(1, 'is empty').max(max, `is longer than ${max} characters`));

/** A whole number of items, 0 or more ('12', 12). */
const quantity = cellText.pipe(
  z
    .string()
    .min(1, 'is empty')
    .regex(/^\d{1,9}$/, 'is not a whole number of 0 or more')
    .transform(Number),
);

/** An Australian state or territory by its code ('VIC'). */
const australianState = cellText.pipe(z.enum(stateCodeField.options, { error: 'is not an Australian state' }));

/**
 * A column a file may leave out: absent, or an empty cell, leaves the stored value as it is (a new row takes the
 * default).
 */
const leftAsIs = <T>(schema: z.ZodType<T, string>) =>
  cellText
    .transform((text) => (text === '' ? undefined : text))
    .pipe(schema.optional())
    .optional();

/** yes/no, y/n, true/false or 1/0, in any case. */
const yesOrNo = z
  .string()
  .transform((text) => text.toLowerCase())
  .pipe(
    z
      .enum(['yes', 'y', 'true', '1', 'no', 'n', 'false', '0'], { error: 'is not yes or no' })
      .transform((text) => ['yes', 'y', 'true', '1'].includes(text)),
  );

/**
 * A decimal with at most two places ('123.45', '7.5', '99') in hundredths, read without floating point: dollars to
 * cents, a percentage to basis points.
 */
const hundredthsOf = (decimal: string) => {
  const [whole = '0', fraction = ''] = decimal.split('.');
  return Number(whole) * 100 + Number(fraction.padEnd(2, '0'));
};

/** Dollars and cents as an ERP writes them ('1234.50', '1234'), as integer cents. */
const dollars = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, 'is not an amount in dollars such as 123.45')
  .transform(hundredthsOf);

// ---------- Entities ----------

export const importModes = ['row-wise', 'all-or-nothing', 'dry-run'] as const;
export type ImportMode = (typeof importModes)[number];
export const importModeSchema = z.enum(importModes);

/** One stock level: the quantity on hand of a SKU in a warehouse (its code, or the name customers see). */
export const stockLevelRowSchema = z.object({
  sku: requiredText(64),
  warehouse: requiredText(64),
  quantity,
});
export type StockLevelRow = z.output<typeof stockLevelRowSchema>;

/** A warehouse: the company's own (serving a state) or a supplier's stock (no state). */
export const warehouseRowSchema = z
  .object({
    code: requiredText(32),
    name: requiredText(64),
    kind: cellText.pipe(z.enum(['own', 'supplier'], { error: "is not 'own' or 'supplier'" })),
    state: z.union([cellText.pipe(z.literal('')).transform(() => null), australianState]),
    /** The local time after which orders are dispatched the next business day ('14:00'). */
    dispatch_cutoff: leftAsIs(z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'is not a time of day such as 14:00')),
    /** Business days from dispatch to a customer in another state (supplier stock: to any customer). */
    transit_days: leftAsIs(
      z
        .string()
        .regex(/^\d{1,2}$/, 'is not a number of days')
        .transform(Number),
    ),
  })
  .refine((row) => (row.kind === 'own') === (row.state !== null), {
    path: ['state'],
    message: 'is needed for an own warehouse and empty for a supplier',
  });
export type WarehouseRow = z.output<typeof warehouseRowSchema>;

/**
 * A trade customer by its account code. Only `code`, `name` and `state` (the delivery state, which picks the local
 * warehouse) are needed; every other column may be left out, and an empty cell leaves the value as it is.
 */
export const accountRowSchema = z.object({
  code: cellText.pipe(
    z
      .string()
      .min(1, 'is empty')
      .max(32, 'is longer than 32 characters')
      .regex(/^[A-Za-z0-9][A-Za-z0-9_-]*$/, 'is not an account code (letters, digits, dashes)')
      .transform((code) => code.toUpperCase()),
  ),
  name: requiredText(200),
  state: australianState,
  credit_limit: leftAsIs(dollars),
  terms_days: leftAsIs(
    z
      .string()
      .regex(/^\d{1,3}$/, 'is not a number of days')
      .transform(Number),
  ),
  contact_name: leftAsIs(z.string().max(200, 'is longer than 200 characters')),
  contact_email: leftAsIs(emailField),
  phone: leftAsIs(phoneField),
  delivery_address: leftAsIs(z.string().max(200, 'is longer than 200 characters')),
  delivery_city: leftAsIs(z.string().max(100, 'is longer than 100 characters')),
  delivery_postcode: leftAsIs(postcodeField),
  billing_address: leftAsIs(z.string().max(200, 'is longer than 200 characters')),
  billing_city: leftAsIs(z.string().max(100, 'is longer than 100 characters')),
  billing_postcode: leftAsIs(postcodeField),
  billing_state: leftAsIs(z.enum(stateCodeField.options, { error: 'is not an Australian state' })),
  marshal_key_dealer: leftAsIs(yesOrNo),
  associate_dealer: leftAsIs(yesOrNo),
  pit_pass: leftAsIs(yesOrNo),
  restricted_sales_retailer: leftAsIs(yesOrNo),
});
export type AccountRow = z.output<typeof accountRowSchema>;

/**
 * A person who signs in for a customer account, by email. A new user has no password: they choose one through
 * 'Forgot password?' on the sign-in page. `active` false disables the user and ends their sessions.
 */
export const accountUserRowSchema = z.object({
  email: cellText.pipe(emailField),
  account: requiredText(32),
  name: requiredText(200),
  active: leftAsIs(yesOrNo),
});
export type AccountUserRow = z.output<typeof accountUserRowSchema>;

/** A picture's SKU: its entry's name without folders or extension, as written ('Tyres/abc123.JPG' is abc123). */
export function skuOfPictureName(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return (dot > 0 ? base.slice(0, dot) : base).trim();
}

/** A product's picture: one entry of a zip, named by the product's SKU, with its bytes as read. */
export const pictureRowSchema = z
  .object({
    file: z.string().refine((name) => {
      const sku = skuOfPictureName(name);
      return sku.length > 0 && sku.length <= 64;
    }, 'does not name a SKU'),
    content: z.instanceof(Uint8Array, { error: 'is not a file' }),
  })
  .transform((row) => ({ ...row, sku: skuOfPictureName(row.file) }));
export type PictureRow = z.output<typeof pictureRowSchema>;
/** A cell a file may leave out or leave empty: '' then. */
const optionalText = cellText.optional().transform((value) => value ?? '');

/** A calendar date 'YYYY-MM-DD' that exists, or null when empty. */
const optionalDate = optionalText.pipe(
  z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2})?$/, 'is not a date YYYY-MM-DD')
    .refine(
      (text) => text === '' || new Date(`${text}T00:00:00Z`).toISOString().startsWith(text),
      'is not a date YYYY-MM-DD',
    )
    .transform((text) => (text === '' ? null : text)),
);

/**
 * An account's own price for a SKU, from a quantity and within dates (both inclusive, open when empty). An empty
 * price removes the price of that account, SKU, minimum quantity and start date.
 */
export const customerPriceRowSchema = z
  .object({
    account: requiredText(32),
    sku: requiredText(64),
    price: cellText.transform((text) => (text === '' ? null : text)).pipe(dollars.nullable()),
    min_quantity: optionalText.pipe(
      z
        .string()
        .regex(/^(\d{1,9})?$/, 'is not a whole number of 1 or more')
        .transform((text) => (text === '' ? 1 : Number(text)))
        .refine((value) => value >= 1, 'is not a whole number of 1 or more'),
    ),
    valid_from: optionalDate,
    valid_to: optionalDate,
  })
  .refine((row) => row.valid_from === null || row.valid_to === null || row.valid_from <= row.valid_to, {
    path: ['valid_to'],
    message: 'is before valid_from',
  });
export type CustomerPriceRow = z.output<typeof customerPriceRowSchema>;

const requiredDollars = cellText.pipe(z.string().min(1, 'is empty')).pipe(dollars);

/** A product's base prices: trade (before any tier or own price) and RRP, dollars excl. GST. */
export const priceRowSchema = z.object({ sku: requiredText(64), trade: requiredDollars, rrp: requiredDollars });
export type PriceRow = z.output<typeof priceRowSchema>;

/** A brand's discount on a tier, a percentage off the trade price ('7.5'); an empty discount removes it. */
export const brandTierRowSchema = z.object({
  tier: requiredText(64),
  brand: requiredText(64),
  discount: cellText.pipe(
    z
      .string()
      .regex(/^(\d{1,3}(\.\d{1,2})?)?$/, 'is not a percentage such as 7.5')
      .transform((text) => (text === '' ? null : hundredthsOf(text)))
      .refine((basisPoints) => basisPoints === null || basisPoints <= 10_000, 'is more than 100'),
  ),
});
export type BrandTierRow = z.output<typeof brandTierRowSchema>;

/** The tier an account is on, by the account's code and the tier's name; an empty tier takes it off its tier. */
export const accountTierRowSchema = z.object({
  account: requiredText(32),
  tier: cellText.pipe(
    z
      .string()
      .max(64, 'is longer than 64 characters')
      .transform((text) => (text === '' ? null : text)),
  ),
});
export type AccountTierRow = z.output<typeof accountTierRowSchema>;

/**
 * Inbound stock: the quantity on order of a SKU for a warehouse and, optionally, the day it is expected there (a
 * calendar date in the warehouse's state).
 */
export const inboundStockRowSchema = z.object({
  sku: requiredText(64),
  warehouse: requiredText(64),
  quantity,
  expected: optionalDate,
});
export type InboundStockRow = z.output<typeof inboundStockRowSchema>;

/** A calendar date 'YYYY-MM-DD' that exists. */
const requiredDate = optionalDate.pipe(z.string({ error: 'is empty' }));

/** An amount in dollars that may be negative ('-12.50'): an invoice line for a discount or a credit. */
const signedDollars = cellText.pipe(
  z
    .string()
    .regex(/^-?\d{1,9}(\.\d{1,2})?$/, 'is not an amount in dollars such as 123.45')
    .transform((text) => (text.startsWith('-') ? -hundredthsOf(text.slice(1)) : hundredthsOf(text))),
);

/**
 * An invoice the wholesaler's ERP issued, by its number: the account it is to, the day it was issued and the day it
 * is due (Melbourne days), the shop's order it invoices if any, and its amounts in dollars. What it owes is its
 * total less what was paid (in the shop, or outside it: the invoice-payments entity); `paid` is not a column here.
 */
export const invoiceRowSchema = z
  .object({
    invoice_number: cellText.pipe(
      z
        .string()
        .min(1, 'is empty')
        .max(32, 'is longer than 32 characters')
        .regex(/^[A-Za-z0-9][A-Za-z0-9/_-]*$/, 'is not an invoice number (letters, digits, dashes)'),
    ),
    account: requiredText(32),
    issued: requiredDate,
    due: requiredDate,
    order_number: optionalText.pipe(
      z
        .string()
        .regex(/^(\d{1,9})?$/, "is not one of the shop's order numbers")
        .transform((text) => (text === '' ? null : Number(text))),
    ),
    subtotal: requiredDollars,
    discount: optionalText.pipe(z.union([z.literal('').transform(() => 0), dollars])),
    shipping: optionalText.pipe(z.union([z.literal('').transform(() => 0), dollars])),
    tax: requiredDollars,
    total: requiredDollars,
  })
  .refine((row) => row.issued <= row.due, { path: ['due'], message: 'is before issued' })
  .refine((row) => row.total === row.subtotal - row.discount + row.shipping + row.tax, {
    path: ['total'],
    message: 'is not subtotal − discount + shipping + tax',
  });
export type InvoiceRow = z.output<typeof invoiceRowSchema>;

/**
 * A line of an ERP invoice, by the invoice's number and the line's number on it: what was sold, how many, and for
 * how much (dollars excl. GST; a discount or credit line may be negative).
 */
export const invoiceLineRowSchema = z.object({
  invoice_number: requiredText(32),
  line: cellText.pipe(
    z
      .string()
      .regex(/^[1-9]\d{0,3}$/, 'is not a line number from 1 to 9999')
      .transform(Number),
  ),
  sku: requiredText(64),
  description: requiredText(200),
  brand: optionalText.pipe(z.string().max(64, 'is longer than 64 characters')),
  category: optionalText.pipe(z.string().max(64, 'is longer than 64 characters')),
  quantity,
  unit_price: signedDollars,
  line_total: signedDollars,
});
export type InvoiceLineRow = z.output<typeof invoiceLineRowSchema>;

/**
 * What one payment taken outside the shop (at the counter, by bank transfer) put towards one invoice, as the ERP
 * records it: by the payment's reference and the invoice's number, the amount as a level (sent again, nothing changes;
 * 0 takes it back), and the day it was paid.
 */
export const invoicePaymentRowSchema = z.object({
  reference: requiredText(64),
  invoice_number: requiredText(32),
  amount: requiredDollars,
  paid: requiredDate,
});
export type InvoicePaymentRow = z.output<typeof invoicePaymentRowSchema>;

/** A whole number in a range, with an optional sign ('-25', '+10', 30). */
const wholeNumber = (min: number, max: number) =>
  cellText.pipe(
    z
      .string()
      .min(1, 'is empty')
      .regex(/^[+-]?\d{1,4}$/, 'is not a whole number')
      .transform(Number)
      .pipe(z.number().min(min, `is less than ${min}`).max(max, `is more than ${max}`)),
  );

/** A measure with at most one decimal place in a range ('106.1', '8.5', 7). */
const tenths = (min: number, max: number) =>
  cellText.pipe(
    z
      .string()
      .min(1, 'is empty')
      .regex(/^\d{1,4}(\.\d)?$/, 'is not a number with at most one decimal place')
      .transform(Number)
      .pipe(z.number().min(min, `is less than ${min}`).max(max, `is more than ${max}`)),
  );

/** A stud thread: metric 'M12x1.5' (any case) or imperial '1/2 UNF'. */
const thread = cellText.pipe(
  z.union(
    [
      z
        .string()
        .regex(/^m\d{1,2}x\d(\.\d{1,2})?$/i)
        .transform((text) => `M${text.slice(1).toLowerCase()}`),
      z
        .string()
        .regex(/^\d{1,2}\/\d{1,2}"? UN[CF]$/i)
        .transform((text) => text.toUpperCase()),
    ],
    { error: 'is not a stud thread such as M12x1.5 or 1/2 UNF' },
  ),
);

/** The fitments a vehicle came with, as parseTyreFitments reads them (src/domain/tyre-size.ts). */
const tyreFitments = cellText.transform((text, context) => {
  const parsed = parseTyreFitments(text);
  if ('unreadable' in parsed) {
    context.addIssue({
      code: 'custom',
      message: `'${parsed.unreadable}' is not a size such as 265/65R17, or F 245/40R19 R 275/35R19 when staggered`,
    });
    return z.NEVER;
  }
  if (parsed.fitments.length === 0) {
    context.addIssue({ code: 'custom', message: 'is empty' });
    return z.NEVER;
  }
  return parsed.fitments;
});

/**
 * A vehicle, one make, model and series, with the wheel fitment the cart's checks read and the tyre sizes it came
 * with. The wheel seat is the wheel's, not the vehicle's, so there is no seat column.
 */
export const vehicleRowSchema = z
  .object({
    make: requiredText(64),
    model: requiredText(64),
    series: requiredText(64),
    year_from: wholeNumber(1900, 2100),
    year_to: cellText.pipe(
      z
        .string()
        .regex(/^(\d{1,4})?$/, 'is not a whole number')
        .transform((text) => (text === '' ? null : Number(text)))
        .pipe(z.number().min(1900, 'is less than 1900').max(2100, 'is more than 2100').nullable()),
    ),
    pcd: cellText.pipe(z.string().toLowerCase().regex(PCD_PATTERN, 'is not a bolt pattern such as 6x139.7')),
    centre_bore: tenths(40, 200),
    thread,
    fastener: cellText.pipe(
      z
        .string()
        .toLowerCase()
        .pipe(z.enum(['nut', 'bolt'], { error: "is not 'nut' or 'bolt'" }))
        .transform((fastener) => (fastener === 'bolt' ? 'Bolt' : 'Nut')),
    ),
    offset_min: wholeNumber(-100, 100),
    offset_max: wholeNumber(-100, 100),
    diameter_min: wholeNumber(12, 26),
    diameter_max: wholeNumber(12, 26),
    width_min: tenths(4, 14),
    width_max: tenths(4, 14),
    tpms: cellText.pipe(yesOrNo),
    tyre_sizes: tyreFitments,
    active: leftAsIs(yesOrNo),
  })
  .refine((row) => row.year_to === null || row.year_to >= row.year_from, {
    path: ['year_to'],
    message: 'is before year_from',
  })
  .refine((row) => row.offset_max >= row.offset_min, { path: ['offset_max'], message: 'is less than offset_min' })
  .refine((row) => row.diameter_max >= row.diameter_min, {
    path: ['diameter_max'],
    message: 'is less than diameter_min',
  })
  .refine((row) => row.width_max >= row.width_min, { path: ['width_max'], message: 'is less than width_min' });
export type VehicleRow = z.output<typeof vehicleRowSchema>;

// ---------- Products ----------

/** Dollars excl. GST as the price lists give them ('123.45', '99'), to integer cents; never empty. */
const price = cellText.pipe(z.string().min(1, 'is empty')).pipe(dollars);

/** yes or no (true/false, 1/0); left out or empty it is `fallback`. */
const flag = (fallback: boolean) => leftAsIs(yesOrNo).transform((value) => value ?? fallback);

/** A text column a row may leave out or leave empty: the product keeps its value (a new one takes the default). */
const productText = (max: number) => leftAsIs(z.string().max(max, `is longer than ${max} characters`));

/**
 * What every product row has. `active` false retires the product (docs/integration.md, retiring a product); left out
 * or empty it is true. A `description` left out or empty keeps the one the product has (a new product's is empty).
 */
const productFields = {
  sku: requiredText(64).pipe(
    z.string().regex(/^[A-Za-z0-9][A-Za-z0-9._/-]*$/, 'is not a SKU (letters, digits, . _ / -)'),
  ),
  name: requiredText(200),
  brand: requiredText(64),
  description: productText(2000),
  trade: price,
  rrp: price,
  active: flag(true),
};

/** A tyre: its size as the shop spells it ('265/65R17', 'LT265/75R16'); the ratings in their own columns. */
export const tyreRowSchema = z.object({
  ...productFields,
  pattern: requiredText(100),
  size: cellText.transform((text, context) => {
    const size = parseTyreSize(text);
    if (!size || size.profile === null || size.diameter === null || size.loadRating !== null) {
      context.addIssue({ code: 'custom', message: "is not a tyre size ('265/65R17', 'LT265/75R16')" });
      return z.NEVER;
    }
    // The shop keeps 'LT' (light truck) or nothing: a 'P' (passenger metric) size is the plain one.
    return {
      prefix: size.prefix === 'LT' ? ('LT' as const) : null,
      width: size.width,
      profile: size.profile,
      diameter: size.diameter,
    };
  }),
  load_rating: cellText.pipe(z.string().regex(/^\d{2,3}(\/\d{2,3})?$/, "is not a load rating ('112', '121/118')")),
  speed_rating: cellText
    .transform((text) => text.toUpperCase())
    .pipe(z.string().refine(isSpeedRating, 'is not a speed rating')),
  category: requiredText(64),
  season: requiredText(64),
  run_flat: flag(false),
  extra_load: flag(false),
});
export type TyreRow = z.output<typeof tyreRowSchema>;

/** Bolt patterns: '6x139.7', several separated by spaces, ';' or '/'. */
const boltPatterns = cellText.transform((text, context) => {
  const pcds = text
    .split(/[\s;/]+/)
    .filter((part) => part !== '')
    .map((part) => part.toLowerCase());
  if (pcds.length === 0 || !pcds.every((pcd) => PCD_PATTERN.test(pcd))) {
    context.addIssue({ code: 'custom', message: "is not bolt patterns ('6x139.7 6x114.3')" });
    return z.NEVER;
  }
  return [...new Set(pcds)];
});

export const wheelSeats = ['Conical', 'Ball', 'Flat'] as const;

/** A wheel: its rim diameter (`size`) and width in inches, drillings, offset in mm, centre bore and nut seat. */
export const wheelRowSchema = z.object({
  ...productFields,
  design: requiredText(100),
  colour: requiredText(64),
  performance: requiredText(64),
  size: wholeNumber(10, 30),
  width: tenths(3, 20),
  pcds: boltPatterns,
  offset: wholeNumber(-99, 99),
  centre_bore: tenths(40, 200),
  seat: cellText.pipe(
    z
      .string()
      .transform((text) => wheelSeats.find((seat) => seat.toLowerCase() === text.toLowerCase()) ?? text)
      .pipe(z.enum(wheelSeats, { error: "is not 'Conical', 'Ball' or 'Flat'" })),
  ),
  spokes: wholeNumber(3, 20),
});
export type WheelRow = z.output<typeof wheelRowSchema>;

/**
 * An accessory or other merchandise item: its subcategory (slug or name; created in `parent_category` when new) and
 * the specs the cart's accessory step reads, each an optional column.
 */
export const accessoryRowSchema = z.object({
  ...productFields,
  category: requiredText(64),
  parent_category: productText(64),
  thread: productText(32),
  seat: leftAsIs(z.enum(wheelSeats, { error: "is not 'Conical', 'Ball' or 'Flat'" })),
  fastener: leftAsIs(z.enum(['Nut', 'Bolt'], { error: "is not 'Nut' or 'Bolt'" })),
  finish: productText(32),
  length: leftAsIs(z.string().regex(/^\d{1,3}mm$/, "is not a length in mm ('28mm')")),
  outer_bore: leftAsIs(z.string().regex(/^\d{2,3}\.\d$/, "is not a bore in mm ('106.1')")),
  inner_bore: leftAsIs(z.string().regex(/^\d{2,3}\.\d$/, "is not a bore in mm ('93.1')")),
  tpms_frequency_mhz: leftAsIs(z.string().regex(/^\d{3}$/, "is not a frequency in MHz ('433')")),
  pack_of: leftAsIs(z.string().regex(/^[1-9]\d{0,3}$/, 'is not a number of pieces')),
});
export type AccessoryRow = z.output<typeof accessoryRowSchema>;

interface ImportEntity {
  /** The scope an integration key needs to import it. */
  readonly scope: IntegrationScope;
  readonly row: z.ZodType<Record<string, unknown>, Record<string, unknown>>;
  /** The columns a file must have; the natural key first. */
  readonly columns: readonly string[];
  readonly summary: string;
  /** The file is a zip whose entries are the rows (a picture each), not CSV or JSON Lines. */
  readonly zip?: true;
}

export const importEntities = {
  warehouses: {
    scope: 'catalogue',
    row: warehouseRowSchema,
    columns: ['code', 'name', 'kind', 'state'],
    summary:
      "The wholesaler's warehouses by code: the company's own (with the state each serves) and supplier stock (no state). The name is what customers see in the stock breakdown.",
  },
  'stock-deltas': {
    scope: 'stock',
    row: stockLevelRowSchema,
    columns: ['sku', 'warehouse', 'quantity'],
    summary:
      'Stock levels that changed: only the listed SKU and warehouse pairs change, each set to the quantity on hand given (a level, not an increment, so a feed replayed twice gives the same stock).',
  },
  stock: {
    scope: 'stock',
    row: stockLevelRowSchema,
    columns: ['sku', 'warehouse', 'quantity'],
    summary:
      'A full stock snapshot of the warehouses it names: listed pairs are set to the quantity given, and every other product of those warehouses to 0.',
  },
  accounts: {
    scope: 'accounts',
    row: accountRowSchema,
    columns: ['code', 'name', 'state'],
    summary:
      "Trade customers by account code: name, delivery state, credit limit and terms, contact, addresses and programs. A column left out or an empty cell leaves the account's value as it is.",
  },
  users: {
    scope: 'accounts',
    row: accountUserRowSchema,
    columns: ['email', 'account', 'name'],
    summary:
      "People who sign in for a customer account, by email. A new user chooses a password through 'Forgot password?' on the sign-in page; active false disables the user and ends their sessions.",
  },
  pictures: {
    scope: 'catalogue',
    row: pictureRowSchema,
    columns: ['file'],
    summary:
      "Product pictures: a zip of JPEG, PNG or WebP files each named by its product's SKU (ABC123.jpg); each replaces the picture the shop draws for that product.",
    zip: true,
  },
  'customer-prices': {
    scope: 'prices',
    row: customerPriceRowSchema,
    columns: ['account', 'sku', 'price'],
    summary:
      "An account's own prices by SKU (dollars excl. GST), optionally from a quantity (min_quantity) and within dates (valid_from, valid_to); an empty price removes that price. They beat the account's brand tier (docs/integration.md, Prices).",
  },
  prices: {
    scope: 'prices',
    row: priceRowSchema,
    columns: ['sku', 'trade', 'rrp'],
    summary:
      "Products' base prices by SKU, dollars excl. GST: the trade price (before the account's tier or own prices) and the RRP.",
  },
  'brand-tiers': {
    scope: 'prices',
    row: brandTierRowSchema,
    columns: ['tier', 'brand', 'discount'],
    summary:
      "Each tier's discount per brand, a percentage off the trade price ('7.5'); a tier named for the first time is created, an empty discount removes the brand's discount from the tier.",
  },
  'account-tiers': {
    scope: 'prices',
    row: accountTierRowSchema,
    columns: ['account', 'tier'],
    summary:
      'The tier each account is on, by account code and tier name; an empty tier takes the account off its tier.',
  },
  'inbound-stock': {
    scope: 'stock',
    row: inboundStockRowSchema,
    columns: ['sku', 'warehouse', 'quantity'],
    summary:
      'Stock on order: each listed SKU and warehouse pair is set to the quantity inbound and the day it is expected (optional; a quantity of 0 clears it). The quantity on hand is kept.',
  },
  vehicles: {
    scope: 'catalogue',
    row: vehicleRowSchema,
    columns: [
      'make',
      'model',
      'series',
      'year_from',
      'year_to',
      'pcd',
      'centre_bore',
      'thread',
      'fastener',
      'offset_min',
      'offset_max',
      'diameter_min',
      'diameter_max',
      'width_min',
      'width_max',
      'tpms',
      'tyre_sizes',
    ],
    summary:
      "Vehicles by make, model and series: years, wheel fitment (PCD, centre bore, stud thread, nuts or bolts, offset, rim diameter and width ranges, TPMS) and the tyre sizes it came with, which replace the vehicle's sizes. A new make is created.",
  },
  tyres: {
    scope: 'catalogue',
    row: tyreRowSchema,
    columns: requiredImportColumns(PRODUCT_FIELDS, TYRE_FIELDS),
    summary:
      'Tyres by SKU: name, brand, prices (dollars excl. GST), pattern, size, ratings, category, season, run flat and extra load; active false retires one.',
  },
  wheels: {
    scope: 'catalogue',
    row: wheelRowSchema,
    columns: requiredImportColumns(PRODUCT_FIELDS, WHEEL_FIELDS),
    summary:
      'Wheels by SKU: name, brand, prices (dollars excl. GST), design, colour, range, size, width, bolt patterns, offset, centre bore, seat and spokes; active false retires one.',
  },
  invoices: {
    scope: 'invoices',
    row: invoiceRowSchema,
    columns: ['invoice_number', 'account', 'issued', 'due', 'subtotal', 'tax', 'total'],
    summary:
      "Invoices the ERP issued, by number: the account, issue and due days, the shop's order it invoices (order_number), and its amounts in dollars. The account's credit used is what its invoices owe plus its orders on account not yet invoiced.",
  },
  'invoice-lines': {
    scope: 'invoices',
    row: invoiceLineRowSchema,
    columns: ['invoice_number', 'line', 'sku', 'description', 'quantity', 'unit_price', 'line_total'],
    summary:
      'The lines of ERP invoices, by invoice number and line number: SKU, description, brand, category, quantity, unit price and line total (dollars excl. GST; negative for a discount or credit line).',
  },
  'invoice-payments': {
    scope: 'invoices',
    row: invoicePaymentRowSchema,
    columns: ['reference', 'invoice_number', 'amount', 'paid'],
    summary:
      "Payments taken outside the shop, by the payment's reference and each invoice it paid: the amount put towards that invoice (a level: sent again it changes nothing, 0 takes it back) and the day. An amount beyond what the invoice owes is refused.",
  },
  accessories: {
    scope: 'catalogue',
    row: accessoryRowSchema,
    columns: requiredImportColumns(PRODUCT_FIELDS, MERCHANDISE_FIELDS),
    summary:
      "Accessories and other merchandise by SKU: name, brand, prices (dollars excl. GST), subcategory, and the specs the cart's accessory step reads; active false retires one.",
  },
} as const satisfies Record<string, ImportEntity>;
export type ImportEntityName = keyof typeof importEntities;
export const importEntityNames = Object.keys(importEntities) as ImportEntityName[];
export const importEntitySchema = z.enum(importEntityNames as [ImportEntityName, ...ImportEntityName[]]);
/** Whether an entity's file is a zip whose entries are its rows (else CSV or JSON Lines). */
export const importsZip = (entity: ImportEntityName): boolean => 'zip' in importEntities[entity];

// ---------- Jobs ----------

export const importJobStates = ['queued', 'validating', 'applying', 'done', 'failed', 'cancelled'] as const;
export type ImportJobState = (typeof importJobStates)[number];

export const importCountsSchema = z.object({
  read: z.int(),
  created: z.int(),
  updated: z.int(),
  unchanged: z.int(),
  failed: z.int(),
});
export type ImportCounts = z.infer<typeof importCountsSchema>;
export const NO_IMPORT_COUNTS: ImportCounts = { read: 0, created: 0, updated: 0, unchanged: 0, failed: 0 };

/** One refused row: the file's own line (the header is line 1), the column, an excerpt of the value, and why. */
export const importRowErrorSchema = z.object({
  line: z.int(),
  column: z.string(),
  value: z.string(),
  reason: z.string(),
});
export type ImportRowError = z.infer<typeof importRowErrorSchema>;

export const importJobSchema = z.object({
  id: z.int(),
  entity: importEntitySchema,
  mode: importModeSchema,
  state: z.enum(importJobStates),
  counts: importCountsSchema,
  /** Rows looked at so far in the current step, for a progress bar. */
  progressRows: z.int(),
  startedBy: z.string(),
  fileName: z.string(),
  fileBytes: z.int(),
  createdAt: z.iso.datetime({ offset: true }),
  finishedAt: z.iso.datetime({ offset: true }).nullable(),
  /** Why a failed job failed, in a sentence. */
  failure: z.string().nullable(),
  /** The first refused rows; all of them come as CSV from Integration/ImportErrors. */
  errors: z.array(importRowErrorSchema),
});
export type ImportJob = z.infer<typeof importJobSchema>;

const jobIdQuery = z.strictObject({ id: queryId });

export const importRoutes = {
  integrationImport: defineRoute({
    method: 'GET',
    path: 'Integration/Import',
    access: 'integration',
    tag: 'Integration',
    summary: 'One import job: its state, counts, progress and first refused rows',
    query: jobIdQuery,
    response: importJobSchema,
  }),
  integrationImports: defineRoute({
    method: 'GET',
    path: 'Integration/Imports',
    access: 'integration',
    tag: 'Integration',
    summary: 'The latest import jobs, newest first',
    response: z.object({ jobs: z.array(importJobSchema) }),
  }),
  integrationImportErrors: defineRoute({
    method: 'GET',
    path: 'Integration/ImportErrors',
    access: 'integration',
    tag: 'Integration',
    summary: 'Every refused row of an import job as CSV: line, column, value, reason',
    query: jobIdQuery,
    response: z.string(),
    produces: 'text/csv; charset=utf-8',
  }),
};
