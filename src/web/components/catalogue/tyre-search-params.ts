import { z } from 'zod';
import type { TyreSearchRequest } from '../../../contract/catalogue-tyres';
import { parseTyreSize } from '../../../domain/tyre-size';
import {
  type PagingSearch,
  numberAsText,
  optionalFlag,
  optionalId,
  optionalText,
  pagingSearchFields,
  sortAndPage,
  textList,
} from './catalogue-search-params';

const readableSize = z
  .preprocess(numberAsText, z.string().trim().max(40))
  .refine((text) => parseTyreSize(text) !== null)
  .optional()
  .catch(undefined);

/** The tyre page's URL: how the search was made (size or vehicle), the sizes, filters, order and page. */
export const tyreSearchParamsSchema = z.object({
  by: z.enum(['size', 'vehicle']).optional().catch(undefined),
  /** The (front) size, canonical ('265/65R17') or the start of one ('265', '265/65'). */
  size: readableSize,
  /** The rear size of a staggered fitment, searched beside the front. */
  rear: readableSize,
  /** Free text: brand, pattern, name or SKU. */
  q: optionalText(100),
  make: optionalId,
  model: optionalText(80),
  vehicle: optionalId,
  brands: textList,
  patterns: textList,
  loadRatings: textList,
  /** Load index at least this (src/domain/load-index). */
  loadIndexMin: z.int().min(0).max(279).optional().catch(undefined),
  speedRatings: textList,
  categories: textList,
  seasons: textList,
  runFlat: optionalFlag,
  extraLoad: optionalFlag,
  ...pagingSearchFields,
});
export type TyreSearchParams = z.infer<typeof tyreSearchParamsSchema>;

/** The Tyre/Search body for one size of the URL's search (the front, or the rear of a staggered pair). */
export function tyreSearchRequest(search: TyreSearchParams, size: string | undefined): TyreSearchRequest {
  return {
    ...(size ? { size } : {}),
    ...(search.q ? { search: search.q } : {}),
    ...(search.brands ? { brands: search.brands } : {}),
    ...(search.patterns ? { patterns: search.patterns } : {}),
    ...(search.loadRatings ? { loadRatings: search.loadRatings } : {}),
    ...(search.loadIndexMin !== undefined ? { loadIndexMin: search.loadIndexMin } : {}),
    ...(search.speedRatings ? { speedRatings: search.speedRatings } : {}),
    ...(search.categories ? { categories: search.categories } : {}),
    ...(search.seasons ? { seasons: search.seasons } : {}),
    ...(search.runFlat ? { runFlat: true } : {}),
    ...(search.extraLoad ? { extraLoad: true } : {}),
    ...sortAndPage(search as PagingSearch),
  };
}

/** The filters that narrow the results (not the size or vehicle): what 'Clear filters' removes. */
export const tyreFilterKeys = [
  'brands',
  'patterns',
  'loadRatings',
  'loadIndexMin',
  'speedRatings',
  'categories',
  'seasons',
  'runFlat',
  'extraLoad',
] as const;
