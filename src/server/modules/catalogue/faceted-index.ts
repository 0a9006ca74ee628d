/**
 * An in-memory faceted index over a fixed list of items (DESIGN.md §9): one posting per facet value, facet counts
 * that narrow each other (each facet is counted over the items matching every *other* filter), and items kept in name
 * order so that the index order is the Name sort.
 *
 * Narrowing works on bitsets (one bit per item): a facet's chosen values are ORed word by
 * word, the filters ANDed word by word, and the "every filter but one" sets come from prefix and suffix ANDs rather
 * than one intersection per filtered facet. Counting every facet over a list reads one row of value places per item;
 * counting one facet reads its column; a lone filter, and each of two filters, is counted from cross counts per value.
 *
 * Every bitset carries a summary of the blocks (32 words, 1,024 items) it may have bits in, and each pass visits only
 * the blocks its result can be in. A brand's tyres lie side by side in name order, so a search with a brand filter
 * works on a few blocks of the catalogue, not all of it; only the count of the brand facet itself, under the other
 * filters, crosses the whole catalogue.
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
   * form) and for every value of a facet with few values; an ascending list for the rest.
   */
  readonly bits: (Uint32Array | null)[];
  /** Per bitset, its block summary (see `Bits`). */
  readonly blocks: (Uint32Array | null)[];
  readonly lists: (Int32Array | null)[];
  readonly totals: Int32Array;
  /** Where the facet's values start in the index's shared counts (code + base). */
  readonly base: number;
  /**
   * Single-valued facets: per item, its value's code; null when multi-valued. A column per facet, so counting one
   * facet over ascending items reads memory front to back, in the fewest bytes its codes fit (a byte for most facets),
   * so the few items a search counts in it are mostly in cache.
   */
  readonly column: Uint8Array | Uint16Array | Int32Array | null;
  /** Multi-valued facets only: per item, where its codes start in `codes` (length n + 1). */
  readonly offsets: Int32Array | null;
  readonly codes: Int32Array | null;
}

/** A set of item indexes, ascending; `null` means every item. */
export type ItemSet = Int32Array | null;

/** Words of a block: a block holds 1,024 items. */
const BLOCK_WORDS = 32;

/**
 * A bitset over the items and the summary of its blocks: bit b of `blocks` is clear when block b holds none of the
 * set's items. Words of a clear block are never read: they may hold an earlier search's marks.
 */
interface Bits {
  readonly words: Uint32Array;
  readonly blocks: Uint32Array;
}

/** Blocks are numbered from 0; a summary word covers 32 of them (32,768 items), so word w is in block w >>> 5. */
const hasBlock = (blocks: Uint32Array, block: number) => ((blocks[block >>> 5] as number) & (1 << (block & 31))) !== 0;

/** `into` = a AND b, block by block. */
function andBlocks(a: Uint32Array, b: Uint32Array, into: Uint32Array): Uint32Array {
  for (let at = 0; at < into.length; at += 1) into[at] = (a[at] as number) & (b[at] as number);
  return into;
}

/** Marks in `blocks` every block where `words` has a bit. */
function summaryOf(words: Uint32Array, blocks: Uint32Array): Uint32Array {
  for (let w = 0; w < words.length; w += 1) {
    if (words[w] !== 0) blocks[w >>> 10] = (blocks[w >>> 10] as number) | (1 << ((w >>> 5) & 31));
  }
  return blocks;
}

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

/**
 * The set bits as an ascending list of its own (a cache may keep it; a view would pin a scratch buffer): read once
 * into `scratch` (as long as the items) and copied out.
 */
function listOf(set: Bits, scratch: Int32Array): Int32Array {
  const { words, blocks } = set;
  let count = 0;
  for (let block = 0; block * BLOCK_WORDS < words.length; block += 1) {
    if (!hasBlock(blocks, block)) continue;
    const end = Math.min(words.length, (block + 1) * BLOCK_WORDS);
    for (let w = block * BLOCK_WORDS; w < end; w += 1) {
      let word = words[w] as number;
      while (word !== 0) {
        const low = word & -word;
        scratch[count++] = (w << 5) + 31 - Math.clz32(low);
        word ^= low;
      }
    }
  }
  return scratch.slice(0, count);
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
/**
 * A facet with at most this many values keeps a bitset for each, rare ones too: a filter on one value is then its
 * posting as it is, where a list had to be spread into a scratch bitset item by item on every search (searches pick
 * rare sizes as often as common ones). At most this many bitsets a facet (400 KB at 100,000 items).
 */
const FEW_VALUES = 32;

export class FacetedIndex<T> {
  readonly items: readonly T[];
  private readonly facets = new Map<string, Facet>();
  private readonly words: number;
  /** Words of a block summary. */
  private readonly summaryWords: number;
  /** Every block (the last one may be part-filled). */
  private readonly everyBlock: Uint32Array;
  /** Counts per value of every facet, side by side; searches run synchronously, so one buffer serves all. */
  private readonly counting: Int32Array;
  private readonly totals: Int32Array;
  /** Scratch bitsets, one per role a narrowing needs, made on first use. */
  private readonly scratch: Bits[] = [];
  /** Scratch list of items (a list before it is copied out, the items outside the matches), made on first use. */
  private itemScratch: Int32Array | null = null;
  /**
   * Per value (by its place in the shared counts), every facet's counts over the items holding it, made on first use:
   * a search filtered by one facet alone is then counted in a pass over the values, not over its matches. At most
   * values² counts (a few hundred kilobytes for 100,000 tyres).
   */
  private readonly crossCounts = new Map<number, Int32Array>();
  /**
   * Per item, its place in the shared counts for every single-valued facet, side by side: counting every facet over
   * a list of items reads one short row per item, not one column per facet.
   */
  private readonly rows: Uint16Array | Int32Array;
  private readonly rowWidth: number;
  private readonly multiValued: Facet[];

  /** `items` must already be in name order. */
  constructor(items: readonly T[], definitions: readonly FacetDefinition<T>[]) {
    this.items = items;
    this.words = (items.length + 31) >>> 5;
    const blockCount = Math.ceil(this.words / BLOCK_WORDS);
    this.summaryWords = (blockCount + 31) >>> 5;
    this.everyBlock = new Uint32Array(this.summaryWords);
    for (let block = 0; block < blockCount; block += 1)
      this.everyBlock[block >>> 5] = (this.everyBlock[block >>> 5] as number) | (1 << (block & 31));
    let base = 0;
    for (const definition of definitions) {
      const facet = this.buildFacet(definition, base);
      base += facet.values.length;
      this.facets.set(facet.name, facet);
    }
    this.counting = new Int32Array(base);
    this.totals = new Int32Array(base);
    for (const facet of this.facets.values()) this.totals.set(facet.totals, facet.base);
    const columns = [...this.facets.values()].filter((facet) => facet.column !== null);
    this.multiValued = [...this.facets.values()].filter((facet) => !facet.column);
    this.rowWidth = columns.length;
    this.rows =
      base <= 0xffff ? new Uint16Array(items.length * columns.length) : new Int32Array(items.length * columns.length);
    for (let f = 0; f < columns.length; f += 1) {
      const { column, base: columnBase } = columns[f] as Facet & { column: Uint8Array | Uint16Array | Int32Array };
      for (let index = 0; index < items.length; index += 1)
        this.rows[index * columns.length + f] = columnBase + (column[index] as number);
    }
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
    const everyValueDense = values.length <= FEW_VALUES;
    const bits = values.map((_, code) =>
      everyValueDense || (totals[code] as number) > size * DENSE_SHARE ? new Uint32Array(this.words) : null,
    );
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
    const blocks = bits.map((set) => (set ? summaryOf(set, new Uint32Array(this.summaryWords)) : null));
    if (!singleValued)
      return { name: definition.name, values, codeOf, bits, blocks, lists, totals, base, column: null, offsets, codes };
    // One code per item: the codes are the column.
    const column =
      values.length <= 0x100 ? Uint8Array.from(codes) : values.length <= 0x10000 ? Uint16Array.from(codes) : codes;
    return {
      name: definition.name,
      values,
      codeOf,
      bits,
      blocks,
      lists,
      totals,
      base,
      column,
      offsets: null,
      codes: null,
    };
  }

  private facet(name: string): Facet {
    const facet = this.facets.get(name);
    if (!facet) throw new Error(`no facet ${name}`);
    return facet;
  }

  /** The scratch list of items; whatever used it last has copied out what it keeps. */
  private scratchItems(): Int32Array {
    this.itemScratch ??= new Int32Array(this.items.length);
    return this.itemScratch;
  }

  private buffer(role: number): Bits {
    while (this.scratch.length <= role)
      this.scratch.push({ words: new Uint32Array(this.words), blocks: new Uint32Array(this.summaryWords) });
    return this.scratch[role] as Bits;
  }

  /** Distinct values of a facet over the whole catalogue. */
  values(name: string): readonly FacetValue[] {
    return this.facet(name).values;
  }

  /** Items holding any of `values` for a facet (OR within a facet). Unknown values match nothing. */
  matching(name: string, values: readonly FacetValue[]): Int32Array {
    return listOf(this.chosen(this.facet(name), values, this.buffer(0)), this.scratchItems());
  }

  /**
   * The bitset of a facet's chosen values: a dense value's own posting when it is the only known one (read, never
   * written), otherwise the values ORed into `into`, over the blocks they hold items in.
   */
  private chosen(facet: Facet, values: readonly FacetValue[], into: Bits): Bits {
    const codes: number[] = [];
    for (const value of values) {
      const code = facet.codeOf.get(value);
      if (code !== undefined) codes.push(code);
    }
    const only = codes.length === 1 ? (codes[0] as number) : -1;
    if (only >= 0 && facet.bits[only])
      return { words: facet.bits[only] as Uint32Array, blocks: facet.blocks[only] as Uint32Array };
    const { words, blocks } = into;
    blocks.fill(0);
    for (const code of codes) {
      const own = facet.blocks[code];
      if (own) {
        for (let at = 0; at < blocks.length; at += 1) blocks[at] = (blocks[at] as number) | (own[at] as number);
      } else {
        const list = facet.lists[code] as Int32Array;
        for (let i = 0; i < list.length; i += 1) {
          const index = list[i] as number;
          blocks[index >>> 15] = (blocks[index >>> 15] as number) | (1 << ((index >>> 10) & 31));
        }
      }
    }
    for (let block = 0; block * BLOCK_WORDS < words.length; block += 1) {
      if (hasBlock(blocks, block))
        words.fill(0, block * BLOCK_WORDS, Math.min(words.length, (block + 1) * BLOCK_WORDS));
    }
    for (const code of codes) {
      const bits = facet.bits[code];
      if (bits) {
        const own = facet.blocks[code] as Uint32Array;
        for (let block = 0; block * BLOCK_WORDS < words.length; block += 1) {
          if (!hasBlock(own, block)) continue;
          const end = Math.min(words.length, (block + 1) * BLOCK_WORDS);
          for (let w = block * BLOCK_WORDS; w < end; w += 1) words[w] = (words[w] as number) | (bits[w] as number);
        }
      } else {
        const list = facet.lists[code] as Int32Array;
        for (let i = 0; i < list.length; i += 1) {
          const index = list[i] as number;
          words[index >>> 5] = (words[index >>> 5] as number) | (1 << (index & 31));
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
      const at = facet.base + (facet.column[index] as number);
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
      const at = facet.base + (column[list[i] as number] as number);
      counting[at] = (counting[at] as number) + 1;
    }
  }

  /** The first `length` items of an ascending list, counted in every facet. */
  private countAll(list: Int32Array, length: number): void {
    const { counting, rows, rowWidth } = this;
    for (let i = 0; i < length; i += 1) {
      const row = (list[i] as number) * rowWidth;
      for (let f = row; f < row + rowWidth; f += 1) {
        const at = rows[f] as number;
        counting[at] = (counting[at] as number) + 1;
      }
    }
    for (const facet of this.multiValued) this.countList(facet, list, length);
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
      const holders =
        facet.lists[code] ??
        listOf(
          { words: facet.bits[code] as Uint32Array, blocks: facet.blocks[code] as Uint32Array },
          this.scratchItems(),
        );
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
  narrow(
    filters: FacetFilters,
    facetNames: readonly string[],
    predicate: ((itemIndex: number) => boolean) | null,
  ): NarrowedSearch {
    const size = this.items.length;
    const words = this.words;
    const filtered: { facet: Facet; set: Bits }[] = [];
    for (const [name, values] of filters) {
      if (values.length === 0) continue;
      const facet = this.facet(name);
      filtered.push({ facet, set: this.chosen(facet, values, this.buffer(filtered.length)) });
    }
    const k = filtered.length;
    const facets: Record<string, FacetCount[]> = {};

    if (k === 0) {
      const matches =
        predicate === null
          ? null
          : filterList(
              Int32Array.from({ length: size }, (_, index) => index),
              predicate,
            );
      for (const name of facetNames)
        facets[name] = matches === null ? this.countsOf(this.facet(name), this.totals) : this.counts(name, matches);
      return { matches, facets };
    }

    // The filter on the fewest blocks goes last: the prefixes then end within its blocks, and so do the suffixes
    // from the start, so only its own facet's count (every other filter, whatever they hold) crosses more.
    let narrowest = 0;
    for (let i = 1; i < k; i += 1) {
      if (
        blockCount((filtered[i] as { set: Bits }).set.blocks) <
        blockCount((filtered[narrowest] as { set: Bits }).set.blocks)
      )
        narrowest = i;
    }
    if (narrowest !== k - 1) filtered.push(...filtered.splice(narrowest, 1));

    // prefix[i]: the items passing filters 0..i (prefix[0] may be a posting itself, so it is only read); the last is
    // the matches, cleared of the predicate's failures.
    const prefix: Bits[] = [(filtered[0] as { set: Bits }).set];
    for (let i = 1; i < k; i += 1) {
      const into = this.buffer(k + i);
      const before = prefix[i - 1] as Bits;
      const own = (filtered[i] as { set: Bits }).set;
      const blocks = andBlocks(before.blocks, own.blocks, into.blocks);
      const [beforeWords, ownWords, intoWords] = [before.words, own.words, into.words];
      for (let block = 0; block * BLOCK_WORDS < words; block += 1) {
        if (!hasBlock(blocks, block)) continue;
        const end = Math.min(words, (block + 1) * BLOCK_WORDS);
        for (let w = block * BLOCK_WORDS; w < end; w += 1)
          intoWords[w] = (beforeWords[w] as number) & (ownWords[w] as number);
      }
      prefix.push(into);
    }
    let matchBits = prefix[k - 1] as Bits;
    if (predicate) {
      if (k === 1) matchBits = copyBits(matchBits, this.buffer(k));
      clearFailures(matchBits, predicate);
    }
    const matches = listOf(matchBits, this.scratchItems());
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
      const others = this.scratchItems();
      let count = 0;
      for (let w = 0; w < words; w += 1) {
        let word = hasBlock(matchBits.blocks, w >>> 5) ? ~(matchBits.words[w] as number) : -1;
        if (w === words - 1 && (size & 31) !== 0) word &= (1 << (size & 31)) - 1;
        while (word !== 0) {
          const low = word & -word;
          others[count++] = (w << 5) + 31 - Math.clz32(low);
          word ^= low;
        }
      }
      this.countAll(others, count);
      for (let at = 0; at < counting.length; at += 1)
        counting[at] = (this.totals[at] as number) - (counting[at] as number);
    }

    if (k === 2 && predicate === null) {
      if (
        this.countTwoFilters(filters, (filtered[0] as { facet: Facet }).facet, (filtered[1] as { facet: Facet }).facet)
      ) {
        for (const name of facetNames) facets[name] = this.countsOf(this.facet(name), counting);
        return { matches, facets };
      }
    }
    // Walking back, `suffix` holds the items passing every filter after i, so prefix[i - 1] AND suffix is every filter
    // but i; the items of that which fail filter i are the ones facet i adds to its count over the matches. Each step
    // visits the blocks where those items can be, and where the suffix keeps items for the next step.
    const suffix = this.buffer(2 * k);
    const walkBlocks = this.buffer(2 * k + 1).blocks;
    const tail = (size & 31) === 0 ? -1 : (1 << (size & 31)) - 1;
    let afterBlocks = this.everyBlock;
    for (let i = k - 1; i >= 0; i -= 1) {
      const { facet, set: own } = filtered[i] as { facet: Facet; set: Bits };
      if (k === 1 && predicate === null) {
        // Nothing else is filtered: the facet's counts are its totals.
        counting.set(facet.totals, facet.base);
        continue;
      }
      const before = i === 0 ? null : (prefix[i - 1] as Bits);
      const first = i === k - 1;
      const walk = facetNames.includes(facet.name)
        ? before === null
          ? afterBlocks
          : andBlocks(before.blocks, afterBlocks, walkBlocks)
        : null;
      const keep = i > 0 ? andBlocks(afterBlocks, own.blocks, suffix.blocks) : null;
      if (walk === null && keep === null) break;
      const [suffixWords, ownWords] = [suffix.words, own.words];
      const beforeWords = before === null ? null : before.words;
      // A single-valued facet counts straight from its column.
      const { column, base } = facet;
      for (let block = 0; block * BLOCK_WORDS < words; block += 1) {
        const walking = walk !== null && hasBlock(walk, block);
        const keeping = keep !== null && hasBlock(keep, block);
        if (!walking && !keeping) continue;
        const ownHere = hasBlock(own.blocks, block);
        const end = Math.min(words, (block + 1) * BLOCK_WORDS);
        for (let w = block * BLOCK_WORDS; w < end; w += 1) {
          const after = first ? (w === words - 1 ? tail : -1) : (suffixWords[w] as number);
          const ownWord = ownHere ? (ownWords[w] as number) : 0;
          if (keeping) suffixWords[w] = after & ownWord;
          if (!walking) continue;
          let word = (beforeWords === null ? after : (beforeWords[w] as number) & after) & ~ownWord;
          while (word !== 0) {
            const low = word & -word;
            const index = (w << 5) + 31 - Math.clz32(low);
            if (predicate === null || predicate(index)) {
              if (column !== null) {
                const at = base + (column[index] as number);
                counting[at] = (counting[at] as number) + 1;
              } else {
                this.countOne(facet, index);
              }
            }
            word ^= low;
          }
        }
      }
      if (keep !== null) afterBlocks = keep;
    }
    for (const name of facetNames) facets[name] = this.countsOf(this.facet(name), counting);
    return { matches, facets };
  }
}

function blockCount(blocks: Uint32Array): number {
  let count = 0;
  for (let at = 0; at < blocks.length; at += 1) count += popcount(blocks[at] as number);
  return count;
}

/** A copy of `set` in `into`, over its blocks. */
function copyBits(set: Bits, into: Bits): Bits {
  into.blocks.set(set.blocks);
  for (let block = 0; block * BLOCK_WORDS < set.words.length; block += 1) {
    if (!hasBlock(set.blocks, block)) continue;
    const start = block * BLOCK_WORDS;
    into.words.set(set.words.subarray(start, Math.min(set.words.length, start + BLOCK_WORDS)), start);
  }
  return into;
}

function clearFailures(set: Bits, predicate: (index: number) => boolean): void {
  const { words, blocks } = set;
  for (let block = 0; block * BLOCK_WORDS < words.length; block += 1) {
    if (!hasBlock(blocks, block)) continue;
    const end = Math.min(words.length, (block + 1) * BLOCK_WORDS);
    for (let w = block * BLOCK_WORDS; w < end; w += 1) {
      let word = words[w] as number;
      let kept = word;
      while (word !== 0) {
        const low = word & -word;
        if (!predicate((w << 5) + 31 - Math.clz32(low))) kept &= ~low;
        word ^= low;
      }
      words[w] = kept;
    }
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
