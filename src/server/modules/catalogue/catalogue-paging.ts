import type { ItemSet } from './faceted-index';
import type { ProductRecord } from './catalogue-records';
import type { ProductTable } from './product-table';

export interface SortAndPage {
  readonly sortBy: 'Name' | 'Price' | 'Availability';
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

/** The day (days since 1970) an item can arrive for the account searching; Infinity when no day is promised. */
export type ArrivalDayOf = (slot: number) => number;

/**
 * The `count` smallest keys of the matches (count <= matches.length), ascending; a match's key is its place in the
 * price order, counted from the far end when `descending`. A max-heap of the best so far: once it is full, most
 * keys lose to its top after one comparison, so a page costs about one step per match whatever the prices are, where
 * sorting every match costs a logarithm more and walking the price order until the page fills can cross most of the
 * table when the matches are the dear end of it (a large diameter, cheapest first).
 */
function smallestKeys(matches: Int32Array, rank: Int32Array, descending: boolean, count: number): Int32Array {
  const last = rank.length - 1;
  const keyOf = (i: number): number => {
    const position = rank[matches[i] as number] as number;
    return descending ? last - position : position;
  };
  const heap = new Int32Array(count);
  for (let i = 0; i < count; i += 1) heap[i] = keyOf(i);
  const siftDown = (from: number): void => {
    let at = from;
    const key = heap[at] as number;
    for (;;) {
      let child = 2 * at + 1;
      if (child >= count) break;
      if (child + 1 < count && (heap[child + 1] as number) > (heap[child] as number)) child += 1;
      if ((heap[child] as number) <= key) break;
      heap[at] = heap[child] as number;
      at = child;
    }
    heap[at] = key;
  };
  for (let at = (count >> 1) - 1; at >= 0; at -= 1) siftDown(at);
  for (let i = count; i < matches.length; i += 1) {
    const key = keyOf(i);
    if (key < (heap[0] as number)) {
      heap[0] = key;
      siftDown(0);
    }
  }
  return heap.sort();
}

/**
 * The slots of one page of `matches` in the requested order. Items are stored in name order, so a Name sort is the
 * matches as they are; a Price sort reads the table's price order for the caller's price key; an Availability sort
 * orders by arrival day, then price, then name.
 */
export function pageSlots<T extends ProductRecord>(
  table: ProductTable<T>,
  matches: ItemSet,
  sort: SortAndPage,
  price: PriceSort<T> | null,
  arrivalDayOf: ArrivalDayOf | null,
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
  if (sort.sortBy === 'Availability') {
    if (arrivalDayOf === null) throw new Error('a search without stock to see cannot be ordered by availability');
    return { slots: byArrival(matches, size, rank, arrivalDayOf, descending).slice(start, end), total };
  }
  if (matches === null) {
    for (let position = start; position < end; position += 1)
      slots.push(order[descending ? size - 1 - position : position] as number);
    return { slots, total };
  }
  const first = smallestKeys(matches, rank, descending, end);
  for (let position = start; position < end; position += 1) {
    const key = first[position] as number;
    slots.push(order[descending ? size - 1 - key : key] as number);
  }
  return { slots, total };
}

/**
 * The matches soonest first (latest first when `descending`), each day's cheapest first. Every match's day is worked
 * out, so this costs a delivery promise per match: the answer cache keeps the page it makes.
 */
function byArrival(
  matches: ItemSet,
  size: number,
  priceRank: Int32Array,
  arrivalDayOf: ArrivalDayOf,
  descending: boolean,
): number[] {
  const slots = matches === null ? Array.from({ length: size }, (_, slot) => slot) : Array.from(matches);
  const days = new Map(slots.map((slot) => [slot, arrivalDayOf(slot)]));
  const direction = descending ? -1 : 1;
  return slots.sort((a, b) => {
    const dayA = days.get(a) as number;
    const dayB = days.get(b) as number;
    if (dayA !== dayB) return dayA < dayB ? -direction : direction;
    return direction * ((priceRank[a] as number) - (priceRank[b] as number));
  });
}

export function pagingOf(total: number, sort: SortAndPage) {
  return { totalCount: total, page: sort.page, pageSize: sort.pageSize, totalPages: Math.ceil(total / sort.pageSize) };
}
