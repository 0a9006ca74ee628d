import { asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { WarehouseStock } from '../../../domain/stock-availability';
import type { Database } from '../../db/client';
import { merchandise, merchandiseCategories, productStock, products, promotions, warehouses } from '../../db/schema';
import { type ColumnRead, type Columns, IDS_PER_QUERY, productIdRange, readColumns } from './catalogue-columns';
import { ByteBoundedCache, type CacheStats, bufferBytes } from './byte-bounded-cache';
import { type FacetDefinition, FacetedIndex, type NarrowedSearch } from './faceted-index';

/**
 * Byte budgets of the caches (docs/performance.md): what a snapshot may hold on top of its data. Together they stay
 * well inside the 64 MB a server may grow by after start (issue 17), with room left for the heap a burst of
 * searches needs: answers 8 MB, narrowings 4 MB per table, and price orders 12 MB per table, which at 100,000 tyres
 * is 15 price keys (rrp, trade and one per discount tier), more than the shop has.
 */
const PRICE_ORDER_BYTES = 12 * 1024 * 1024;
const NARROWING_BYTES = 4 * 1024 * 1024;
const ANSWER_BYTES = 8 * 1024 * 1024;

function narrowingBytes(result: NarrowedSearch): number {
  let bytes = (result.matches?.byteLength ?? 0) + 64;
  for (const counts of Object.values(result.facets)) bytes += 48 + counts.length * 48;
  return bytes;
}

export interface ProductRecord {
  readonly id: number;
  readonly sku: string;
  readonly slug: string;
  readonly name: string;
  readonly brand: string;
  readonly description: string;
  readonly imageUrl: string;
  rrpCents: number;
  tradeCents: number;
  /** Lower-case name and SKU, for free-text search. */
  readonly text: string;
}

export interface TyreRecord extends ProductRecord {
  readonly pattern: string;
  readonly sizePrefix: string | null;
  readonly width: number;
  readonly profile: number;
  readonly diameter: number;
  readonly loadRating: string;
  readonly speedRating: string;
  readonly category: string;
  readonly season: string;
  readonly runFlat: boolean;
  readonly extraLoad: boolean;
}

export interface WheelRecord extends ProductRecord {
  readonly design: string;
  readonly colour: string;
  readonly performance: string;
  readonly size: number;
  readonly width: number;
  readonly pcds: readonly string[];
  readonly offset: number;
  readonly centreBore: number;
  readonly seat: string;
  readonly spokes: number;
}

export interface MerchandiseRecord extends ProductRecord {
  readonly category: { readonly id: number; readonly slug: string; readonly name: string };
  readonly subcategory: { readonly id: number; readonly slug: string; readonly name: string };
  readonly specs: Readonly<Record<string, string>>;
}

export interface WarehouseInfo {
  readonly id: number;
  readonly name: string;
  readonly kind: 'own' | 'supplier';
  readonly state: string | null;
}

export interface PromotionInfo {
  readonly id: number;
  readonly kind: 'CashBack4' | 'BuyXGetYFree';
  readonly label: string;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
}

/**
 * Items by name, then id. Names repeat (100,000 tyres have about 8,400), so the distinct names are sorted by the
 * comparator and each item is placed by its name's rank and its id, packed into one number for the engine's native
 * numeric sort: a comparator sort of every item took a quarter of building a table.
 */
function inNameOrder<T extends ProductRecord>(items: readonly T[]): T[] {
  const names = [...new Set(items.map((item) => item.name))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const rankOf = new Map(names.map((name, rank) => [name, rank]));
  const byId = new Map(items.map((item) => [item.id, item]));
  // Ids are PostgreSQL integers (below 2^31) and ranks below 2^22, so rank * 2^31 + id stays an exact double.
  const keys = Float64Array.from(items, (item) => (rankOf.get(item.name) as number) * 2 ** 31 + item.id).sort();
  return Array.from(keys, (key) => byId.get(key % 2 ** 31) as T);
}

/** One kind of product, indexed: facets, name order, stock per warehouse and promotions per item. */
export class ProductTable<T extends ProductRecord> {
  readonly index: FacetedIndex<T>;
  readonly slotOf = new Map<number, number>();
  readonly slugs = new Map<string, number>();
  /** Slots by upper-case SKU: the quick order pad looks SKUs up as typed, in any case. */
  readonly skus = new Map<string, number>();
  /** quantity[slot * W + w], onOrder[slot * W + w]. */
  readonly quantity: Int32Array;
  readonly onOrder: Int32Array;
  /** 'YYYY-MM-DD' by the same position, for the few inbound quantities a feed dates (none where nothing is inbound). */
  readonly expectedOn = new Map<number, string>();
  readonly promotionIds: (readonly number[])[];
  /** Sorted orders by price, per price key ('rrp', 'trade', 'tier:3'); built on first use. */
  readonly priceOrders: ByteBoundedCache<{ order: Int32Array; rank: Int32Array }>;
  /** Matches and facet counts per filter set: they depend on neither the account nor the page, only on the data. */
  readonly narrowCache: ByteBoundedCache<NarrowedSearch>;

  constructor(
    readonly name: string,
    items: readonly T[],
    facets: readonly FacetDefinition<T>[],
    readonly warehouseCount: number,
  ) {
    this.priceOrders = new ByteBoundedCache(
      `${name}-price-orders`,
      PRICE_ORDER_BYTES,
      (entry) => entry.order.byteLength + entry.rank.byteLength,
    );
    this.narrowCache = new ByteBoundedCache(`${name}-narrowings`, NARROWING_BYTES, narrowingBytes, {
      admitRepeatedWhenFull: true,
    });
    const sorted = inNameOrder(items);
    this.index = new FacetedIndex(sorted, facets);
    sorted.forEach((item, slot) => {
      this.slotOf.set(item.id, slot);
      this.slugs.set(item.slug, slot);
      this.skus.set(item.sku.toUpperCase(), slot);
    });
    this.quantity = new Int32Array(sorted.length * warehouseCount);
    this.onOrder = new Int32Array(sorted.length * warehouseCount);
    this.promotionIds = sorted.map(() => []);
  }

  get items(): readonly T[] {
    return this.index.items;
  }

  priceOrder(key: string, priceOf: (item: T) => number): { order: Int32Array; rank: Int32Array } {
    let entry = this.priceOrders.get(key);
    if (!entry) {
      // Sort price and slot packed into one number, so the engine's native numeric sort does the work
      // (ties fall back to slot order, which is name order). Prices are whole cents.
      const size = this.items.length;
      const slotSpace = 2 ** Math.ceil(Math.log2(size + 1));
      const packed = new Float64Array(size);
      for (let slot = 0; slot < size; slot += 1) packed[slot] = priceOf(this.items[slot] as T) * slotSpace + slot;
      packed.sort();
      const order = new Int32Array(size);
      const rank = new Int32Array(size);
      for (let position = 0; position < size; position += 1) {
        const slot = (packed[position] as number) % slotSpace;
        order[position] = slot;
        rank[slot] = position;
      }
      entry = { order, rank };
      this.priceOrders.set(key, entry);
    }
    return entry;
  }
}

export interface CatalogueSnapshot {
  readonly warehouses: readonly WarehouseInfo[];
  readonly warehouseSlot: ReadonlyMap<number, number>;
  readonly promotions: ReadonlyMap<number, PromotionInfo>;
  readonly tyres: ProductTable<TyreRecord>;
  readonly wheels: ProductTable<WheelRecord>;
  readonly merchandise: ProductTable<MerchandiseRecord>;
  readonly categories: readonly {
    id: number;
    parentId: number | null;
    slug: string;
    name: string;
    sortOrder: number;
  }[];
  /** Serialised search answers (answer-cache.ts); emptied whenever stock is patched. */
  readonly answerCache: ByteBoundedCache<Buffer>;
}

/** Size, bytes and hit counts of every cache of a snapshot, for /metrics. */
export function snapshotCacheStats(snapshot: CatalogueSnapshot): CacheStats[] {
  return [
    snapshot.answerCache.stats(),
    ...[snapshot.tyres, snapshot.wheels, snapshot.merchandise].flatMap((table) => [
      table.narrowCache.stats(),
      table.priceOrders.stats(),
    ]),
  ];
}

export const TYRE_FACETS: readonly FacetDefinition<TyreRecord>[] = [
  { name: 'brands', valuesOf: (t) => t.brand },
  { name: 'patterns', valuesOf: (t) => t.pattern },
  { name: 'widths', valuesOf: (t) => t.width },
  { name: 'profiles', valuesOf: (t) => t.profile },
  { name: 'diameters', valuesOf: (t) => t.diameter },
  { name: 'loadRatings', valuesOf: (t) => t.loadRating },
  { name: 'speedRatings', valuesOf: (t) => t.speedRating },
  { name: 'categories', valuesOf: (t) => t.category },
  { name: 'seasons', valuesOf: (t) => t.season },
  { name: 'runFlat', valuesOf: (t) => t.runFlat },
  { name: 'extraLoad', valuesOf: (t) => t.extraLoad },
];

export const WHEEL_FACETS: readonly FacetDefinition<WheelRecord>[] = [
  { name: 'brands', valuesOf: (w) => w.brand },
  { name: 'designs', valuesOf: (w) => w.design },
  { name: 'colours', valuesOf: (w) => w.colour },
  { name: 'performances', valuesOf: (w) => w.performance },
  { name: 'sizes', valuesOf: (w) => w.size },
  { name: 'widths', valuesOf: (w) => w.width },
  { name: 'pcds', valuesOf: (w) => w.pcds },
  { name: 'seats', valuesOf: (w) => w.seat },
];

export const MERCHANDISE_FACETS: readonly FacetDefinition<MerchandiseRecord>[] = [
  { name: 'categories', valuesOf: (m) => m.category.slug },
  { name: 'subcategories', valuesOf: (m) => m.subcategory.slug },
  { name: 'brands', valuesOf: (m) => m.brand },
];

const productColumns = {
  id: products.id,
  sku: products.sku,
  slug: products.slug,
  name: products.name,
  brand: products.brand,
  description: products.description,
  imageUrl: products.imageUrl,
  rrpCents: products.rrpCents,
  tradeCents: products.tradeCents,
};

const PRODUCT_SQL = {
  id: 'p.id',
  sku: 'p.sku',
  slug: 'p.slug',
  name: 'p.name',
  brand: 'p.brand',
  description: 'p.description',
  imageUrl: 'p.image_url',
  rrpCents: 'p.rrp_cents',
  tradeCents: 'p.trade_cents',
};
const productShape = {
  id: z.number().int(),
  sku: z.string(),
  slug: z.string(),
  name: z.string(),
  brand: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  rrpCents: z.number().int(),
  tradeCents: z.number().int(),
};
const tyreShape = {
  ...productShape,
  pattern: z.string(),
  sizePrefix: z.string().nullable(),
  width: z.number().int(),
  profile: z.number().int(),
  diameter: z.number().int(),
  loadRating: z.string(),
  speedRating: z.string(),
  category: z.string(),
  season: z.string(),
  runFlat: z.boolean(),
  extraLoad: z.boolean(),
};
const wheelShape = {
  ...productShape,
  design: z.string(),
  colour: z.string(),
  performance: z.string(),
  size: z.number().int(),
  width: z.number(),
  pcds: z.array(z.string()),
  offset: z.number().int(),
  centreBore: z.number(),
  seat: z.string(),
  spokes: z.number().int(),
};
const stockShape = {
  productId: z.number().int(),
  warehouseId: z.number().int(),
  quantity: z.number().int(),
  onOrderQuantity: z.number().int(),
  onOrderExpectedOn: z.string().nullable(),
};
const linkShape = { productId: z.number().int(), promotionId: z.number().int() };

const TYRE_COLUMNS: ColumnRead<typeof tyreShape> = {
  columns: {
    ...PRODUCT_SQL,
    pattern: 't.pattern',
    sizePrefix: 't.size_prefix',
    width: 't.width',
    profile: 't.profile',
    diameter: 't.diameter',
    loadRating: 't.load_rating',
    speedRating: 't.speed_rating',
    category: 't.category',
    season: 't.season',
    runFlat: 't.run_flat',
    extraLoad: 't.extra_load',
  },
  from: 'from tyres t join products p on p.id = t.product_id where p.published',
  productIds: ['p.id', 't.product_id'],
  shape: tyreShape,
};

const WHEEL_COLUMNS: ColumnRead<typeof wheelShape> = {
  columns: {
    ...PRODUCT_SQL,
    design: 'w.design',
    colour: 'w.colour',
    performance: 'w.performance',
    size: 'w.size',
    width: 'w.width',
    pcds: 'w.pcds',
    offset: 'w."offset"',
    centreBore: 'w.centre_bore',
    seat: 'w.seat',
    spokes: 'w.spokes',
  },
  from: 'from wheels w join products p on p.id = w.product_id where p.published',
  productIds: ['p.id', 'w.product_id'],
  shape: wheelShape,
};

const STOCK_COLUMNS: ColumnRead<typeof stockShape> = {
  columns: {
    productId: 's.product_id',
    warehouseId: 's.warehouse_id',
    quantity: 's.quantity',
    onOrderQuantity: 's.on_order_quantity',
    onOrderExpectedOn: 's.on_order_expected_on',
  },
  from: 'from product_stock s where true',
  productIds: ['s.product_id'],
  shape: stockShape,
};

const LINK_COLUMNS: ColumnRead<typeof linkShape> = {
  columns: { productId: 'l.product_id', promotionId: 'l.promotion_id' },
  from: 'from product_promotions l where true',
  productIds: ['l.product_id'],
  // A product's promotions are listed in this order.
  orderBy: 'l.product_id, l.promotion_id',
  shape: linkShape,
};

/**
 * One copy of each repeated value: a column read as JSON gives every row its own copy of its brand, pattern or
 * rating, and 100,000 tyres share a few hundred of them.
 */
function interner(): (value: string) => string {
  const seen = new Map<string, string>();
  return (value) => {
    const known = seen.get(value);
    if (known !== undefined) return known;
    seen.set(value, value);
    return value;
  };
}

/*
 * Records are written as whole object literals, not spread from a product part: V8 gives a literal of known shape
 * its fields in the object itself (about 200 bytes a tyre), where a spread and then more fields costs about 800.
 */

function addTyres(c: Columns<typeof tyreShape>, intern: (value: string) => string, into: TyreRecord[]): void {
  c.id.forEach((id, i) => {
    const name = intern(c.name[i] as string);
    const sku = c.sku[i] as string;
    const sizePrefix = c.sizePrefix[i] ?? null;
    into.push({
      id,
      sku,
      slug: c.slug[i] as string,
      name,
      brand: intern(c.brand[i] as string),
      description: intern(c.description[i] as string),
      imageUrl: intern(c.imageUrl[i] as string),
      rrpCents: c.rrpCents[i] as number,
      tradeCents: c.tradeCents[i] as number,
      text: `${name} ${sku}`.toLowerCase(),
      pattern: intern(c.pattern[i] as string),
      sizePrefix: sizePrefix === null ? null : intern(sizePrefix),
      width: c.width[i] as number,
      profile: c.profile[i] as number,
      diameter: c.diameter[i] as number,
      loadRating: intern(c.loadRating[i] as string),
      speedRating: intern(c.speedRating[i] as string),
      category: intern(c.category[i] as string),
      season: intern(c.season[i] as string),
      runFlat: c.runFlat[i] as boolean,
      extraLoad: c.extraLoad[i] as boolean,
    });
  });
}

/** `drillings`: wheels share a few dozen drillings, so one list per distinct drilling. */
function addWheels(
  c: Columns<typeof wheelShape>,
  intern: (value: string) => string,
  drillings: Map<string, readonly string[]>,
  into: WheelRecord[],
): void {
  c.id.forEach((id, i) => {
    const name = intern(c.name[i] as string);
    const sku = c.sku[i] as string;
    const pcdList = c.pcds[i] as string[];
    const drillingKey = pcdList.join(' ');
    let pcds = drillings.get(drillingKey);
    if (!pcds) {
      pcds = pcdList.map(intern);
      drillings.set(drillingKey, pcds);
    }
    into.push({
      id,
      sku,
      slug: c.slug[i] as string,
      name,
      brand: intern(c.brand[i] as string),
      description: intern(c.description[i] as string),
      imageUrl: intern(c.imageUrl[i] as string),
      rrpCents: c.rrpCents[i] as number,
      tradeCents: c.tradeCents[i] as number,
      text: `${name} ${sku}`.toLowerCase(),
      design: intern(c.design[i] as string),
      colour: intern(c.colour[i] as string),
      performance: intern(c.performance[i] as string),
      size: c.size[i] as number,
      width: c.width[i] as number,
      pcds,
      offset: c.offset[i] as number,
      centreBore: c.centreBore[i] as number,
      seat: intern(c.seat[i] as string),
      spokes: c.spokes[i] as number,
    });
  });
}

const withText = <R extends { name: string; sku: string }>(row: R) => ({
  ...row,
  text: `${row.name} ${row.sku}`.toLowerCase(),
});

/**
 * Reads the whole catalogue from SQL, the source of truth, into the indexed in-memory form. `idsPerQuery` sizes the
 * columnar reads (catalogue-columns.ts).
 */
export async function loadCatalogueSnapshot(
  db: Database,
  idsPerQuery: number = IDS_PER_QUERY,
): Promise<CatalogueSnapshot> {
  const warehouseRows = await db
    .select({ id: warehouses.id, name: warehouses.name, kind: warehouses.kind, state: warehouses.state })
    .from(warehouses)
    .orderBy(asc(warehouses.sortOrder), asc(warehouses.id));
  const warehouseSlot = new Map(warehouseRows.map((w, slot) => [w.id, slot]));
  const W = warehouseRows.length;
  const [tyreIds, wheelIds, stockIds, linkIds] = await Promise.all([
    productIdRange(db, { table: 'tyres', column: 'product_id' }),
    productIdRange(db, { table: 'wheels', column: 'product_id' }),
    productIdRange(db, { table: 'product_stock', column: 'product_id' }),
    productIdRange(db, { table: 'product_promotions', column: 'product_id' }),
  ]);

  // Tyres and wheels, then stock and promotion links, are read side by side: on PostgreSQL each read's queries run
  // on a connection of their own while this process builds what the other's answers hold.
  const readTyres = async () => {
    const items: TyreRecord[] = [];
    const strings = interner();
    await readColumns(db, TYRE_COLUMNS, tyreIds, (columns) => addTyres(columns, strings, items), idsPerQuery);
    return items;
  };
  const readWheels = async () => {
    const items: WheelRecord[] = [];
    const strings = interner();
    const drillings = new Map<string, readonly string[]>();
    await readColumns(
      db,
      WHEEL_COLUMNS,
      wheelIds,
      (columns) => addWheels(columns, strings, drillings, items),
      idsPerQuery,
    );
    return items;
  };
  const [tyreItems, wheelItems] = await Promise.all([readTyres(), readWheels()]);
  const tyreTable = new ProductTable<TyreRecord>('tyres', tyreItems, TYRE_FACETS, W);
  const wheelTable = new ProductTable<WheelRecord>('wheels', wheelItems, WHEEL_FACETS, W);

  const categories = await db
    .select()
    .from(merchandiseCategories)
    .orderBy(asc(merchandiseCategories.sortOrder), asc(merchandiseCategories.id));
  const categoryById = new Map(categories.map((c) => [c.id, c]));
  const merchandiseRows = await db
    .select({ ...productColumns, categoryId: merchandise.categoryId, specs: merchandise.specs })
    .from(merchandise)
    .innerJoin(products, eq(products.id, merchandise.productId))
    .where(eq(products.published, true));
  const merchandiseTable = new ProductTable<MerchandiseRecord>(
    'merchandise',
    merchandiseRows.flatMap(({ categoryId, specs, ...row }) => {
      const sub = categoryById.get(categoryId);
      const parent = sub?.parentId === null || sub?.parentId === undefined ? undefined : categoryById.get(sub.parentId);
      if (!sub || !parent) return [];
      return [
        {
          ...withText(row),
          category: { id: parent.id, slug: parent.slug, name: parent.name },
          subcategory: { id: sub.id, slug: sub.slug, name: sub.name },
          specs,
        },
      ];
    }),
    MERCHANDISE_FACETS,
    W,
  );

  const snapshot: CatalogueSnapshot = {
    warehouses: warehouseRows,
    warehouseSlot,
    promotions: new Map((await db.select().from(promotions)).map((p) => [p.id, p])),
    tyres: tyreTable,
    wheels: wheelTable,
    merchandise: merchandiseTable,
    categories,
    answerCache: new ByteBoundedCache('answers', ANSWER_BYTES, bufferBytes, { admitRepeatedWhenFull: true }),
  };

  await Promise.all([
    readColumns(
      db,
      STOCK_COLUMNS,
      stockIds,
      (stock) =>
        stock.productId.forEach((productId, i) =>
          applyStockRow(snapshot, {
            productId,
            warehouseId: stock.warehouseId[i] as number,
            quantity: stock.quantity[i] as number,
            onOrderQuantity: stock.onOrderQuantity[i] as number,
            onOrderExpectedOn: stock.onOrderExpectedOn[i] ?? null,
          }),
        ),
      idsPerQuery,
    ),
    readColumns(
      db,
      LINK_COLUMNS,
      linkIds,
      (links) =>
        links.productId.forEach((productId, i) => {
          const located = locate(snapshot, productId);
          if (located) (located.table.promotionIds[located.slot] as number[]).push(links.promotionId[i] as number);
        }),
      idsPerQuery,
    ),
  ]);
  return snapshot;
}

type AnyTable = ProductTable<TyreRecord> | ProductTable<WheelRecord> | ProductTable<MerchandiseRecord>;

export function locate(snapshot: CatalogueSnapshot, productId: number): { table: AnyTable; slot: number } | null {
  for (const table of [snapshot.tyres, snapshot.wheels, snapshot.merchandise] as AnyTable[]) {
    const slot = table.slotOf.get(productId);
    if (slot !== undefined) return { table, slot };
  }
  return null;
}

function applyStockRow(
  snapshot: CatalogueSnapshot,
  row: {
    productId: number;
    warehouseId: number;
    quantity: number;
    onOrderQuantity: number;
    onOrderExpectedOn: string | null;
  },
): void {
  const located = locate(snapshot, row.productId);
  const w = snapshot.warehouseSlot.get(row.warehouseId);
  if (!located || w === undefined) return;
  const at = located.slot * located.table.warehouseCount + w;
  located.table.quantity[at] = row.quantity;
  located.table.onOrder[at] = row.onOrderQuantity;
  // A date is kept only while something is inbound, so readers need not ask.
  if (row.onOrderExpectedOn === null || row.onOrderQuantity === 0) located.table.expectedOn.delete(at);
  else located.table.expectedOn.set(at, row.onOrderExpectedOn);
}

/** Re-reads the stock of some products from SQL into the snapshot (the write path's patch). */
export async function patchStock(
  db: Database,
  snapshot: CatalogueSnapshot,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  snapshot.answerCache.clear();
  const rows = await db
    .select()
    .from(productStock)
    .where(inArray(productStock.productId, [...productIds]));
  for (const productId of productIds) {
    const located = locate(snapshot, productId);
    if (!located) continue;
    const start = located.slot * located.table.warehouseCount;
    located.table.quantity.fill(0, start, start + located.table.warehouseCount);
    located.table.onOrder.fill(0, start, start + located.table.warehouseCount);
    for (let at = start; at < start + located.table.warehouseCount; at += 1) located.table.expectedOn.delete(at);
  }
  for (const row of rows) applyStockRow(snapshot, row);
  snapshot.answerCache.clear();
}

/**
 * Re-reads the base trade and RRP prices of some products (after a price import): their records change in place and
 * the price orders and answers built from the old prices are dropped.
 */
export async function patchPrices(
  db: Database,
  snapshot: CatalogueSnapshot,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const rows = await db
    .select({ id: products.id, tradeCents: products.tradeCents, rrpCents: products.rrpCents })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  for (const row of rows) {
    const located = locate(snapshot, row.id);
    if (!located) continue;
    const record = located.table.items[located.slot] as ProductRecord;
    record.tradeCents = row.tradeCents;
    record.rrpCents = row.rrpCents;
    located.table.priceOrders.clear();
  }
  snapshot.answerCache.clear();
}

/** The stock of one item, per warehouse, in the shape the stock rules read. */
export function stockOf(
  snapshot: CatalogueSnapshot,
  table: Pick<AnyTable, 'warehouseCount' | 'quantity' | 'onOrder' | 'expectedOn'>,
  slot: number,
): WarehouseStock[] {
  const out: WarehouseStock[] = [];
  const start = slot * table.warehouseCount;
  snapshot.warehouses.forEach((warehouse, w) => {
    const quantity = table.quantity[start + w] as number;
    const onOrderQuantity = table.onOrder[start + w] as number;
    if (quantity > 0 || onOrderQuantity > 0) {
      out.push({
        warehouseName: warehouse.name,
        kind: warehouse.kind,
        state: warehouse.state,
        quantity,
        onOrderQuantity,
        onOrderExpectedDate: table.expectedOn.get(start + w) ?? null,
      });
    }
  });
  return out;
}
