import { bigserial, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { deliveryStates } from './events';

/**
 * Mail waiting for the mail relay (docs/operations.md, Mail): written in the transaction of the change it tells of,
 * sent by the delivery loop (machines/delivery.ts), retried while the relay is down, dead after the last retry.
 */
export const mailMessages = pgTable(
  'mail_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    state: text('state', { enum: deliveryStates }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull(),
    /** While an instance is sending it; another instance takes it over only once this has passed. */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('mail_messages_due_idx').on(table.state, table.nextAttemptAt)],
);
