import type { ItemSet } from './faceted-index';
import type { ProductRecord, ProductTable } from './catalogue-snapshot';

export interface SortAndPage {
  readonly sortBy: 'Name' | 'Price';
  readonly sortDirection: 'Ascending' | 'Descending';
  readonly page: number;
  readonly pageSize: number;
}

/** The first `limit` matches, cheapest first (the quick order's candidates). */
export function firstByPrice(limit: number): SortAndPage {
  return { sortBy: 'Price', sortDirection: 'Ascending', page: 1, pageSize: limit };
}

export interface PriceSort<T> {
  readonly key: string;
  readonly priceOf: (item: T) => number;
}

/** Below this share of the table, sorting the matches beats walking the whole price order. */
const SORT_MATCHES_BELOW = 1 / 16;

/**
 * The slots of one page of `matches` in the requested order. Items are stored in name order, so a Name sort is the
 * matches as they are; a Price sort reads the table's price order for the caller's price key.
 */
export function pageSlots<T extends ProductRecord>(
  table: ProductTable<T>,
  matches: ItemSet,
  sort: SortAndPage,
  price: PriceSort<T> | null,
): { slots: number[]; total: number } {
  const size = table.items.length;
  const total = matches === null ? size : matches.length;
  const start = (sort.page - 1) * sort.pageSize;
  const end = Math.min(total, start + sort.pageSize);
  const descending = sort.sortDirection === 'Descending';
  const slots: number[] = [];
  if (start >= total) return { slots, total };

  if (sort.sortBy === 'Name') {
    for (let position = start; position < end; position += 1) {
      const at = descending ? total - 1 - position : position;
      slots.push(matches === null ? at : (matches[at] as number));
    }
    return { slots, total };
  }

  if (price === null) throw new Error('a search without a price to see cannot be ordered by price');
  const { order, rank } = table.priceOrder(price.key, price.priceOf);
  if (matches === null) {
    for (let position = start; position < end; position += 1) slots.push(order[descending ? size - 1 - position : position] as number);
    return { slots, total };
  }
  if (matches.length < size * SORT_MATCHES_BELOW) {
    // Sort the matches' ranks (a native numeric sort, no comparator calls), then read the slots back off the order.
    const ranks = new Int32Array(matches.length);
    for (let i = 0; i < matches.length; i += 1) ranks[i] = rank[matches[i] as number] as number;
    ranks.sort();
    for (let position = start; position < end; position += 1) slots.push(order[ranks[descending ? total - 1 - position : position] as number] as number);
    return { slots, total };
  }
  const { marks } = table;
  for (let i = 0; i < matches.length; i += 1) marks[matches[i] as number] = 1;
  try {
    let seen = 0;
    for (let step = 0; step < size && seen < end; step += 1) {
      const slot = order[descending ? size - 1 - step : step] as number;
      if (marks[slot] === 1) {
        if (seen >= start) slots.push(slot);
        seen += 1;
      }
    }
  } finally {
    for (let i = 0; i < matches.length; i += 1) marks[matches[i] as number] = 0;
  }
  return { slots, total };
}

export function pagingOf(total: number, sort: SortAndPage) {
  return { totalCount: total, page: sort.page, pageSize: sort.pageSize, totalPages: Math.ceil(total / sort.pageSize) };
}
