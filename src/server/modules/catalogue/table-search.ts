import { type FacetCount, type FacetValue, type NarrowedSearch, narrow } from './faceted-index';
import { type ArrivalDayOf, type PriceSort, type SortAndPage, pageSlots } from './catalogue-paging';
import type { ProductRecord } from './catalogue-records';
import type { ProductTable } from './product-table';

export type Filters = Map<string, readonly FacetValue[]>;

/** Adds a facet filter when the request chose any values. */
export function addFilter(filters: Filters, name: string, values: readonly FacetValue[] | undefined): void {
  if (values && values.length > 0) filters.set(name, values);
}

/** Every search word must appear in the item's name or SKU. */
/** Whether a search carries free text: such searches are answered afresh, never remembered (narrowCached). */
export function hasFreeText(search: string | undefined): boolean {
  return (search ?? '').trim() !== '';
}

export function textPredicate<T extends ProductRecord>(table: ProductTable<T>, search: string | undefined) {
  const words = (search ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return null;
  const { items } = table;
  return (slot: number) => {
    const text = (items[slot] as T).text;
    return words.every((word) => text.includes(word));
  };
}

const numberColumns = new WeakMap<ProductTable<ProductRecord>, Map<string, Float64Array>>();

/**
 * One numeric field of every item, in slot order, built on first use per table. A range predicate runs over most of a
 * table when no facet narrows it first; reading a packed column costs a fraction of following each slot to its record.
 */
function numberColumn<T extends ProductRecord>(
  table: ProductTable<T>,
  field: string,
  valueOf: (item: T) => number,
): Float64Array {
  let columns = numberColumns.get(table);
  if (!columns) {
    columns = new Map();
    numberColumns.set(table, columns);
  }
  let column = columns.get(field);
  if (!column) {
    column = Float64Array.from(table.items, valueOf);
    columns.set(field, column);
  }
  return column;
}

/** Items whose numeric field lies within [min, max] (either bound may be left open); null when both are open. */
export function rangePredicate<T extends ProductRecord>(
  table: ProductTable<T>,
  field: string,
  valueOf: (item: T) => number,
  min: number | undefined,
  max: number | undefined,
): ((slot: number) => boolean) | null {
  if (min === undefined && max === undefined) return null;
  const column = numberColumn(table, field, valueOf);
  const low = min ?? -Infinity;
  const high = max ?? Infinity;
  return (slot: number) => {
    const value = column[slot] as number;
    return value >= low && value <= high;
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

const ORDER_FIELDS: ReadonlySet<string> = new Set(['sortBy', 'sortDirection', 'page', 'pageSize']);
/** Each request's key, made once: the answer cache and the narrowing cache key the same parsed request, never changed. */
const filterKeys = new WeakMap<object, string>();

/** The canonical key of a search's filters (sort and page left out): the same filters share one narrowing. */
export function filterKey(request: object): string {
  let key = filterKeys.get(request);
  if (key === undefined) {
    const entries: [string, unknown][] = [];
    for (const name of Object.keys(request)) {
      const value = (request as Record<string, unknown>)[name];
      if (value !== undefined && !ORDER_FIELDS.has(name)) entries.push([name, value]);
    }
    // Field names are ASCII: code-point order, without a collator's cost.
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    key = JSON.stringify(entries);
    filterKeys.set(request, key);
  }
  return key;
}

/**
 * Matches and facet counts, remembered per table and filter key. Stock patches do not change them; a reload builds
 * new tables, which start with an empty cache. Free-text searches are not remembered: every one is different, and
 * each would push out a narrowing that is asked for again.
 */
function narrowCached<T extends ProductRecord>(
  table: ProductTable<T>,
  key: string,
  search: string | undefined,
  compute: () => NarrowedSearch,
): NarrowedSearch {
  if (hasFreeText(search)) return compute();
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
  /** The free text searched for, if any: it decides whether the narrowing is remembered. */
  search: string | undefined,
  predicate: ((slot: number) => boolean) | null,
  facetNames: readonly string[],
  sort: SortAndPage,
  price: PriceSort<T> | null,
  /** Set where the caller sees stock: an Availability sort needs it. */
  arrivalDayOf: ArrivalDayOf | null = null,
  /** An arriveBy filter's test (catalogue-answers.ts arrivesBy), or null. */
  arrives: ((slot: number) => boolean) | null = null,
): TableSearchResult {
  const narrowing = () => narrow(table.index, filters, facetNames, both(predicate, arrives));
  // An arrival filter's matches change with the customer's state, stock and the clock, while the narrowing cache is
  // keyed by the filters alone and kept across stock patches: such a narrowing is worked out afresh every time, never
  // remembered. (Its answer may be cached: that cache is cleared by stock patches and keyed by the delivery clock.)
  const { matches, facets } = arrives ? narrowing() : narrowCached(table, key, search, narrowing);
  const { slots, total } = pageSlots(table, matches, sort, price, arrivalDayOf);
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

type Typed<V> = { readonly value: V; readonly count: number }[];

/**
 * A facet's counts with every value of one type, as the contract has them: the counts as they are when their values
 * already are (a facet's values are of its field's type; the narrowing cache and every answer then share one array,
 * which nothing mutates), converted otherwise.
 */
function typedAs<V extends FacetValue>(isType: (value: FacetValue) => value is V, convert: (value: FacetValue) => V) {
  return (counts: FacetCount[] | undefined): Typed<V> => {
    if (counts === undefined) return [];
    if (counts.every((count) => isType(count.value))) return counts as Typed<V>;
    return counts.map((count) => ({ value: convert(count.value), count: count.count }));
  };
}

export const typed = {
  strings: typedAs((value): value is string => typeof value === 'string', String),
  numbers: typedAs((value): value is number => typeof value === 'number', Number),
  booleans: typedAs(
    (value): value is boolean => typeof value === 'boolean',
    (value) => value === true,
  ),
};
