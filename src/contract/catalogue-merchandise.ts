import { z } from 'zod';
import {
  nameList,
  pagingSchema,
  productBaseFields,
  publicSortAndPageFields,
  searchText,
  slugQuery,
  sortAndPageFields,
  stringFacet,
  tradeFields,
} from './catalogue-common';
import { everyCustomerUser } from './customer-roles';
import { defineRoute } from './route';

const categorySlug = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9-]+$/, 'A category slug is lower case words joined by -');

export const subcategorySchema = z.object({ id: z.int(), slug: z.string(), name: z.string(), count: z.int() });
export const merchandiseCategorySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  count: z.int(),
  subcategories: z.array(subcategorySchema),
});
export type MerchandiseCategory = z.infer<typeof merchandiseCategorySchema>;

const searchFields = {
  search: searchText.optional(),
  categorySlug: categorySlug.optional(),
  subcategorySlugs: z.array(categorySlug).max(30).optional(),
  brands: nameList.optional(),
};
const subcategorySearchFields = {
  subcategorySlug: categorySlug,
  search: searchText.optional(),
  brands: nameList.optional(),
};
export const merchandiseSearchSchema = z.strictObject({ ...searchFields, ...sortAndPageFields });
export const merchandiseSubcategorySearchSchema = z.strictObject({ ...subcategorySearchFields, ...sortAndPageFields });
export const publicMerchandiseSearchSchema = z.strictObject({ ...searchFields, ...publicSortAndPageFields });
export const publicMerchandiseSubcategorySearchSchema = z.strictObject({
  ...subcategorySearchFields,
  ...publicSortAndPageFields,
});
export type MerchandiseSearchRequest = z.input<typeof merchandiseSearchSchema>;
export type PublicMerchandiseSearchRequest = z.input<typeof publicMerchandiseSearchSchema>;

const merchandiseFields = {
  ...productBaseFields,
  description: z.string(),
  category: z.object({ slug: z.string(), name: z.string() }),
  subcategory: z.object({ slug: z.string(), name: z.string() }),
  specs: z.record(z.string(), z.string()),
};
export const publicMerchandiseSchema = z.object(merchandiseFields);
export const tradeMerchandiseSchema = z.object({ ...merchandiseFields, ...tradeFields });
export type PublicMerchandise = z.infer<typeof publicMerchandiseSchema>;
export type TradeMerchandise = z.infer<typeof tradeMerchandiseSchema>;

const facets = z.object({ subcategories: stringFacet, brands: stringFacet });
export const tradeMerchandiseResultsSchema = z.object({
  items: z.array(tradeMerchandiseSchema),
  ...pagingSchema,
  facets,
});
export const publicMerchandiseResultsSchema = z.object({
  items: z.array(publicMerchandiseSchema),
  ...pagingSchema,
  facets,
});

function merchandiseRouteSet<const P extends 'Merchandise' | 'MerchandisePublic'>(prefix: P) {
  const isTrade = prefix === 'Merchandise';
  const access = isTrade
    ? ({ access: 'customer', customerRoles: everyCustomerUser } as const)
    : ({ access: 'public' } as const);
  const tag = isTrade ? 'Merchandise' : 'Merchandise (public)';
  return {
    categories: defineRoute({
      method: 'GET',
      path: `${prefix}/Categories`,
      ...access,
      tag,
      summary: 'Merchandise categories with their subcategories and item counts',
      response: z.array(merchandiseCategorySchema),
    }),
  };
}

export const merchandiseRoutes = {
  merchandiseCategories: merchandiseRouteSet('Merchandise').categories,
  merchandiseDetails: defineRoute({
    method: 'GET',
    path: 'Merchandise/Details',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Merchandise',
    summary: "One item by its slug, with the account's price and stock",
    query: slugQuery,
    response: tradeMerchandiseSchema,
  }),
  merchandiseSearch: defineRoute({
    method: 'POST',
    path: 'Merchandise/Search',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Merchandise',
    summary: "Accessories and equipment, with the account's price and stock",
    body: merchandiseSearchSchema,
    response: tradeMerchandiseResultsSchema,
  }),
  merchandiseSubcategorySearch: defineRoute({
    method: 'POST',
    path: 'Merchandise/SubcategorySearch',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Merchandise',
    summary: 'The items of one subcategory',
    body: merchandiseSubcategorySearchSchema,
    response: tradeMerchandiseResultsSchema,
  }),
  merchandisePublicCategories: merchandiseRouteSet('MerchandisePublic').categories,
  merchandisePublicDetails: defineRoute({
    method: 'GET',
    path: 'MerchandisePublic/Details',
    access: 'public',
    tag: 'Merchandise (public)',
    summary: 'One item by its slug, for visitors',
    query: slugQuery,
    response: publicMerchandiseSchema,
  }),
  merchandisePublicSearch: defineRoute({
    method: 'POST',
    path: 'MerchandisePublic/Search',
    access: 'public',
    tag: 'Merchandise (public)',
    summary: 'Accessories and equipment for visitors: no price, stock or ordering, and no order by price',
    body: publicMerchandiseSearchSchema,
    response: publicMerchandiseResultsSchema,
  }),
  merchandisePublicSubcategorySearch: defineRoute({
    method: 'POST',
    path: 'MerchandisePublic/SubcategorySearch',
    access: 'public',
    tag: 'Merchandise (public)',
    summary: 'The items of one subcategory, for visitors, never ordered by price',
    body: publicMerchandiseSubcategorySearchSchema,
    response: publicMerchandiseResultsSchema,
  }),
};
