import { index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, users } from './foundation';

export const formKinds = ['ContactUs', 'ProductReturn', 'WarrantyClaim', 'RetailerRegister', 'DealerRegister'] as const;
export type FormKind = (typeof formKinds)[number];

/** Every form a person sent, as sent (captcha token removed), with the reference they were given. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull().unique(),
    kind: text('kind', { enum: formKinds }).notNull(),
    accountId: integer('account_id').references(() => accounts.id, { onDelete: 'set null' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('form_submissions_kind_created').on(table.kind, table.createdAt)],
);

/** Blobs the shop signed an upload for: which account may attach them to a form. */
export const uploads = pgTable(
  'uploads',
  {
    blobName: text('blob_name').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    originalFileName: text('original_file_name').notNull(),
    contentType: text('content_type').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** The blob's ETag once the server checked it and set its headers; a later change means it was overwritten. */
    verifiedEtag: text('verified_etag'),
    /** When a stored submission first referenced it; uploads never referenced are removed after a day. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [index('uploads_account').on(table.accountId)],
);
