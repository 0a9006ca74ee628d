import { pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Keys the wholesaler's systems (an ERP, a stock feed) call the integration routes with; separate from the gateway's
 * API_KEY and from users' tokens. The key itself is shown once and kept only as a SHA-256 digest.
 */
export const integrationKeys = pgTable('integration_keys', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  tokenHash: text('token_hash').notNull().unique(),
  /** The key's first characters, so a person can tell keys apart in a list without the secret. */
  tokenPrefix: text('token_prefix').notNull(),
  scopes: text('scopes').array().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});
