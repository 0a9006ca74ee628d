/**
 * An in-memory faceted index over a fixed list of items (DESIGN.md §9): one posting per facet value, facet counts
 * that narrow each other (each facet is counted over the items matching every *other* filter), and items kept in name
 * order so that the index order is the Name sort.
 *
 * Narrowing works on bitsets (one bit per item; issue 17, uncached searches): a facet's chosen values are ORed word by
 * word, the filters ANDed word by word, and the "every filter but one" sets come from prefix and suffix ANDs rather
 * than one intersection per filtered facet. Counting walks the set bits and reads each item's value from a column per
 * facet; a lone filter, and each of two filters, is counted from cross counts per value.
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
  /**
   * Items holding each value: a bitset for values held by more than one item in 32 (where a bitset is the smaller
   * form), an ascending list for the rest.
   */
  readonly bits: (Uint32Array | null)[];
  readonly lists: (Int32Array | null)[];
  readonly totals: Int32Array;
  /** Where the facet's values start in the index's shared counts (code + base). */
  readonly base: number;
  /**
   * Single-valued facets: per item, its value's place in the index's shared counts (code + base); null when
   * multi-valued. A column per facet, so counting one facet over ascending items reads memory front to back.
   */
  readonly column: Int32Array | null;
  /** Multi-valued facets only: per item, where its codes start in `codes` (length n + 1). */
  readonly offsets: Int32Array | null;
  readonly codes: Int32Array | null;
}

/** A set of item indexes, ascending; `null` means every item. */
export type ItemSet = Int32Array | null;

function compareValues(a: FacetValue, b: FacetValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  return String(a).localeCompare(String(b), 'en', { numeric: true });
}

function popcount(word: number): number {
  let v = word - ((word >>> 1) & 0x55555555);
  v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
  return Math.imul((v + (v >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

function countBits(bits: Uint32Array): number {
  let count = 0;
  for (let w = 0; w < bits.length; w += 1) {
    const word = bits[w] as number;
    if (word !== 0) count += popcount(word);
  }
  return count;
}

/** The set bits as an ascending list of its own (a cache may keep it; a view would pin a scratch buffer). */
function listOf(bits: Uint32Array): Int32Array {
  const out = new Int32Array(countBits(bits));
  let count = 0;
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w] as number;
    while (word !== 0) {
      const low = word & -word;
      out[count++] = (w << 5) + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return out;
}

/** An ascending list of indexes as an exact list, filtered by `predicate`. */
function filterList(source: Int32Array, predicate: (index: number) => boolean): Int32Array {
  const out = new Int32Array(source.length);
  let count = 0;
  for (let i = 0; i < source.length; i += 1) {
    const index = source[i] as number;
    if (predicate(index)) out[count++] = index;
  }
  return count === out.length ? out : out.slice(0, count);
}

/** Below this many holders in 32 items a value keeps a list: four bytes a holder against one bit an item. */
const DENSE_SHARE = 1 / 32;

export class FacetedIndex<T> {
  readonly items: readonly T[];
  private readonly facets = new Map<string, Facet>();
  private readonly words: number;
  /** Counts per value of every facet, side by side; searches run synchronously, so one buffer serves all. */
  private readonly counting: Int32Array;
  private readonly totals: Int32Array;
  /** Scratch bitsets, one per role a narrowing needs, made on first use. */
  private readonly scratch: Uint32Array[] = [];
  /** Scratch list of the items outside the matches, made on first use. */
  private others: Int32Array | null = null;
  /**
   * Per value (by its place in the shared counts), every facet's counts over the items holding it, made on first use:
   * a search filtered by one facet alone is then counted in a pass over the values, not over its matches. At most
   * values² counts (a few hundred kilobytes for 100,000 tyres).
   */
  private readonly crossCounts = new Map<number, Int32Array>();

  /** `items` must already be in name order. */
  constructor(items: readonly T[], definitions: readonly FacetDefinition<T>[]) {
    this.items = items;
    this.words = (items.length + 31) >>> 5;
    let base = 0;
    for (const definition of definitions) {
      const facet = this.buildFacet(definition, base);
      base += facet.values.length;
      this.facets.set(facet.name, facet);
    }
    this.counting = new Int32Array(base);
    this.totals = new Int32Array(base);
    for (const facet of this.facets.values()) this.totals.set(facet.totals, facet.base);
  }

  /**
   * One pass over the items codes each value in the order first met (no list per item: at 100,000 tyres and eleven
   * facets those were a million small arrays, a fifth of the start-up), then the codes are renumbered in value order.
   */
  private buildFacet(definition: FacetDefinition<T>, base: number): Facet {
    const items = this.items;
    const size = items.length;
    const metOrder: FacetValue[] = [];
    const metCode = new Map<FacetValue, number>();
    const codeOfValue = (value: FacetValue): number => {
      let code = metCode.get(value);
      if (code === undefined) {
        code = metOrder.length;
        metCode.set(value, code);
        metOrder.push(value);
      }
      return code;
    };
    // Codes per item, in met order: offsets[index] .. offsets[index + 1] into `met`.
    const offsets = new Int32Array(size + 1);
    let met = new Int32Array(size);
    let cursor = 0;
    let singleValued = true;
    for (let index = 0; index < size; index += 1) {
      offsets[index] = cursor;
      const value = definition.valuesOf(items[index] as T);
      const list: readonly FacetValue[] | null = Array.isArray(value) ? (value as readonly FacetValue[]) : null;
      if (list && list.length !== 1) singleValued = false;
      const count = list ? list.length : 1;
      if (cursor + count > met.length) {
        const grown = new Int32Array(Math.max(met.length * 2, cursor + count));
        grown.set(met);
        met = grown;
      }
      if (list) for (const one of list) met[cursor++] = codeOfValue(one);
      else met[cursor++] = codeOfValue(value as FacetValue);
    }
    offsets[size] = cursor;

    const values = [...metOrder].sort(compareValues);
    const codeOf = new Map(values.map((value, code) => [value, code]));
    const sortedCode = Int32Array.from(metOrder, (value) => codeOf.get(value) as number);
    const totals = new Int32Array(values.length);
    const codes = new Int32Array(cursor);
    for (let at = 0; at < cursor; at += 1) {
      const code = sortedCode[met[at] as number] as number;
      codes[at] = code;
      totals[code] = (totals[code] as number) + 1;
    }
    const bits = values.map((_, code) => ((totals[code] as number) > size * DENSE_SHARE ? new Uint32Array(this.words) : null));
    const lists = values.map((_, code) => (bits[code] ? null : new Int32Array(totals[code] as number)));
    const fill = new Int32Array(values.length);
    for (let index = 0; index < size; index += 1) {
      for (let at = offsets[index] as number; at < (offsets[index + 1] as number); at += 1) {
        const code = codes[at] as number;
        const set = bits[code];
        if (set) set[index >>> 5] = (set[index >>> 5] as number) | (1 << (index & 31));
        else (lists[code] as Int32Array)[fill[code] as number] = index;
        fill[code] = (fill[code] as number) + 1;
      }
    }
    if (!singleValued) return { name: definition.name, values, codeOf, bits, lists, totals, base, column: null, offsets, codes };
    // One code per item: the codes are the column, shifted to the facet's place in the shared counts.
    for (let index = 0; index < size; index += 1) codes[index] = base + (codes[index] as number);
    return { name: definition.name, values, codeOf, bits, lists, totals, base, column: codes, offsets: null, codes: null };
  }

  private facet(name: string): Facet {
    const facet = this.facets.get(name);
    if (!facet) throw new Error(`no facet ${name}`);
    return facet;
  }

  private buffer(role: number): Uint32Array {
    while (this.scratch.length <= role) this.scratch.push(new Uint32Array(this.words));
    return this.scratch[role] as Uint32Array;
  }

  /** Distinct values of a facet over the whole catalogue. */
  values(name: string): readonly FacetValue[] {
    return this.facet(name).values;
  }

  /** Items holding any of `values` for a facet (OR within a facet). Unknown values match nothing. */
  matching(name: string, values: readonly FacetValue[]): Int32Array {
    return listOf(this.chosen(this.facet(name), values, this.buffer(0)));
  }

  /**
   * The bitset of a facet's chosen values: a dense value's own posting when it is the only known one (read, never
   * written), otherwise the values ORed into `into`.
   */
  private chosen(facet: Facet, values: readonly FacetValue[], into: Uint32Array): Uint32Array {
    const codes: number[] = [];
    for (const value of values) {
      const code = facet.codeOf.get(value);
      if (code !== undefined) codes.push(code);
    }
    const only = codes.length === 1 ? facet.bits[codes[0] as number] : null;
    if (only) return only;
    into.fill(0);
    for (const code of codes) {
      const bits = facet.bits[code];
      if (bits) {
        for (let w = 0; w < into.length; w += 1) into[w] = (into[w] as number) | (bits[w] as number);
      } else {
        const list = facet.lists[code] as Int32Array;
        for (let i = 0; i < list.length; i += 1) {
          const index = list[i] as number;
          into[index >>> 5] = (into[index >>> 5] as number) | (1 << (index & 31));
        }
      }
    }
    return into;
  }

  /** Counts per value of a facet over `set` (every item when null); values with no items are left out. */
  counts(name: string, set: ItemSet): FacetCount[] {
    const facet = this.facet(name);
    if (set === null) return this.countsOf(facet, this.totals);
    this.counting.fill(0);
    this.countList(facet, set, set.length);
    return this.countsOf(facet, this.counting);
  }

  private countOne(facet: Facet, index: number): void {
    const counting = this.counting;
    if (facet.column) {
      const at = facet.column[index] as number;
      counting[at] = (counting[at] as number) + 1;
      return;
    }
    const offsets = facet.offsets as Int32Array;
    const codes = facet.codes as Int32Array;
    for (let at = offsets[index] as number; at < (offsets[index + 1] as number); at += 1) {
      const slot = facet.base + (codes[at] as number);
      counting[slot] = (counting[slot] as number) + 1;
    }
  }

  /** The first `length` items of an ascending list, counted in one facet. */
  private countList(facet: Facet, list: Int32Array, length: number): void {
    const counting = this.counting;
    const column = facet.column;
    if (!column) {
      for (let i = 0; i < length; i += 1) this.countOne(facet, list[i] as number);
      return;
    }
    for (let i = 0; i < length; i += 1) {
      const at = column[list[i] as number] as number;
      counting[at] = (counting[at] as number) + 1;
    }
  }

  /** The first `length` items of an ascending list, counted in every facet. */
  private countAll(list: Int32Array, length: number): void {
    for (const facet of this.facets.values()) this.countList(facet, list, length);
  }

  /**
   * Counts under a lone filter from the cross counts of its values: every other facet sums its chosen values' rows,
   * the filtered facet counts every item. Sums are exact when no item holds two chosen values, so a multi-valued facet
   * (a wheel drilled for two of the chosen PCDs) qualifies with one chosen value only. False when it does not apply.
   */
  private countOneFilter(filters: FacetFilters, facet: Facet): boolean {
    const codes = this.crossCountable(filters, facet);
    if (!codes) return false;
    const counting = this.counting;
    counting.fill(0);
    for (const code of codes) {
      const row = this.crossCountsOf(facet, code);
      for (let at = 0; at < counting.length; at += 1) counting[at] = (counting[at] as number) + (row[at] as number);
    }
    counting.set(facet.totals, facet.base);
    return true;
  }

  /** The codes of a filter's chosen values when its cross counts sum exactly (see countOneFilter); null otherwise. */
  private crossCountable(filters: FacetFilters, facet: Facet): number[] | null {
    const codes = (filters.get(facet.name) ?? []).flatMap((value) => {
      const code = facet.codeOf.get(value);
      return code === undefined ? [] : [code];
    });
    return facet.column || codes.length === 1 ? codes : null;
  }

  /**
   * Under two filters, each filtered facet's counts are over the items passing the other filter alone: the other's
   * cross counts, summed over its chosen values, in this facet's places. False when either filter's sums are not exact.
   */
  private countTwoFilters(filters: FacetFilters, first: Facet, second: Facet): boolean {
    const firstCodes = this.crossCountable(filters, first);
    const secondCodes = firstCodes && this.crossCountable(filters, second);
    if (!firstCodes || !secondCodes) return false;
    for (const [facet, other, codes] of [
      [first, second, secondCodes],
      [second, first, firstCodes],
    ] as const) {
      const counting = this.counting;
      const end = facet.base + facet.values.length;
      counting.fill(0, facet.base, end);
      for (const code of codes) {
        const row = this.crossCountsOf(other, code);
        for (let at = facet.base; at < end; at += 1) counting[at] = (counting[at] as number) + (row[at] as number);
      }
    }
    return true;
  }

  private crossCountsOf(facet: Facet, code: number): Int32Array {
    let row = this.crossCounts.get(facet.base + code);
    if (!row) {
      const holders = facet.lists[code] ?? listOf(facet.bits[code] as Uint32Array);
      const counting = this.counting;
      const saved = counting.slice();
      counting.fill(0);
      this.countAll(holders, holders.length);
      row = counting.slice();
      counting.set(saved);
      this.crossCounts.set(facet.base + code, row);
    }
    return row;
  }

  private countsOf(facet: Facet, counts: Int32Array): FacetCount[] {
    const out: FacetCount[] = [];
    for (let code = 0; code < facet.values.length; code += 1) {
      const count = counts[facet.base + code] as number;
      if (count > 0) out.push({ value: facet.values[code] as FacetValue, count });
    }
    return out;
  }

  /**
   * The matches and the narrowing facet counts of one search (see `narrow`). Every facet is first counted over the
   * matches (or, when they are most of the items, the totals less the non-matches); a filtered facet then adds the
   * items that fail its own filter only, which are the rest of "every other filter".
   */
  narrow(filters: FacetFilters, facetNames: readonly string[], predicate: ((itemIndex: number) => boolean) | null): NarrowedSearch {
    const size = this.items.length;
    const filtered: { facet: Facet; bits: Uint32Array }[] = [];
    for (const [name, values] of filters) {
      if (values.length === 0) continue;
      const facet = this.facet(name);
      filtered.push({ facet, bits: this.chosen(facet, values, this.buffer(filtered.length)) });
    }
    const k = filtered.length;
    const facets: Record<string, FacetCount[]> = {};

    if (k === 0) {
      const matches = predicate === null ? null : filterList(Int32Array.from({ length: size }, (_, index) => index), predicate);
      for (const name of facetNames) facets[name] = matches === null ? this.countsOf(this.facet(name), this.totals) : this.counts(name, matches);
      return { matches, facets };
    }

    // prefix[i]: the items passing filters 0..i (prefix[0] may be a posting itself, so it is only read); the last is
    // the matches, cleared of the predicate's failures.
    const prefix: Uint32Array[] = [(filtered[0] as { bits: Uint32Array }).bits];
    for (let i = 1; i < k; i += 1) {
      const into = this.buffer(k + i);
      const before = prefix[i - 1] as Uint32Array;
      const own = (filtered[i] as { bits: Uint32Array }).bits;
      for (let w = 0; w < into.length; w += 1) into[w] = (before[w] as number) & (own[w] as number);
      prefix.push(into);
    }
    let matchBits = prefix[k - 1] as Uint32Array;
    if (predicate) {
      if (k === 1) {
        matchBits = this.buffer(k);
        matchBits.set(prefix[0] as Uint32Array);
      }
      clearFailures(matchBits, predicate);
    }
    const matches = listOf(matchBits);
    if (facetNames.length === 0) return { matches, facets };
    if (k === 1 && predicate === null && this.countOneFilter(filters, (filtered[0] as { facet: Facet }).facet)) {
      for (const name of facetNames) facets[name] = this.countsOf(this.facet(name), this.counting);
      return { matches, facets };
    }

    const counting = this.counting;
    counting.fill(0);
    if (matches.length * 2 <= size) {
      this.countAll(matches, matches.length);
    } else {
      // Most items match: count the rest and take them from the totals.
      const others = this.others ?? new Int32Array(size);
      this.others = others;
      let count = 0;
      for (let w = 0; w < matchBits.length; w += 1) {
        let word = ~(matchBits[w] as number);
        if (w === matchBits.length - 1 && (size & 31) !== 0) word &= (1 << (size & 31)) - 1;
        while (word !== 0) {
          const low = word & -word;
          others[count++] = (w << 5) + 31 - Math.clz32(low);
          word ^= low;
        }
      }
      this.countAll(others, count);
      for (let at = 0; at < counting.length; at += 1) counting[at] = (this.totals[at] as number) - (counting[at] as number);
    }

    if (k === 2 && predicate === null) {
      if (this.countTwoFilters(filters, (filtered[0] as { facet: Facet }).facet, (filtered[1] as { facet: Facet }).facet)) {
        for (const name of facetNames) facets[name] = this.countsOf(this.facet(name), counting);
        return { matches, facets };
      }
    }
    // Walking back, `suffix` holds the items passing every filter after i, so prefix[i - 1] AND suffix is every filter
    // but i; the items of that which fail filter i are the ones facet i adds to its count over the matches.
    const requested = new Set(facetNames);
    const suffix = this.buffer(2 * k);
    const tail = (size & 31) === 0 ? 0xffffffff : (1 << (size & 31)) - 1;
    for (let i = k - 1; i >= 0; i -= 1) {
      const { facet, bits: own } = filtered[i] as { facet: Facet; bits: Uint32Array };
      const before = i === 0 ? null : (prefix[i - 1] as Uint32Array);
      const first = i === k - 1;
      if (k === 1 && predicate === null) {
        // Nothing else is filtered: the facet's counts are its totals.
        counting.set(facet.totals, facet.base);
      } else if (requested.has(facet.name)) {
        const last = suffix.length - 1;
        for (let w = 0; w <= last; w += 1) {
          const after = first ? (w === last ? tail : 0xffffffff) : (suffix[w] as number);
          let word = (before === null ? after : (before[w] as number) & after) & ~(own[w] as number);
          if (i > 0) suffix[w] = after & (own[w] as number);
          while (word !== 0) {
            const low = word & -word;
            const index = (w << 5) + 31 - Math.clz32(low);
            if (predicate === null || predicate(index)) this.countOne(facet, index);
            word ^= low;
          }
        }
        continue;
      }
      if (i > 0) {
        if (first) suffix.set(own);
        else for (let w = 0; w < suffix.length; w += 1) suffix[w] = (suffix[w] as number) & (own[w] as number);
      }
    }
    for (const name of facetNames) facets[name] = this.countsOf(this.facet(name), counting);
    return { matches, facets };
  }
}

function clearFailures(bits: Uint32Array, predicate: (index: number) => boolean): void {
  for (let w = 0; w < bits.length; w += 1) {
    let word = bits[w] as number;
    let kept = word;
    while (word !== 0) {
      const low = word & -word;
      if (!predicate((w << 5) + 31 - Math.clz32(low))) kept &= ~low;
      word ^= low;
    }
    bits[w] = kept;
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
  return index.narrow(filters, facetNames, predicate);
}
