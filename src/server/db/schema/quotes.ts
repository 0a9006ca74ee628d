import { date, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { nonNegative } from '../non-negative';
import { accounts, users } from './foundation';

/**
 * A tyre shop's own quoting settings (docs/quotes.md), set by the account's owner: the name and ABN its quotes carry,
 * an optional markup on its trade price (otherwise quotes are at RRP) and its own prices for the service lines.
 */
export const quoteSettings = pgTable(
  'quote_settings',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    tradingName: text('trading_name').notNull(),
    /** 11 digits, checked with the ATO checksum (contract/abn.ts) before it is stored. */
    abn: text('abn').notNull(),
    /** Basis points on the account's trade price; null quotes at RRP. */
    markupBasisPoints: integer('markup_basis_points'),
    fittingCents: integer('fitting_cents').notNull().default(0),
    balancingCents: integer('balancing_cents').notNull().default(0),
    disposalCents: integer('disposal_cents').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    nonNegative('quote_settings', table.markupBasisPoints),
    nonNegative('quote_settings', table.fittingCents),
    nonNegative('quote_settings', table.balancingCents),
    nonNegative('quote_settings', table.disposalCents),
  ],
);

/** A quote a tyre shop gives its own (walk-in) customer; `number` counts per account from 1. */
export const quotes = pgTable(
  'quotes',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    createdByUserId: integer('created_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    vehicle: text('vehicle').notNull().default(''),
    /** A calendar date in the shop's time zone, inclusive. */
    validUntil: date('valid_until', { mode: 'string' }).notNull(),
    notes: text('notes').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('quotes_account_number_unique').on(table.accountId, table.number),
    index('quotes_account_created_idx').on(table.accountId, table.createdAt),
  ],
);

/** A product on a quote, at the unit price it was quoted (cents excl. GST): RRP or trade with the markup. */
export const quoteLines = pgTable(
  'quote_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
  },
  (table) => [
    index('quote_lines_quote_idx').on(table.quoteId),
    nonNegative('quote_lines', table.quantity),
    nonNegative('quote_lines', table.unitCents),
  ],
);

/** One of the shop's own services on a quote (fitting, balancing, disposal), at the shop's price, cents excl. GST. */
export const quoteServiceLines = pgTable(
  'quote_service_lines',
  {
    id: serial('id').primaryKey(),
    quoteId: integer('quote_id')
      .notNull()
      .references(() => quotes.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitCents: integer('unit_cents').notNull(),
  },
  (table) => [
    index('quote_service_lines_quote_idx').on(table.quoteId),
    nonNegative('quote_service_lines', table.quantity),
    nonNegative('quote_service_lines', table.unitCents),
  ],
);
