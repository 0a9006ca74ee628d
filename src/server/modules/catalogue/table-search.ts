import { type FacetCount, type FacetValue, type NarrowedSearch, narrow } from './faceted-index';
import { type PriceSort, type SortAndPage, pageSlots } from './catalogue-paging';
import type { ProductRecord, ProductTable } from './catalogue-snapshot';

export type Filters = Map<string, readonly FacetValue[]>;

/** Adds a facet filter when the request chose any values. */
export function addFilter(filters: Filters, name: string, values: readonly FacetValue[] | undefined): void {
  if (values && values.length > 0) filters.set(name, values);
}

/** Every search word must appear in the item's name or SKU. */
export function textPredicate<T extends ProductRecord>(table: ProductTable<T>, search: string | undefined) {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const { items } = table;
  return (slot: number) => {
    const text = (items[slot] as T).text;
    return words.every((word) => text.includes(word));
  };
}

export function both(a: ((slot: number) => boolean) | null, b: ((slot: number) => boolean) | null) {
  if (!a) return b;
  if (!b) return a;
  return (slot: number) => a(slot) && b(slot);
}

export interface TableSearchResult {
  readonly slots: number[];
  readonly total: number;
  readonly facets: Record<string, FacetCount[]>;
}

/** The canonical key of a search's filters (sort and page left out): the same filters share one narrowing. */
export function filterKey(request: object): string {
  const entries = Object.entries(request)
    .filter(([name, value]) => value !== undefined && !['sortBy', 'sortDirection', 'page', 'pageSize'].includes(name))
    .sort(([a], [b]) => a.localeCompare(b));
  return JSON.stringify(entries);
}

/**
 * Matches and facet counts, remembered per table and filter key. Stock patches do not change them; a reload builds
 * new tables, which start with an empty cache. Free-text searches are not remembered: every one is different, and
 * each would push out a narrowing that is asked for again.
 */
function narrowCached<T extends ProductRecord>(
  table: ProductTable<T>,
  key: string,
  freeText: boolean,
  compute: () => NarrowedSearch,
): NarrowedSearch {
  if (freeText) return compute();
  const cached = table.narrowCache.get(key);
  if (cached) return cached;
  const result = compute();
  table.narrowCache.set(key, result);
  return result;
}

export function searchTable<T extends ProductRecord>(
  table: ProductTable<T>,
  key: string,
  filters: Filters,
  predicate: ((slot: number) => boolean) | null,
  facetNames: readonly string[],
  sort: SortAndPage,
  price: PriceSort<T> | null,
): TableSearchResult {
  const { matches, facets } = narrowCached(table, key, predicate !== null, () => narrow(table.index, filters, facetNames, predicate));
  const { slots, total } = pageSlots(table, matches, sort, price);
  return { slots, total, facets };
}

/** One facet's counts under every *other* filter (the Diameters, Profiles and Pcds routes). */
export function facetUnderOtherFilters<T extends ProductRecord>(
  table: ProductTable<T>,
  filters: Filters,
  predicate: ((slot: number) => boolean) | null,
  facetName: string,
): FacetCount[] {
  return narrow(table.index, filters, [facetName], predicate).facets[facetName] ?? [];
}

export const typed = {
  strings: (counts: FacetCount[] | undefined) => (counts ?? []).map((c) => ({ value: String(c.value), count: c.count })),
  numbers: (counts: FacetCount[] | undefined) => (counts ?? []).map((c) => ({ value: Number(c.value), count: c.count })),
  booleans: (counts: FacetCount[] | undefined) => (counts ?? []).map((c) => ({ value: c.value === true, count: c.count })),
};
