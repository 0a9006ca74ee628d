import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import type { SchemaVersionChoice } from '../../../contract/events';
import { integrationKeys } from './integration';

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
    /** Turned into webhook deliveries already (webhooks/webhook-dispatcher.ts). */
    fannedOut: boolean('fanned_out').notNull().default(false),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .default(sql`(pg_current_xact_id()::text)::bigint`),
  },
  (table) => [
    index('outbox_events_occurred_at_idx').on(table.occurredAt),
    index('outbox_events_feed_idx').on(table.transactionId, table.id),
    index('outbox_events_waiting_fan_out_idx')
      .on(table.id)
      .where(sql`not ${table.fannedOut}`),
  ],
);

/** A receiver of signed webhooks (docs/integration.md, Webhooks): the event types it takes and its signing secret. */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  /** `whsec_` and the base64 key, as Standard Webhooks writes it; shown once when the endpoint is added. */
  secret: text('secret').notNull(),
  eventTypes: text('event_types').array().notNull(),
  /**
   * The schema version each event type is sent at, as chosen when the endpoint was added; a type not named goes at
   * version 1, so endpoints added before a type had a newer version keep receiving what they were built for.
   */
  schemaVersions: jsonb('schema_versions').$type<SchemaVersionChoice>().notNull().default({}),
  active: boolean('active').notNull().default(true),
  /** The integration key that registered it; null when added from the command line. */
  createdByKeyId: integer('created_by_key_id').references(() => integrationKeys.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const deliveryStates = ['pending', 'delivering', 'delivered', 'retrying', 'dead'] as const;

/**
 * One event on its way to one endpoint (machines/delivery.ts). Deliveries of one subject to one endpoint go
 * in event order: a later one waits while an earlier one is not yet delivered or dead.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    endpointId: integer('endpoint_id')
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: 'cascade' }),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => outboxEvents.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    state: text('state', { enum: deliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    /** When it may next be tried: now for a new one, after the backoff for a retry. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** While an instance is delivering it; another instance takes it over only once this has passed. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastResponseStatus: integer('last_response_status'),
    lastError: text('last_error'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('webhook_deliveries_endpoint_event_unique').on(table.endpointId, table.eventId),
    index('webhook_deliveries_due_idx').on(table.state, table.nextAttemptAt),
    index('webhook_deliveries_subject_idx').on(table.endpointId, table.subject, table.eventId),
  ],
);
