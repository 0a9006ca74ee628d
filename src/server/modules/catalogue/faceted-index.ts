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

export interface Facet {
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
  /** Every item holds exactly one value, so item i's code is codes[i]. */
  readonly single: boolean;
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

export class FacetedIndex<T> {
  readonly items: readonly T[];
  private readonly facets = new Map<string, Facet>();
  /** Scratch space of a narrowing (searches run synchronously, so one set serves them all): seen marks, lists. */
  readonly seen: Uint8Array;
  readonly candidates: Int32Array;
  readonly found: Int32Array;

  /** `items` must already be in name order. */
  constructor(items: readonly T[], definitions: readonly FacetDefinition<T>[]) {
    this.items = items;
    this.seen = new Uint8Array(items.length);
    this.candidates = new Int32Array(items.length);
    this.found = new Int32Array(items.length);
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
    return { name: definition.name, values, codeOf, postings, codes, offsets, totals: sizes, single: codes.length === this.items.length && perItem.every((list) => list.length === 1) };
  }

  facet(name: string): Facet {
    const facet = this.facets.get(name);
    if (!facet) throw new Error(`no facet ${name}`);
    return facet;
  }

  /** Counts per value of a facet over `set` (every item when null); values with no items are left out. */
  counts(name: string, set: ItemSet): FacetCount[] {
    const facet = this.facet(name);
    if (set === null) return countsOut(facet, facet.totals);
    const counts = new Int32Array(facet.values.length);
    for (let i = 0; i < set.length; i += 1) countItem(facet, counts, set[i] as number);
    return countsOut(facet, counts);
  }

  /** Distinct values of a facet over the whole catalogue. */
  values(name: string): readonly FacetValue[] {
    return this.facet(name).values;
  }

}

/** Adds one to each value `item` holds in `facet`. */
function countItem(facet: Facet, counts: Int32Array, item: number): void {
  if (facet.single) {
    const code = facet.codes[item] as number;
    counts[code] = (counts[code] as number) + 1;
    return;
  }
  for (let at = facet.offsets[item] as number; at < (facet.offsets[item + 1] as number); at += 1) {
    const code = facet.codes[at] as number;
    counts[code] = (counts[code] as number) + 1;
  }
}

/** Whether `item` holds any value marked in `allowed`. */
function holdsAny(facet: Facet, allowed: Uint8Array, item: number): boolean {
  if (facet.single) return allowed[facet.codes[item] as number] === 1;
  for (let at = facet.offsets[item] as number; at < (facet.offsets[item + 1] as number); at += 1) {
    if (allowed[facet.codes[at] as number] === 1) return true;
  }
  return false;
}

function countsOut(facet: Facet, counts: Int32Array): FacetCount[] {
  const out: FacetCount[] = [];
  for (let code = 0; code < counts.length; code += 1) {
    const count = counts[code] as number;
    if (count > 0) out.push({ value: facet.values[code] as FacetValue, count });
  }
  return out;
}

/** Filters (facet → chosen values) applied AND across facets, OR within one. */
export type FacetFilters = ReadonlyMap<string, readonly FacetValue[]>;

export interface NarrowedSearch {
  /** Items matching every filter and the predicate. */
  readonly matches: ItemSet;
  /** For each requested facet, counts over the items matching every other filter. */
  readonly facets: Record<string, FacetCount[]>;
}

interface ActiveFilter {
  readonly name: string;
  readonly facet: Facet;
  /** allowed[code] is 1 for each chosen value. */
  readonly allowed: Uint8Array;
  readonly chosen: number[];
  /** Items holding a chosen value, at most (an item with two chosen values counts twice). */
  readonly size: number;
}

function activeFilter<T>(index: FacetedIndex<T>, name: string, values: readonly FacetValue[]): ActiveFilter {
  const facet = index.facet(name);
  const allowed = new Uint8Array(facet.values.length);
  const chosen: number[] = [];
  let size = 0;
  for (const value of values) {
    const code = facet.codeOf.get(value);
    if (code === undefined || allowed[code] === 1) continue;
    allowed[code] = 1;
    chosen.push(code);
    size += facet.totals[code] as number;
  }
  return { name, facet, allowed, chosen, size };
}

/**
 * The matches and the narrowing facet counts of one search. `predicate` (free text, ranges) applies to the
 * matches and to every facet's counts alike.
 *
 * One pass over the candidates instead of one intersection per filtered facet: an item counts for a filtered facet's
 * values when it fails at most that facet's filter, so every item that matters fails at most one filter, and every
 * such item holds a value of the smallest or of the second smallest filter. Those two filters' posting lists are the
 * candidates; each is checked against every filter once (a lookup of its value code), and counted where it belongs.
 */
export function narrow<T>(
  index: FacetedIndex<T>,
  filters: FacetFilters,
  facetNames: readonly string[],
  predicate: ((itemIndex: number) => boolean) | null,
): NarrowedSearch {
  const size = index.items.length;
  const active: ActiveFilter[] = [];
  for (const [name, values] of filters) if (values.length > 0) active.push(activeFilter(index, name, values));
  active.sort((a, b) => a.size - b.size);
  const requested = facetNames.map((name) => {
    const facet = index.facet(name);
    return { name, facet, counts: new Int32Array(facet.values.length), filter: active.findIndex((filter) => filter.name === name) };
  });

  let matches: ItemSet;
  if (active.length === 0) {
    matches = predicate === null ? null : applyPredicate(null, size, predicate);
  } else {
    // Candidates: every item holding a chosen value of the smallest filter, or (with two filters or more) of the next.
    const { seen, candidates, found } = index;
    let candidateCount = 0;
    for (const filter of active.slice(0, Math.min(2, active.length))) {
      for (const code of filter.chosen) {
        const posting = filter.facet.postings[code] as Int32Array;
        for (let i = 0; i < posting.length; i += 1) {
          const item = posting[i] as number;
          if (seen[item] === 1) continue;
          seen[item] = 1;
          candidates[candidateCount++] = item;
        }
      }
    }
    let matchCount = 0;
    for (let c = 0; c < candidateCount; c += 1) {
      const item = candidates[c] as number;
      seen[item] = 0;
      if (predicate !== null && !predicate(item)) continue;
      let missed = -1;
      let misses = 0;
      for (let f = 0; f < active.length && misses < 2; f += 1) {
        const filter = active[f] as ActiveFilter;
        if (!holdsAny(filter.facet, filter.allowed, item)) {
          misses += 1;
          missed = f;
        }
      }
      if (misses === 0) found[matchCount++] = item;
      else if (misses === 1) {
        for (const facet of requested) if (facet.filter === missed) countItem(facet.facet, facet.counts, item);
      }
    }
    const own = found.slice(0, matchCount);
    // Posting lists are in name order, but two of them interleave: put the matches back in name order.
    if (active.length > 1 || (active[0] as ActiveFilter).chosen.length > 1) own.sort();
    matches = own;
  }

  const facets: Record<string, FacetCount[]> = {};
  for (const facet of requested) {
    if (matches === null) {
      facets[facet.name] = countsOut(facet.facet, facet.facet.totals);
      continue;
    }
    // With a single filter, an item failing it fails only it: the facet is counted over every item the predicate keeps.
    if (active.length === 1 && facet.filter === 0) {
      if (predicate === null) {
        facets[facet.name] = countsOut(facet.facet, facet.facet.totals);
        continue;
      }
      for (let item = 0; item < size; item += 1) if (predicate(item)) countItem(facet.facet, facet.counts, item);
    } else {
      for (let m = 0; m < matches.length; m += 1) countItem(facet.facet, facet.counts, matches[m] as number);
    }
    facets[facet.name] = countsOut(facet.facet, facet.counts);
  }
  return { matches, facets };
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
