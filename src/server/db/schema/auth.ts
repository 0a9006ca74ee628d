import { index, integer, pgTable, serial, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accounts, staffUsers, users } from './foundation';

/**
 * Password reset links: Guid names the row, Token is the secret (stored hashed). Single use, expiring. An invitation
 * (a user staff added, who has no password yet) is the same link with a longer life.
 */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  guid: uuid('guid').primaryKey(),
  purpose: text('purpose', { enum: ['reset', 'invitation'] })
    .notNull()
    .default('reset'),
  tokenHash: text('token_hash').notNull(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The same links for staff members: the first administrator's from the CLI, the others' from an administrator. */
export const staffPasswordLinks = pgTable('staff_password_links', {
  guid: uuid('guid').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Short-lived, single-use tokens a staff member mints to act as a customer (stored hashed). */
export const impersonationTokens = pgTable('impersonation_tokens', {
  id: serial('id').primaryKey(),
  tokenHash: text('token_hash').notNull().unique(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  accountId: integer('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Refresh-token families that belong to an impersonation, so a refresh keeps the impersonator. */
export const impersonationFamilies = pgTable('impersonation_families', {
  familyId: text('family_id').primaryKey(),
  staffId: integer('staff_id')
    .notNull()
    .references(() => staffUsers.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every API request made while a staff member acts as a customer, with both identities. */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: serial('id').primaryKey(),
    staffId: integer('staff_id').notNull(),
    accountId: integer('account_id').notNull(),
    userId: integer('user_id').notNull(),
    method: text('method').notNull(),
    path: text('path').notNull(),
    status: integer('status').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('impersonation_audit_staff_at').on(table.staffId, table.at)],
);
