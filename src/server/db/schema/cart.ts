import { index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products, vehicles } from './catalogue';
import { nonNegative } from '../non-negative';
import { users } from './foundation';

/** SPEC.md §4 'Accessory status of a wheel cart item'. */
export const accessoryStatuses = [
  'None',
  'ActionRequired',
  'Complete',
  'CompleteSkipped',
  'CompleteInvalidVehicle',
] as const;
export type AccessoryStatus = (typeof accessoryStatuses)[number];

/**
 * One cart per user, so people of one business at two counters never share one (an impersonating staff member works
 * on the cart of the user they act as). The row is what a cart write locks, so concurrent writes to one cart run one
 * after another.
 */
export const carts = pgTable('carts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Upper case, as entered through Cart/Discount; null when none applies. */
  discountCode: text('discount_code'),
  /** Bumped by every write; an order records the revision it was made from (see orders.cartRevision). */
  revision: integer('revision').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => carts.userId, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** The vehicle a wheel line is fitted to (DESIGN.md §5), null until chosen. */
    vehicleId: integer('vehicle_id').references(() => vehicles.id, { onDelete: 'set null' }),
    accessoryStatus: text('accessory_status', { enum: accessoryStatuses }).notNull().default('None'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('cart_items_user_idx').on(table.userId), nonNegative('cart_items', table.quantity)],
);

/** Accessories chosen for a wheel line; the quantity follows from the group rule and the line's wheel count. */
export const cartItemAccessories = pgTable(
  'cart_item_accessories',
  {
    cartItemId: integer('cart_item_id')
      .notNull()
      .references(() => cartItems.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    groupId: text('group_id').notNull(),
  },
  (table) => [primaryKey({ columns: [table.cartItemId, table.productId] })],
);

/** Discount codes a cart can carry (Cart/Discount): a percentage off every line, in basis points. */
export const discountCodes = pgTable('discount_codes', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  discountBasisPoints: integer('discount_basis_points').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
  /** How many placed orders of one account, and of all accounts, may carry the code; null is no limit. */
  usesPerAccount: integer('uses_per_account'),
  usesInTotal: integer('uses_in_total'),
});
