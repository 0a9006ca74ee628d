import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { requestStatuses } from '../../../contract/requests';
import { accounts, staffUsers } from './foundation';

/**
 * Every change a staff member made in the back office: who (kept by email too, so the entry outlives the member),
 * when, what, on which subject, and the values before and after. Listed on the subject's page and, for
 * administrators, in one audit page. Acting as a customer is recorded request by request in impersonation_audit.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: serial('id').primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    /** What was done, e.g. `account.updated`, `notification.created`, `request.declined`. */
    action: text('action').notNull(),
    /** What it was done to, e.g. `account C10001`, `order 1042`, `request RET-…`. */
    subjectType: text('subject_type').notNull(),
    subjectRef: text('subject_ref').notNull(),
    /** The customer account the change touched, when it touched one, so the account's page lists it. */
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
  },
  (table) => [
    index('staff_audit_at').on(table.at),
    index('staff_audit_subject').on(table.subjectType, table.subjectRef, table.at),
    index('staff_audit_account').on(table.accountId, table.at),
  ],
);

/**
 * Where staff are with a request (a return, warranty claim, product enquiry, dealer or retailer application), by the
 * reference its sender was given. A request without a row is new.
 */
export const requestReviews = pgTable(
  'request_reviews',
  {
    reference: text('reference').primaryKey(),
    status: text('status', { enum: requestStatuses }).notNull(),
    assigneeStaffId: integer('assignee_staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('request_reviews_status').on(table.status)],
);

/** Staff's internal notes on a request; never shown to the customer. */
export const requestNotes = pgTable(
  'request_notes',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    staffEmail: text('staff_email').notNull(),
    text: text('text').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [index('request_notes_reference').on(table.reference, table.at)],
);
