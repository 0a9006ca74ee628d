import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from './catalogue';
import { accounts, priceDisplayModes, users } from './foundation';
import { storedChoice } from '../stored-choice';

/** A question about one product (Form/ProductEnquiry), from a visitor or a customer. */
export const productEnquiries = pgTable(
  'product_enquiries',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    quantity: integer('quantity'),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('product_enquiries_created').on(table.createdAt)],
);

/**
 * A quote a customer mailed (Form/SelectAndEmail): to whom, and the lines exactly as the mail showed them
 * (product, size, price as shown, stock), so the shop can see later what was quoted.
 */
export const productQuoteEmails = pgTable(
  'product_quote_emails',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    toEmail: text('to_email').notNull(),
    priceMode: storedChoice('price_mode', priceDisplayModes, 'Hide').notNull(),
    note: text('note'),
    lines: jsonb('lines').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('product_quote_emails_account').on(table.accountId, table.createdAt)],
);
