import { z } from 'zod';
import type { MerchandiseSearchRequest } from '../../../contract/catalogue-merchandise';
import { type PagingSearch, optionalText, pagingSearchFields, sortAndPage, textList } from './catalogue-search-params';

/** The Accessories & Equipment page's URL: text, category, subcategories, brands, order and page. */
export const merchandiseSearchParamsSchema = z.object({
  q: optionalText(100),
  category: z
    .string()
    .regex(/^[a-z0-9-]+$/)
    .max(80)
    .optional()
    .catch(undefined),
  subcategories: textList,
  brands: textList,
  ...pagingSearchFields,
});
export type MerchandiseSearchParams = z.infer<typeof merchandiseSearchParamsSchema>;

export function merchandiseSearchRequest(search: MerchandiseSearchParams): MerchandiseSearchRequest {
  return {
    ...(search.q ? { search: search.q } : {}),
    ...(search.category ? { categorySlug: search.category } : {}),
    ...(search.subcategories ? { subcategorySlugs: search.subcategories } : {}),
    ...(search.brands ? { brands: search.brands } : {}),
    ...sortAndPage(search as PagingSearch),
  };
}
