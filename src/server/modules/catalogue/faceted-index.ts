/**
 * An in-memory faceted index over a fixed list of items (DESIGN.md §9): one posting list per facet value,
 * facet counts that narrow each other (each facet is counted over the items matching every *other* filter),
 * and items kept in name order so that the index order is the Name sort.
 */
export type FacetValue = string | number | boolean;

export interface FacetDefinition<T> {
  readonly name: string;
  /** One value, or several (a wheel drilled for two PCDs). */
  readonly valuesOf: (item: T) => FacetValue | readonly FacetValue[];
}

export interface FacetCount {
  readonly value: FacetValue;
  readonly count: number;
}

interface Facet {
  readonly name: string;
  /** Distinct values, sorted (numbers numerically, strings alphabetically). */
  readonly values: FacetValue[];
  readonly codeOf: Map<FacetValue, number>;
  /** Item indexes holding each value, ascending. */
  readonly postings: Int32Array[];
  /** Per item: its value codes. */
  readonly codes: Int32Array;
  /** Per item: where its codes start in `codes` (length n + 1). */
  readonly offsets: Int32Array;
  readonly totals: Int32Array;
}

/** A set of item indexes, ascending; `null` means every item. */
export type ItemSet = Int32Array | null;

function compareValues(a: FacetValue, b: FacetValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

/**
 * The first `count` items in an array of their own: a view (subarray) would keep the whole scratch buffer alive for
 * as long as a cache holds the result.
 */
function exactly(buffer: Int32Array, count: number): Int32Array {
  return count === buffer.length ? buffer : buffer.slice(0, count);
}

export function intersect(a: ItemSet, b: ItemSet): ItemSet {
  if (a === null) return b;
  if (b === null) return a;
  const [small, large] = a.length <= b.length ? [a, b] : [b, a];
  const out = new Int32Array(small.length);
  let count = 0;
  let j = 0;
  for (let i = 0; i < small.length; i += 1) {
    const value = small[i] as number;
    while (j < large.length && (large[j] as number) < value) j += 1;
    if (j === large.length) break;
    if (large[j] === value) out[count++] = value;
  }
  return exactly(out, count);
}

function union(lists: readonly Int32Array[]): Int32Array {
  if (lists.length === 1) return lists[0] as Int32Array;
  const total = lists.reduce((sum, list) => sum + list.length, 0);
  const merged = new Int32Array(total);
  let offset = 0;
  for (const list of lists) {
    merged.set(list, offset);
    offset += list.length;
  }
  merged.sort();
  let count = 0;
  for (let i = 0; i < merged.length; i += 1) {
    if (i === 0 || merged[i] !== merged[i - 1]) merged[count++] = merged[i] as number;
  }
  return exactly(merged, count);
}

export class FacetedIndex<T> {
  readonly items: readonly T[];
  private readonly facets = new Map<string, Facet>();

  /** `items` must already be in name order. */
  constructor(items: readonly T[], definitions: readonly FacetDefinition<T>[]) {
    this.items = items;
    for (const definition of definitions) this.facets.set(definition.name, this.buildFacet(definition));
  }

  private buildFacet(definition: FacetDefinition<T>): Facet {
    const perItem = this.items.map((item) => {
      const value = definition.valuesOf(item);
      return Array.isArray(value) ? (value as FacetValue[]) : [value as FacetValue];
    });
    const values = [...new Set(perItem.flat())].sort(compareValues);
    const codeOf = new Map(values.map((value, code) => [value, code]));
    const offsets = new Int32Array(this.items.length + 1);
    const codes = new Int32Array(perItem.reduce((sum, list) => sum + list.length, 0));
    const sizes = new Int32Array(values.length);
    let cursor = 0;
    perItem.forEach((list, index) => {
      offsets[index] = cursor;
      for (const value of list) {
        const code = codeOf.get(value) as number;
        codes[cursor++] = code;
        sizes[code] = (sizes[code] as number) + 1;
      }
    });
    offsets[this.items.length] = cursor;
    const postings = values.map((_, code) => new Int32Array(sizes[code] as number));
    const fill = new Int32Array(values.length);
    for (let index = 0; index < this.items.length; index += 1) {
      for (let at = offsets[index] as number; at < (offsets[index + 1] as number); at += 1) {
        const code = codes[at] as number;
        (postings[code] as Int32Array)[fill[code] as number] = index;
        fill[code] = (fill[code] as number) + 1;
      }
    }
    return { name: definition.name, values, codeOf, postings, codes, offsets, totals: sizes };
  }

  private facet(name: string): Facet {
    const facet = this.facets.get(name);
    if (!facet) throw new Error(`no facet ${name}`);
    return facet;
  }

  /** Distinct values of a facet over the whole catalogue. */
  values(name: string): readonly FacetValue[] {
    return this.facet(name).values;
  }

  /** Items holding any of `values` for a facet (OR within a facet). Unknown values match nothing. */
  matching(name: string, values: readonly FacetValue[]): Int32Array {
    const facet = this.facet(name);
    const lists = values.flatMap((value) => {
      const code = facet.codeOf.get(value);
      return code === undefined ? [] : [facet.postings[code] as Int32Array];
    });
    return lists.length === 0 ? new Int32Array(0) : union(lists);
  }

  /** Counts per value of a facet over `set` (every item when null); values with no items are left out. */
  counts(name: string, set: ItemSet): FacetCount[] {
    const facet = this.facet(name);
    let counts: Int32Array;
    if (set === null) {
      counts = facet.totals;
    } else {
      counts = new Int32Array(facet.values.length);
      for (let i = 0; i < set.length; i += 1) {
        const index = set[i] as number;
        for (let at = facet.offsets[index] as number; at < (facet.offsets[index + 1] as number); at += 1) {
          const code = facet.codes[at] as number;
          counts[code] = (counts[code] as number) + 1;
        }
      }
    }
    const out: FacetCount[] = [];
    for (let code = 0; code < counts.length; code += 1) {
      const count = counts[code] as number;
      if (count > 0) out.push({ value: facet.values[code] as FacetValue, count });
    }
    return out;
  }
}

/** Filters (facet → chosen values) applied AND across facets, OR within one. */
export type FacetFilters = ReadonlyMap<string, readonly FacetValue[]>;

export interface NarrowedSearch {
  /** Items matching every filter and the predicate. */
  readonly matches: ItemSet;
  /** For each requested facet, counts over the items matching every other filter. */
  readonly facets: Record<string, FacetCount[]>;
}

function applyPredicate(set: ItemSet, size: number, predicate: ((index: number) => boolean) | null): ItemSet {
  if (!predicate) return set;
  const source = set ?? Int32Array.from({ length: size }, (_, index) => index);
  const out = new Int32Array(source.length);
  let count = 0;
  for (let i = 0; i < source.length; i += 1) {
    const index = source[i] as number;
    if (predicate(index)) out[count++] = index;
  }
  return exactly(out, count);
}

/**
 * The matches and the narrowing facet counts of one search. `predicate` (free text, ranges) applies to the
 * matches and to every facet's counts alike.
 */
export function narrow<T>(
  index: FacetedIndex<T>,
  filters: FacetFilters,
  facetNames: readonly string[],
  predicate: ((itemIndex: number) => boolean) | null,
): NarrowedSearch {
  const sets = new Map<string, Int32Array>();
  for (const [name, values] of filters) {
    if (values.length > 0) sets.set(name, index.matching(name, values));
  }
  const intersectAll = (except: string | null): ItemSet => {
    let result: ItemSet = null;
    const ordered = [...sets.entries()].filter(([name]) => name !== except).sort((a, b) => a[1].length - b[1].length);
    for (const [, set] of ordered) result = intersect(result, set);
    return result;
  };
  const size = index.items.length;
  const matches = applyPredicate(intersectAll(null), size, predicate);
  const facets: Record<string, FacetCount[]> = {};
  for (const name of facetNames) {
    const over = sets.has(name) ? applyPredicate(intersectAll(name), size, predicate) : matches;
    facets[name] = index.counts(name, over);
  }
  return { matches, facets };
}
