import { integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';

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

/**
 * What an integration route answered to a request sent with an `Idempotency-Key`, kept so a retry of the same request
 * gets the same answer without acting twice, and a different request under a used key is refused.
 */
export const integrationIdempotency = pgTable(
  'integration_idempotency',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => integrationKeys.id, { onDelete: 'cascade' }),
    route: text('route').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request body, so the same key with another body is told apart. */
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code').notNull(),
    response: jsonb('response').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.keyId, table.route, table.idempotencyKey] })],
);
