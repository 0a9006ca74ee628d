import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type FacetCount,
  type FacetValue,
  FacetedIndex,
  narrow,
} from '../../src/server/modules/catalogue/faceted-index';

interface Item {
  readonly name: string;
  readonly brand: string;
  readonly size: number;
  /** Several values per item, as a wheel drilled for two PCDs. */
  readonly pcds: readonly string[];
  readonly flag: boolean;
}

const FACETS = ['brand', 'size', 'pcds', 'flag'] as const;
const valuesOf = (item: Item, facet: (typeof FACETS)[number]): readonly FacetValue[] =>
  facet === 'pcds' ? item.pcds : [item[facet]];

const itemArbitrary = fc.record({
  brand: fc.constantFrom('A', 'B', 'C', 'D'),
  size: fc.integer({ min: 14, max: 18 }),
  pcds: fc.uniqueArray(fc.constantFrom('5x100', '5x114.3', '6x139.7'), { maxLength: 2 }),
  flag: fc.boolean(),
});

/** Chosen values per facet, unknown values and empty choices included. */
const filtersArbitrary = fc.record(
  {
    brand: fc.uniqueArray(fc.constantFrom<FacetValue>('A', 'B', 'C', 'D', 'Z'), { maxLength: 3 }),
    size: fc.uniqueArray(fc.constantFrom<FacetValue>(14, 15, 16, 17, 18, 99), { maxLength: 3 }),
    pcds: fc.uniqueArray(fc.constantFrom<FacetValue>('5x100', '5x114.3', '6x139.7'), { maxLength: 2 }),
    flag: fc.uniqueArray(fc.boolean(), { maxLength: 1 }),
  },
  { requiredKeys: [] },
);

/** The definition, item by item: matches pass every filter; a facet counts the items passing every *other* filter. */
function reference(
  items: readonly Item[],
  filters: Map<string, readonly FacetValue[]>,
  predicate: ((slot: number) => boolean) | null,
) {
  const passes = (item: Item, slot: number, except: string | null) =>
    (predicate === null || predicate(slot)) &&
    [...filters].every(
      ([facet, chosen]) =>
        facet === except ||
        chosen.length === 0 ||
        valuesOf(item, facet as (typeof FACETS)[number]).some((value) => chosen.includes(value)),
    );
  const matches = items.flatMap((item, slot) => (passes(item, slot, null) ? [slot] : []));
  const facets: Record<string, FacetCount[]> = {};
  for (const facet of FACETS) {
    const counts = new Map<FacetValue, number>();
    items.forEach((item, slot) => {
      if (!passes(item, slot, facet)) return;
      for (const value of valuesOf(item, facet)) counts.set(value, (counts.get(value) ?? 0) + 1);
    });
    const order = [...new Set(items.flatMap((item) => valuesOf(item, facet)))].sort((a, b) =>
      typeof a === 'number' && typeof b === 'number'
        ? a - b
        : typeof a === 'boolean' && typeof b === 'boolean'
          ? Number(a) - Number(b)
          : String(a).localeCompare(String(b), 'en', { numeric: true }),
    );
    facets[facet] = order.flatMap((value) =>
      counts.get(value) ? [{ value, count: counts.get(value) as number }] : [],
    );
  }
  return { matches, facets };
}

type Search = readonly [Record<string, FacetValue[]>, number | null, readonly string[]];

/** One index over `items`, searched in turn (scratch bitsets carry over), each search held to the definition. */
function searchOneAfterAnother(items: readonly Item[], searches: readonly Search[]): void {
  const index = new FacetedIndex<Item>(
    items,
    FACETS.map((facet) => ({ name: facet, valuesOf: (item: Item) => (facet === 'pcds' ? item.pcds : item[facet]) })),
  );
  for (const [chosen, every, facetNames] of searches) {
    const filters = new Map(Object.entries(chosen));
    const predicate = every === null ? null : (slot: number) => slot % every !== 0;
    const narrowed = narrow(index, filters, facetNames, predicate);
    const expected = reference(items, filters, predicate);
    expect(narrowed.matches === null ? items.map((_, slot) => slot) : [...narrowed.matches]).toEqual(expected.matches);
    expect(narrowed.facets).toEqual(Object.fromEntries(facetNames.map((facet) => [facet, expected.facets[facet]])));
  }
}

describe('narrowing gives what the definition gives', () => {
  it('matches in name order and every facet counted under the other filters, with or without a predicate', () => {
    fc.assert(
      fc.property(
        fc.array(itemArbitrary, { maxLength: 60 }),
        filtersArbitrary,
        fc.option(fc.integer({ min: 2, max: 5 })),
        (drawn, chosen, every) => {
          const items = drawn.map((item, n) => ({ ...item, name: `item ${String(n).padStart(3, '0')}` }));
          const index = new FacetedIndex<Item>(
            items,
            FACETS.map((facet) => ({
              name: facet,
              valuesOf: (item: Item) => (facet === 'pcds' ? item.pcds : item[facet]),
            })),
          );
          const filters = new Map(Object.entries(chosen));
          const predicate = every === null ? null : (slot: number) => slot % every !== 0;
          const narrowed = narrow(index, filters, FACETS, predicate);
          const expected = reference(items, filters, predicate);
          const noFilter = [...filters.values()].every((values) => values.length === 0) && predicate === null;
          expect(narrowed.matches === null ? items.map((_, slot) => slot) : [...narrowed.matches]).toEqual(
            expected.matches,
          );
          if (noFilter) expect(narrowed.matches).toBeNull();
          expect(narrowed.facets).toEqual(expected.facets);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('leaves no scratch marks behind: the same search twice gives the same answer', () => {
    const items = Array.from({ length: 200 }, (_, n) => ({
      name: `item ${String(n).padStart(3, '0')}`,
      brand: 'ABCD'[n % 4] as string,
      size: 14 + (n % 5),
      pcds: n % 3 ? ['5x100'] : ['5x100', '6x139.7'],
      flag: n % 2 === 0,
    }));
    const index = new FacetedIndex<Item>(items, [
      { name: 'brand', valuesOf: (item) => item.brand },
      { name: 'size', valuesOf: (item) => item.size },
      { name: 'pcds', valuesOf: (item) => item.pcds },
    ]);
    const filters = new Map<string, FacetValue[]>([
      ['brand', ['A', 'B']],
      ['size', [15, 16]],
      ['pcds', ['6x139.7']],
    ]);
    const first = narrow(index, filters, ['brand', 'size', 'pcds'], null);
    const second = narrow(index, filters, ['brand', 'size', 'pcds'], null);
    expect(second).toEqual(first);
  });
  it('gives the definition over hundreds of items, where common values are bitsets and rare ones lists, searched one after another', () => {
    // One value in 32 items or more makes a bitset; skewed draws put common and rare values in the same facet, and
    // an item count that is no multiple of 32 leaves a part-filled last word.
    const skewedItem = fc.record({
      brand: fc.oneof(
        { arbitrary: fc.constant('A'), weight: 6 },
        { arbitrary: fc.constantFrom('B', 'C', 'D'), weight: 1 },
      ),
      size: fc.oneof(
        { arbitrary: fc.constantFrom(16, 17), weight: 8 },
        { arbitrary: fc.constantFrom(14, 15, 18), weight: 1 },
      ),
      pcds: fc.oneof(
        { arbitrary: fc.constant(['5x114.3']), weight: 5 },
        { arbitrary: fc.uniqueArray(fc.constantFrom('5x100', '5x114.3', '6x139.7'), { maxLength: 2 }), weight: 1 },
      ),
      flag: fc.oneof({ arbitrary: fc.constant(true), weight: 9 }, { arbitrary: fc.constant(false), weight: 1 }),
    });
    const requested = fc.constantFrom<readonly string[]>(FACETS, [], ['size'], ['brand', 'pcds']);
    fc.assert(
      fc.property(
        fc.array(skewedItem, { minLength: 33, maxLength: 700 }),
        fc.array(fc.tuple(filtersArbitrary, fc.option(fc.integer({ min: 2, max: 7 })), requested), {
          minLength: 1,
          maxLength: 4,
        }),
        (drawn, searches) => {
          const items = drawn.map((item, n) => ({ ...item, name: `item ${String(n).padStart(3, '0')}` }));
          searchOneAfterAnother(items, searches);
        },
      ),
      { numRuns: 200 },
    );
  });

  it('gives the definition where a facet has more than 32 values, so its rare values are lists, searched one after another', () => {
    // A facet of few values keeps a bitset for each; one of many values keeps lists for its rare values, in a
    // single-valued facet (size) and a multi-valued one (pcds) alike.
    const sizes = Array.from({ length: 40 }, (_, n) => 10 + n);
    const pcds = sizes.map((size) => `5x${size}`);
    const manyValued = fc.record({
      brand: fc.constantFrom('A', 'B', 'C', 'D'),
      size: fc.oneof(
        { arbitrary: fc.constantFrom(16, 17), weight: 6 },
        { arbitrary: fc.constantFrom(...sizes), weight: 1 },
      ),
      pcds: fc.oneof(
        { arbitrary: fc.constant(['5x16']), weight: 4 },
        { arbitrary: fc.uniqueArray(fc.constantFrom(...pcds), { maxLength: 2 }), weight: 1 },
      ),
      flag: fc.boolean(),
    });
    const manyFilters = fc.record(
      {
        brand: fc.uniqueArray(fc.constantFrom<FacetValue>('A', 'B', 'Z'), { maxLength: 2 }),
        size: fc.uniqueArray(fc.constantFrom<FacetValue>(...sizes, 99), { maxLength: 3 }),
        pcds: fc.uniqueArray(fc.constantFrom<FacetValue>(...pcds), { maxLength: 2 }),
        flag: fc.uniqueArray(fc.boolean(), { maxLength: 1 }),
      },
      { requiredKeys: [] },
    );
    const requested = fc.constantFrom<readonly string[]>(FACETS, ['size'], ['brand', 'pcds']);
    fc.assert(
      fc.property(
        fc.array(manyValued, { minLength: 64, maxLength: 400 }),
        fc.array(fc.tuple(manyFilters, fc.option(fc.integer({ min: 2, max: 7 })), requested), {
          minLength: 1,
          maxLength: 4,
        }),
        (drawn, searches) => {
          // Every value once, then the draws: more than 32 values in size and pcds, most of them rare.
          const everyValue = sizes.map((size, n) => ({
            brand: 'ABCD'[n % 4] as string,
            size,
            pcds: [pcds[n] as string],
            flag: n % 2 === 0,
          }));
          const items = [...everyValue, ...drawn].map((item, n) => ({
            ...item,
            name: `item ${String(n).padStart(3, '0')}`,
          }));
          searchOneAfterAnother(items, searches);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('gives the definition over thousands of items with each brand side by side, searched one after another', () => {
    // Blocks hold 1,024 items: brands in runs (as names put them) leave most blocks empty for one brand, and searches
    // one after another leave marks in the scratch bitsets' other blocks.
    const runItem = fc.record({
      size: fc.oneof(
        { arbitrary: fc.constantFrom(16, 17), weight: 6 },
        { arbitrary: fc.constantFrom(14, 15, 18), weight: 1 },
      ),
      pcds: fc.uniqueArray(fc.constantFrom('5x100', '5x114.3', '6x139.7'), { maxLength: 2 }),
      flag: fc.boolean(),
    });
    const requested = fc.constantFrom<readonly string[]>(FACETS, ['size'], ['brand', 'pcds']);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('A', 'B', 'C', 'D'), fc.integer({ min: 1, max: 1_300 })), {
          minLength: 2,
          maxLength: 5,
        }),
        fc.array(runItem, { minLength: 1, maxLength: 97 }),
        fc.array(fc.tuple(filtersArbitrary, fc.option(fc.integer({ min: 2, max: 7 })), requested), {
          minLength: 2,
          maxLength: 6,
        }),
        (runs, pattern, searches) => {
          const brands = runs.flatMap(([brand, length]) => Array.from({ length }, () => brand));
          const items = brands.map((brand, n) => ({
            ...(pattern[n % pattern.length] as (typeof pattern)[number]),
            brand,
            name: `item ${String(n).padStart(5, '0')}`,
          }));
          searchOneAfterAnother(items, searches);
        },
      ),
      { numRuns: 40 },
    );
  });
});
