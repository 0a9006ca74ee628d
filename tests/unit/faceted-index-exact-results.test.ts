import { describe, expect, it } from 'vitest';
import { FacetedIndex, narrow } from '../../src/server/modules/catalogue/faceted-index';

interface Item {
  readonly name: string;
  readonly brand: string;
  readonly size: number;
}

const items: Item[] = Array.from({ length: 10_000 }, (_, n) => ({
  name: `item ${String(n).padStart(5, '0')}`,
  brand: n % 2 ? 'A' : 'B',
  size: n % 10,
}));
const index = new FacetedIndex(items, [
  { name: 'brands', valuesOf: (item) => item.brand },
  { name: 'sizes', valuesOf: (item) => item.size },
]);

/**
 * A narrowing may be cached for as long as its snapshot lives; its match list must own a buffer of its own size, not
 * be a view of a scratch buffer as long as the whole table (1,000 cached text searches once pinned 382 MB that way).
 */
describe('narrowed match lists hold exactly their matches', () => {
  it('after a predicate', () => {
    const { matches } = narrow(index, new Map(), ['brands'], (slot) => slot % 1_000 === 0);
    expect(matches).toHaveLength(10);
    expect(matches?.buffer.byteLength).toBe(10 * 4);
  });

  it('after intersecting and uniting filters', () => {
    const { matches } = narrow(
      index,
      new Map([
        ['brands', ['A']],
        ['sizes', [1, 2]],
      ]),
      ['brands', 'sizes'],
      null,
    );
    expect(matches).toHaveLength(1_000);
    expect(matches?.buffer.byteLength).toBe(1_000 * 4);
  });
});
