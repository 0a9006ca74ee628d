import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgSequence,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { nonNegative } from '../non-negative';
import { accounts } from './foundation';

export const productKinds = ['Tyre', 'Wheel', 'Merchandise'] as const;
export type ProductKind = (typeof productKinds)[number];

export const warehouseKinds = ['own', 'supplier'] as const;
export type WarehouseKind = (typeof warehouseKinds)[number];

export const promotionKinds = ['CashBack4', 'BuyXGetYFree'] as const;
export type PromotionKind = (typeof promotionKinds)[number];

/**
 * DESIGN.md §5: the company's own warehouses (one per mainland state, `state` set) and the supplier kinds
 * ('WEST COAST STOCK', 'EAST COAST STOCK', 'SUPPLIER STOCK', `state` null).
 */
export const warehouses = pgTable('warehouses', {
  id: serial('id').primaryKey(),
  /** The wholesaler's own code for it (an ERP's location code): what import files name it by, besides its name. */
  code: text('code').unique(),
  name: text('name').notNull().unique(),
  kind: text('kind', { enum: warehouseKinds }).notNull(),
  state: text('state'),
  sortOrder: integer('sort_order').notNull().default(0),
  /** The local time ('HH:MM', in the warehouse's state; the customer's for supplier stock) after which orders go the next business day. */
  dispatchCutoff: text('dispatch_cutoff').notNull().default('14:00'),
  /** Business days from dispatch to a customer in another state (supplier stock: to any customer). */
  transitDays: integer('transit_days').notNull().default(2),
});

/** Every sellable thing. Prices are integer cents excl. GST. */
export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: productKinds }).notNull(),
    sku: text('sku').notNull().unique(),
    slug: text('slug').notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull(),
    description: text('description').notNull().default(''),
    imageUrl: text('image_url').notNull(),
    /**
     * The blob holding the picture imported for this product (docs/integration.md, pictures), null while it shows its
     * drawn picture.
     */
    pictureBlob: text('picture_blob'),
    rrpCents: integer('rrp_cents').notNull(),
    tradeCents: integer('trade_cents').notNull(),
    /** False retires the product (an import's `active`): gone from search and ordering, kept in history. */
    published: boolean('published').notNull().default(true),
  },
  (table) => [
    index('products_kind_idx').on(table.kind),
    // Import files name products by SKU in any case: every import batch looks its SKUs up by upper(sku).
    index('products_upper_sku_idx').on(sql`upper(${table.sku})`),
    index('products_brand_idx').on(table.brand),
    nonNegative('products', table.rrpCents),
    nonNegative('products', table.tradeCents),
  ],
);

export const tyres = pgTable(
  'tyres',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    /** 'LT' for light-truck sizes, else null (passenger metric). */
    sizePrefix: text('size_prefix'),
    width: integer('width').notNull(),
    profile: integer('profile').notNull(),
    diameter: integer('diameter').notNull(),
    loadRating: text('load_rating').notNull(),
    speedRating: text('speed_rating').notNull(),
    category: text('category').notNull(),
    season: text('season').notNull(),
    runFlat: boolean('run_flat').notNull().default(false),
    extraLoad: boolean('extra_load').notNull().default(false),
  },
  (table) => [index('tyres_size_idx').on(table.diameter, table.width, table.profile)],
);

export const wheels = pgTable(
  'wheels',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    design: text('design').notNull(),
    colour: text('colour').notNull(),
    /** The range the wheel is sold in: 'Street', '4WD', 'Performance', 'Commercial'. */
    performance: text('performance').notNull(),
    /** Rim diameter in inches. */
    size: integer('size').notNull(),
    /** Rim width in inches (7.5, 8.5, ...). */
    width: numeric('width', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    /** Bolt patterns the wheel is drilled for, e.g. '6x139.7'. */
    pcds: text('pcds').array().notNull(),
    offset: integer('offset').notNull(),
    centreBore: numeric('centre_bore', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    /** Nut or bolt seat: 'Conical', 'Ball', 'Flat'. */
    seat: text('seat').notNull(),
    spokes: integer('spokes').notNull(),
  },
  (table) => [index('wheels_size_idx').on(table.size, table.width)],
);

export const merchandiseCategories = pgTable('merchandise_categories', {
  id: serial('id').primaryKey(),
  parentId: integer('parent_id'),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  sortOrder: integer('sort_order').notNull().default(0),
});

export const merchandise = pgTable('merchandise', {
  productId: integer('product_id')
    .primaryKey()
    .references(() => products.id, { onDelete: 'cascade' }),
  /** Always a subcategory (a category with a parent). */
  categoryId: integer('category_id')
    .notNull()
    .references(() => merchandiseCategories.id),
  /** What the cart's accessory step reads: thread, seat, fastener, hub ring bores, TPMS frequency. */
  specs: jsonb('specs').$type<Record<string, string>>().notNull().default({}),
});

/** Quantity on hand per warehouse, and quantity inbound (OnOrder). */
export const productStock = pgTable(
  'product_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    warehouseId: integer('warehouse_id')
      .notNull()
      .references(() => warehouses.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    onOrderQuantity: integer('on_order_quantity').notNull().default(0),
    /** When the inbound quantity is expected in the warehouse (a calendar date there), when the feed says. */
    onOrderExpectedOn: date('on_order_expected_on', { mode: 'string' }),
  },
  (table) => [
    primaryKey({ columns: [table.productId, table.warehouseId] }),
    nonNegative('product_stock', table.quantity),
    nonNegative('product_stock', table.onOrderQuantity),
  ],
);

/** A brand discount tier: a set of per-brand discounts off the trade price. */
export const discountTiers = pgTable('discount_tiers', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const discountTierRates = pgTable(
  'discount_tier_rates',
  {
    tierId: integer('tier_id')
      .notNull()
      .references(() => discountTiers.id, { onDelete: 'cascade' }),
    brand: text('brand').notNull(),
    /** Off the trade price, in basis points (250 = 2.5%). */
    discountBasisPoints: integer('discount_basis_points').notNull(),
  },
  (table) => [primaryKey({ columns: [table.tierId, table.brand] })],
);

export const accountDiscountTiers = pgTable('account_discount_tiers', {
  accountId: integer('account_id')
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  tierId: integer('tier_id')
    .notNull()
    .references(() => discountTiers.id, { onDelete: 'cascade' }),
});

/**
 * A customer's own price for a SKU (docs/integration.md, customer prices): from `minQuantity` items on a line, between
 * two calendar dates when given (inclusive, Australia/Melbourne). Natural key: account, product, quantity break and
 * start date.
 */
export const customerPrices = pgTable(
  'customer_prices',
  {
    id: serial('id').primaryKey(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    minQuantity: integer('min_quantity').notNull().default(1),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }),
    priceCents: integer('price_cents').notNull(),
  },
  (table) => [
    unique('customer_prices_natural_key')
      .on(table.accountId, table.productId, table.minQuantity, table.validFrom)
      .nullsNotDistinct(),
    index('customer_prices_product_idx').on(table.productId),
    nonNegative('customer_prices', table.priceCents),
    check('customer_prices_min_quantity_positive', sql`${table.minQuantity} >= 1`),
  ],
);

/** Cashback on sets of 4, or buy X get Y free. */
export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: promotionKinds }).notNull(),
    label: text('label').notNull(),
    cashbackCents: integer('cashback_cents'),
    buyQuantity: integer('buy_quantity'),
    freeQuantity: integer('free_quantity'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
  },
  (table) => [
    nonNegative('promotions', table.cashbackCents),
    nonNegative('promotions', table.buyQuantity),
    nonNegative('promotions', table.freeQuantity),
  ],
);

export const productPromotions = pgTable(
  'product_promotions',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    promotionId: integer('promotion_id')
      .notNull()
      .references(() => promotions.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.productId, table.promotionId] })],
);

export const vehicleMakes = pgTable('vehicle_makes', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

/**
 * One make, model and series, with the wheel fitment the cart's vehicle check reads (DESIGN.md §5):
 * bolt pattern, centre bore, stud thread, seat, and the offset, diameter and width ranges that fit.
 */
export const vehicles = pgTable(
  'vehicles',
  {
    id: serial('id').primaryKey(),
    makeId: integer('make_id')
      .notNull()
      .references(() => vehicleMakes.id, { onDelete: 'cascade' }),
    model: text('model').notNull(),
    series: text('series').notNull(),
    yearFrom: integer('year_from').notNull(),
    yearTo: integer('year_to'),
    pcd: text('pcd').notNull(),
    centreBore: numeric('centre_bore', { precision: 5, scale: 1, mode: 'number' }).notNull(),
    thread: text('thread').notNull(),
    /** 'Nut' or 'Bolt': what holds the wheel on. */
    fastener: text('fastener').notNull(),
    offsetMin: integer('offset_min').notNull(),
    offsetMax: integer('offset_max').notNull(),
    diameterMin: integer('diameter_min').notNull(),
    diameterMax: integer('diameter_max').notNull(),
    widthMin: numeric('width_min', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    widthMax: numeric('width_max', { precision: 4, scale: 1, mode: 'number' }).notNull(),
    hasTpms: boolean('has_tpms').notNull().default(false),
    /** False retires the vehicle: gone from the vehicle pickers; a link or cart line that names it still reads it. */
    active: boolean('active').notNull().default(true),
  },
  (table) => [unique('vehicles_natural_key').on(table.makeId, table.model, table.series)],
);

/** A tyre size a vehicle runs; rear columns are set only for staggered fitments. */
export const vehicleTyreSizes = pgTable('vehicle_tyre_sizes', {
  id: serial('id').primaryKey(),
  vehicleId: integer('vehicle_id')
    .notNull()
    .references(() => vehicles.id, { onDelete: 'cascade' }),
  width: integer('width').notNull(),
  profile: integer('profile').notNull(),
  diameter: integer('diameter').notNull(),
  rearWidth: integer('rear_width'),
  rearProfile: integer('rear_profile'),
  rearDiameter: integer('rear_diameter'),
  isOriginal: boolean('is_original').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(0),
});

/**
 * Counts catalogue changes: every announcement takes the next value and carries it. An instance compares the last
 * value with the last it applied to notice changes it never heard (catalogue-read-model.ts).
 */
export const catalogueRevision = pgSequence('catalogue_revision');

/**
 * What each revision changed. The notification carries only the revision, so a change of any size fits PostgreSQL's
 * NOTIFY limit; every instance reads the change from here. Old rows are pruned (catalogue-changes.ts).
 */
export const catalogueChanges = pgTable(
  'catalogue_changes',
  {
    revision: bigint('revision', { mode: 'number' }).primaryKey(),
    change: jsonb('change').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('catalogue_changes_created_at_idx').on(table.createdAt)],
);
