import type { ByteBoundedCache } from './byte-bounded-cache';
import type { ProductRecord } from './catalogue-records';
import { type FacetDefinition, FacetedIndex, type NarrowedSearch } from './faceted-index';
import { narrowingCache, priceOrderCache } from './snapshot-caches';

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
    this.priceOrders = priceOrderCache(name);
    this.narrowCache = narrowingCache(name);
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
