import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './foundation';
import { invoices } from './orders';

/** A Pit Pass ledger entry: points earned (positive) or spent (negative). The balance is their sum. */
export const pitPassEntries = pgTable(
  'pit_pass_entries',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    description: text('description').notNull(),
    points: integer('points').notNull(),
    /** The purchase that earned the points; one entry per invoice at most. */
    invoiceId: integer('invoice_id')
      .unique()
      .references(() => invoices.id, { onDelete: 'set null' }),
  },
  (table) => [index('pit_pass_entries_account_idx').on(table.accountId, table.occurredAt)],
);

export const programSlugValues = ['marshall', 'Michelin', 'PitPass'] as const;

/** Every Dealer/Promotion request (claim, sign-up, redemption), as sent, with the reference the dealer was given. */
export const programSubmissions = pgTable(
  'program_submissions',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    program: text('program', { enum: programSlugValues }).notNull(),
    action: text('action').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('program_submissions_account_idx').on(table.accountId, table.createdAt)],
);
