import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pageSlots } from '../../src/server/modules/catalogue/catalogue-paging';
import { ProductTable } from '../../src/server/modules/catalogue/product-table';
import type { ProductRecord } from '../../src/server/modules/catalogue/catalogue-records';
import { rangePredicate } from '../../src/server/modules/catalogue/table-search';

interface Priced extends ProductRecord {
  readonly offset: number;
}

function tableOf(prices: readonly number[], offsets: readonly number[] = []): ProductTable<Priced> {
  const items = prices.map((price, n) => {
    const name = `item ${String(n).padStart(4, '0')}`;
    return {
      id: n + 1,
      sku: `SKU${n}`,
      slug: `item-${n}`,
      name,
      brand: 'A',
      description: '',
      imageUrl: '',
      rrpCents: price,
      tradeCents: price,
      text: name,
      offset: offsets[n] ?? 0,
    };
  });
  return new ProductTable<Priced>('priced', items, [{ name: 'brands', valuesOf: (item) => item.brand }], 1);
}

const byTrade = { key: 'trade', priceOf: (item: Priced) => item.tradeCents };

describe('a price page is the matches in price order, ties in name order, whatever the share of the table they are', () => {
  it('gives the page a full sort of the matches gives, both ways, for small and large match sets and deep pages', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 100, max: 140 }), { minLength: 1, maxLength: 400 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom(1, 3, 12, 48),
        fc.constantFrom<'Ascending' | 'Descending'>('Ascending', 'Descending'),
        fc.integer(),
        (prices, share, page, pageSize, sortDirection, seed) => {
          const table = tableOf(prices);
          // Items are stored in name order, which here is the order they were drawn in.
          const matches = Int32Array.from(
            prices.flatMap((_, slot) => (((slot * 2654435761 + seed) >>> 0) % 1000 < share * 1000 ? [slot] : [])),
          );
          const sorted = [...matches].sort((a, b) => (prices[a] as number) - (prices[b] as number) || a - b);
          if (sortDirection === 'Descending') sorted.reverse();
          const { slots, total } = pageSlots(
            table,
            matches,
            { sortBy: 'Price', sortDirection, page, pageSize },
            byTrade,
            null,
          );
          expect(total).toBe(matches.length);
          expect(slots).toEqual(sorted.slice((page - 1) * pageSize, page * pageSize));
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a range predicate keeps the items whose value lies within its bounds, either bound open', () => {
  it('agrees with comparing each item, and is no predicate when both bounds are open', () => {
    const offsets = [-20, -5, 0, 12, 35, 35, 45, 60];
    const table = tableOf(
      offsets.map(() => 100),
      offsets,
    );
    const within = (min: number | undefined, max: number | undefined) => {
      const predicate = rangePredicate(table, 'offset', (item) => item.offset, min, max);
      return offsets.flatMap((_, slot) => (predicate?.(slot) ? [slot] : []));
    };
    expect(within(0, 35)).toEqual([2, 3, 4, 5]);
    expect(within(undefined, 0)).toEqual([0, 1, 2]);
    expect(within(45, undefined)).toEqual([6, 7]);
    expect(within(36, 44)).toEqual([]);
    expect(rangePredicate(table, 'offset', (item) => item.offset, undefined, undefined)).toBeNull();
  });
});
