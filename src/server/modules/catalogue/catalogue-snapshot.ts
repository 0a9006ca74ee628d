import { asc, eq, inArray } from 'drizzle-orm';
import type { WarehouseStock } from '../../../domain/stock-availability';
import type { Database } from '../../db/client';
import {
  merchandise,
  merchandiseCategories,
  productPromotions,
  productStock,
  products,
  promotions,
  tyres,
  warehouses,
  wheels,
} from '../../db/schema';
import { ByteBoundedCache, type CacheStats, stringBytes } from './byte-bounded-cache';
import { type FacetDefinition, FacetedIndex, type NarrowedSearch } from './faceted-index';

/** Byte budgets of the caches (docs/performance.md): what a snapshot may hold on top of its data. */
const PRICE_ORDER_BYTES = 24 * 1024 * 1024;
const NARROWING_BYTES = 16 * 1024 * 1024;
const ANSWER_BYTES = 32 * 1024 * 1024;

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
    this.priceOrders = new ByteBoundedCache(`${name}-price-orders`, PRICE_ORDER_BYTES, (entry) => entry.order.byteLength + entry.rank.byteLength);
    this.narrowCache = new ByteBoundedCache(`${name}-narrowings`, NARROWING_BYTES, narrowingBytes);
    const sorted = [...items].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id - b.id));
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
  readonly categories: readonly { id: number; parentId: number | null; slug: string; name: string; sortOrder: number }[];
  /** Serialised search answers (answer-cache.ts); emptied whenever stock is patched. */
  readonly answerCache: ByteBoundedCache<string>;
}

/** Size, bytes and hit counts of every cache of a snapshot, for /metrics. */
export function snapshotCacheStats(snapshot: CatalogueSnapshot): CacheStats[] {
  return [
    snapshot.answerCache.stats(),
    ...[snapshot.tyres, snapshot.wheels, snapshot.merchandise].flatMap((table) => [table.narrowCache.stats(), table.priceOrders.stats()]),
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

const withText = <R extends { name: string; sku: string }>(row: R) => ({ ...row, text: `${row.name} ${row.sku}`.toLowerCase() });

/** Reads the whole catalogue from SQL, the source of truth, into the indexed in-memory form. */
export async function loadCatalogueSnapshot(db: Database): Promise<CatalogueSnapshot> {
  const warehouseRows = await db
    .select({ id: warehouses.id, name: warehouses.name, kind: warehouses.kind, state: warehouses.state })
    .from(warehouses)
    .orderBy(asc(warehouses.sortOrder), asc(warehouses.id));
  const warehouseSlot = new Map(warehouseRows.map((w, slot) => [w.id, slot]));
  const W = warehouseRows.length;

  const tyreRows = await db
    .select({ ...productColumns, tyre: tyres })
    .from(tyres)
    .innerJoin(products, eq(products.id, tyres.productId))
    .where(eq(products.published, true));
  const tyreTable = new ProductTable<TyreRecord>(
    'tyres',
    tyreRows.map(({ tyre, ...row }) => ({
      ...withText(row),
      pattern: tyre.pattern,
      sizePrefix: tyre.sizePrefix,
      width: tyre.width,
      profile: tyre.profile,
      diameter: tyre.diameter,
      loadRating: tyre.loadRating,
      speedRating: tyre.speedRating,
      category: tyre.category,
      season: tyre.season,
      runFlat: tyre.runFlat,
      extraLoad: tyre.extraLoad,
    })),
    TYRE_FACETS,
    W,
  );

  const wheelRows = await db
    .select({ ...productColumns, wheel: wheels })
    .from(wheels)
    .innerJoin(products, eq(products.id, wheels.productId))
    .where(eq(products.published, true));
  const wheelTable = new ProductTable<WheelRecord>(
    'wheels',
    wheelRows.map(({ wheel, ...row }) => ({
      ...withText(row),
      design: wheel.design,
      colour: wheel.colour,
      performance: wheel.performance,
      size: wheel.size,
      width: Number(wheel.width),
      pcds: wheel.pcds,
      offset: wheel.offset,
      centreBore: Number(wheel.centreBore),
      seat: wheel.seat,
      spokes: wheel.spokes,
    })),
    WHEEL_FACETS,
    W,
  );

  const categories = await db.select().from(merchandiseCategories).orderBy(asc(merchandiseCategories.sortOrder), asc(merchandiseCategories.id));
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
    answerCache: new ByteBoundedCache('answers', ANSWER_BYTES, stringBytes),
  };

  for (const row of await db.select().from(productStock)) applyStockRow(snapshot, row);
  for (const link of await db.select().from(productPromotions)) {
    const located = locate(snapshot, link.productId);
    if (located) (located.table.promotionIds[located.slot] as number[]).push(link.promotionId);
  }
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
  row: { productId: number; warehouseId: number; quantity: number; onOrderQuantity: number },
): void {
  const located = locate(snapshot, row.productId);
  const w = snapshot.warehouseSlot.get(row.warehouseId);
  if (!located || w === undefined) return;
  const at = located.slot * located.table.warehouseCount + w;
  located.table.quantity[at] = row.quantity;
  located.table.onOrder[at] = row.onOrderQuantity;
}

/** Re-reads the stock of some products from SQL into the snapshot (the write path's patch). */
export async function patchStock(db: Database, snapshot: CatalogueSnapshot, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  snapshot.answerCache.clear();
  const rows = await db.select().from(productStock).where(inArray(productStock.productId, [...productIds]));
  for (const productId of productIds) {
    const located = locate(snapshot, productId);
    if (!located) continue;
    const start = located.slot * located.table.warehouseCount;
    located.table.quantity.fill(0, start, start + located.table.warehouseCount);
    located.table.onOrder.fill(0, start, start + located.table.warehouseCount);
  }
  for (const row of rows) applyStockRow(snapshot, row);
  snapshot.answerCache.clear();
}

/** The stock of one item, per warehouse, in the shape the stock rules read. */
export function stockOf(
  snapshot: CatalogueSnapshot,
  table: Pick<AnyTable, 'warehouseCount' | 'quantity' | 'onOrder'>,
  slot: number,
): WarehouseStock[] {
  const out: WarehouseStock[] = [];
  const start = slot * table.warehouseCount;
  snapshot.warehouses.forEach((warehouse, w) => {
    const quantity = table.quantity[start + w] as number;
    const onOrderQuantity = table.onOrder[start + w] as number;
    if (quantity > 0 || onOrderQuantity > 0) {
      out.push({ warehouseName: warehouse.name, kind: warehouse.kind, state: warehouse.state, quantity, onOrderQuantity });
    }
  });
  return out;
}
