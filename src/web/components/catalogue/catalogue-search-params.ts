import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, PAGE_SIZES } from '../../../contract/catalogue-common';

/**
 * The URL part every catalogue page shares: order, page, page size and grid or list. Filters live in the URL so a
 * search can be shared and back/forward restore it; anything unreadable in a pasted URL is dropped, not an error.
 */
export const sortOptions = {
  'name-asc': { sortBy: 'Name', sortDirection: 'Ascending', label: 'Name A–Z', priced: false },
  'name-desc': { sortBy: 'Name', sortDirection: 'Descending', label: 'Name Z–A', priced: false },
  'price-asc': { sortBy: 'Price', sortDirection: 'Ascending', label: 'Price low–high', priced: true },
  'price-desc': { sortBy: 'Price', sortDirection: 'Descending', label: 'Price high–low', priced: true },
  'available-soonest': {
    sortBy: 'Availability',
    sortDirection: 'Ascending',
    label: 'Available soonest',
    priced: true,
  },
} as const;
export type SortOption = keyof typeof sortOptions;

/**
 * The router reads search values as JSON, so text made of digits (a model such as '86', a size typed '2656517')
 * arrives as a number: read it back as the text it was.
 */
export const numberAsText = (value: unknown) => (typeof value === 'number' ? String(value) : value);
const urlText = (max: number) => z.preprocess(numberAsText, z.string().trim().min(1).max(max));

const optionalList = <T extends z.ZodType>(item: T) => z.array(item).max(50).optional().catch(undefined);
export const textList = optionalList(urlText(80));
export const numberList = (min: number, max: number) => optionalList(z.number().min(min).max(max));
export const optionalFlag = z.boolean().optional().catch(undefined);
export const optionalText = (max: number) => urlText(max).optional().catch(undefined);
export const optionalId = z.int().positive().optional().catch(undefined);

/**
 * The 'Can arrive by' choices, kept in the URL as days from today rather than as dates, so a shared or bookmarked
 * search still means 'by tomorrow' the next week. The day is counted on Melbourne's calendar (the company's home):
 * for a customer elsewhere it differs only in the hours around midnight where the calendars differ.
 */
export const arriveWithin = {
  today: { days: 0, label: 'Today' },
  tomorrow: { days: 1, label: 'Tomorrow' },
  '3-days': { days: 3, label: 'In 3 days' },
  week: { days: 7, label: 'In a week' },
} as const;
export type ArriveWithin = keyof typeof arriveWithin;

const HOME_TIME_ZONE = 'Australia/Melbourne';

/** The arriveBy date ('YYYY-MM-DD') of a choice: today in Melbourne plus its days. */
export function arriveByDate(choice: ArriveWithin, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-AU', {
    timeZone: HOME_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value);
  const day = Date.UTC(part('year'), part('month') - 1, part('day') + arriveWithin[choice].days);
  return new Date(day).toISOString().slice(0, 10);
}

export const pagingSearchFields = {
  arrive: z
    .enum(Object.keys(arriveWithin) as [ArriveWithin, ...ArriveWithin[]])
    .optional()
    .catch(undefined),
  sort: z
    .enum(Object.keys(sortOptions) as [SortOption, ...SortOption[]])
    .optional()
    .catch(undefined),
  page: z.int().min(1).max(10_000).optional().catch(undefined),
  pageSize: z
    .union(PAGE_SIZES.map((size) => z.literal(size)))
    .optional()
    .catch(undefined),
  view: z.enum(['grid', 'list']).optional().catch(undefined),
};

export interface PagingSearch {
  arrive?: ArriveWithin | undefined;
  sort?: SortOption | undefined;
  page?: number | undefined;
  pageSize?: (typeof PAGE_SIZES)[number] | undefined;
  view?: 'grid' | 'list' | undefined;
}

/** The sort, paging and arrival fields of a search body, from the URL (the public searches drop arriveBy). */
export function sortAndPage(search: PagingSearch) {
  const sort = sortOptions[search.sort ?? 'name-asc'];
  return {
    sortBy: sort.sortBy,
    sortDirection: sort.sortDirection,
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_PAGE_SIZE,
    ...(search.arrive ? { arriveBy: arriveByDate(search.arrive) } : {}),
  };
}

/** A list with at least one entry, or undefined, so an emptied filter leaves the URL. */
export function nonEmpty<T>(list: readonly T[]): T[] | undefined {
  return list.length > 0 ? [...list] : undefined;
}

export function toggled<T>(list: readonly T[] | undefined, value: T): T[] | undefined {
  const current = list ?? [];
  return nonEmpty(current.includes(value) ? current.filter((entry) => entry !== value) : [...current, value]);
}
