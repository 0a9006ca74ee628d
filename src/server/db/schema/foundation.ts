import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { customerRoles } from '../../../contract/customer-roles';
import { staffRoles } from '../../../contract/staff-roles';
import { nonNegative } from '../non-negative';
import { storedChoice } from '../stored-choice';

export const priceDisplayModes = ['Trade', 'RRP', 'Hide'] as const;
export type PriceDisplayMode = (typeof priceDisplayModes)[number];

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** A trade customer. `code` is the account code (sapCode), e.g. C10001. */
export const accounts = pgTable(
  'accounts',
  {
    id: serial('id').primaryKey(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    state: text('state').notNull(),
    isMarshalKeyDealer: boolean('is_marshal_key_dealer').notNull().default(false),
    isAssociateDealer: boolean('is_associate_dealer').notNull().default(false),
    hasPitPass: boolean('has_pit_pass').notNull().default(false),
    isRestrictedSalesRetailer: boolean('is_restricted_sales_retailer').notNull().default(false),
    useTabNavigation: boolean('use_tab_navigation').notNull().default(true),
    /** Saved from Account/Details; a value outside the modes reads as the default (db/stored-choice.ts). */
    priceDisplay: storedChoice('price_display', priceDisplayModes, 'Trade').notNull().default('Trade'),
    creditLimitCents: integer('credit_limit_cents').notNull().default(0),
    termsDays: integer('terms_days').notNull().default(30),
    /** Mail the account's contact when one of its orders ships. */
    mailWhenShipped: boolean('mail_when_shipped').notNull().default(true),
    /** Set by credit staff: the account may not buy on its trading account until released, whatever its limit. */
    onHold: boolean('on_hold').notNull().default(false),
    /** Set by staff: no user of the account can sign in, and their sessions end (the existing revocation). */
    disabled: boolean('disabled').notNull().default(false),
    /** Account/Details. `state` above is the delivery state (it decides Local stock); the rest may be unset until entered. */
    contactName: text('contact_name'),
    phone: text('phone'),
    contactEmail: text('contact_email'),
    deliveryAddress1: text('delivery_address1'),
    deliveryCity: text('delivery_city'),
    deliveryPostcode: text('delivery_postcode'),
    billingAddress1: text('billing_address1'),
    billingCity: text('billing_city'),
    billingPostcode: text('billing_postcode'),
    billingState: text('billing_state'),
    createdAt: createdAt(),
  },
  (table) => [nonNegative('accounts', table.creditLimitCents)],
);

/** A person who signs in for a customer account. Emails are stored lower case. */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    disabled: boolean('disabled').notNull().default(false),
    /** One of customerRoles (src/contract/customer-roles.ts); the check keeps anything else out. */
    role: text('role').notNull().default('owner'),
    /** The owner's switch for a buyer: may pay the account's invoices. Owners always may; counter users never. */
    canPayInvoices: boolean('can_pay_invoices').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('users_email_unique').on(sql`lower(${table.email})`),
    check('users_role_known', sql`${table.role} in (${sql.raw(customerRoles.map((role) => `'${role}'`).join(', '))})`),
  ],
);

export const staffUsers = pgTable(
  'staff_users',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** One of staffRoles (src/contract/staff-roles.ts); the check keeps anything else out. */
    role: text('role').notNull().default('administrator'),
    disabled: boolean('disabled').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('staff_users_email_unique').on(sql`lower(${table.email})`),
    check(
      'staff_users_role_known',
      sql`${table.role} in (${sql.raw(staffRoles.map((role) => `'${role}'`).join(', '))})`,
    ),
  ],
);

/** Notification bar entries. A null start or end is an open end. */
export const notifications = pgTable('notifications', {
  id: serial('id').primaryKey(),
  text: text('text').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  sortOrder: integer('sort_order').notNull().default(0),
  secondsToDisplay: integer('seconds_to_display'),
  displayOnSaleIcon: boolean('display_on_sale_icon').notNull().default(false),
});

export const promotionBanners = pgTable('promotion_banners', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  alternateText: text('alternate_text').notNull(),
  linkUrl: text('link_url').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const homeMerchandise = pgTable('home_merchandise', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  imageUrl: text('image_url').notNull(),
  alternateText: text('alternate_text').notNull(),
  linkUrl: text('link_url').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

/** Site-wide settings (phone number, company name, ...), one row per key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/**
 * Opaque refresh tokens, stored as SHA-256 hashes. Each use rotates the token within its family;
 * a reused token revokes the whole family.
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    familyId: text('family_id').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // Every signed-in request asks whether its session (family) was ended (session-liveness.ts).
  (table) => [index('refresh_tokens_family').on(table.familyId)],
);
