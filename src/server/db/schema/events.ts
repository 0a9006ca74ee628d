import { sql } from 'drizzle-orm';
import { bigint, bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The transactional outbox (docs/integration.md, Events): every business change writes its event here in the
 * transaction that makes the change, so an event exists exactly when its change committed. Readers (the pull feed)
 * take events in id order.
 */
export const outboxEvents = pgTable(
  'outbox_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    type: text('type').notNull(),
    schemaVersion: integer('schema_version').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    /** What the event is about ('order:123'): events of one subject are delivered in their order. */
    subject: text('subject').notNull(),
    data: jsonb('data').notNull(),
    /**
     * The transaction that wrote the event. Ids are taken before commit, so a later id can commit first; the feed
     * answers only events older than every transaction still running, and so never skips one that commits late.
     */
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
  },
  (table) => [index('outbox_events_occurred_at_idx').on(table.occurredAt)],
);
