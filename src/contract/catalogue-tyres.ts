import { z } from 'zod';
import {
  nameList,
  numberFacet,
  pagingSchema,
  productBaseFields,
  publicSortAndPageFields,
  searchText,
  slugQuery,
  sortAndPageFields,
  stringFacet,
  tradeFields,
} from './catalogue-common';
import { pictureSchema } from './home';
import { PRODUCT_FIELDS, TYRE_FIELDS, facetsSchemaOf } from './product-fields';
import { everyCustomerUser } from './customer-roles';
import { defineRoute } from './route';

const sizeNumbers = (min: number, max: number) => z.array(z.int().min(min).max(max)).max(30);

/** Tyre filters. `size` takes a typed size ('2656517', '265/65R17 112H'), read by src/domain/tyre-size. */
export const tyreFiltersFields = {
  search: searchText.optional(),
  size: z.string().trim().max(40).optional(),
  brands: nameList.optional(),
  patterns: nameList.optional(),
  widths: sizeNumbers(100, 400).optional(),
  profiles: sizeNumbers(20, 95).optional(),
  diameters: sizeNumbers(10, 26).optional(),
  loadRatings: nameList.optional(),
  /** Tyres whose load index (src/domain/load-index) is at least this. */
  loadIndexMin: z.int().min(0).max(279).optional(),
  speedRatings: nameList.optional(),
  categories: nameList.optional(),
  seasons: nameList.optional(),
  runFlat: z.boolean().optional(),
  extraLoad: z.boolean().optional(),
};
export const tyreFiltersSchema = z.strictObject(tyreFiltersFields);
export type TyreFilters = z.input<typeof tyreFiltersSchema>;
export const tyreSearchSchema = z.strictObject({ ...tyreFiltersFields, ...sortAndPageFields });
export type TyreSearchRequest = z.input<typeof tyreSearchSchema>;
export const publicTyreSearchSchema = z.strictObject({ ...tyreFiltersFields, ...publicSortAndPageFields });
export type PublicTyreSearchRequest = z.input<typeof publicTyreSearchSchema>;

export const tyreFacetsSchema = facetsSchemaOf({ ...PRODUCT_FIELDS, ...TYRE_FIELDS });

const tyreFields = {
  ...productBaseFields,
  pattern: z.string(),
  sizePrefix: z.string().nullable(),
  width: z.int(),
  profile: z.int(),
  diameter: z.int(),
  loadRating: z.string(),
  speedRatingBase: z.string(),
  fullSpecificationDisplay: z.string(),
  category: z.string(),
  season: z.string(),
  runFlat: z.boolean(),
  extraLoad: z.boolean(),
  attributes: z.array(z.string()),
  treadPicture: pictureSchema,
};
export const publicTyreSchema = z.object(tyreFields);
export const tradeTyreSchema = z.object({ ...tyreFields, ...tradeFields });
export type PublicTyre = z.infer<typeof publicTyreSchema>;
export type TradeTyre = z.infer<typeof tradeTyreSchema>;

export const tradeTyreResultsSchema = z.object({
  items: z.array(tradeTyreSchema),
  ...pagingSchema,
  facets: tyreFacetsSchema,
});
export const publicTyreResultsSchema = z.object({
  items: z.array(publicTyreSchema),
  ...pagingSchema,
  facets: tyreFacetsSchema,
});
export type TradeTyreResults = z.infer<typeof tradeTyreResultsSchema>;
export type PublicTyreResults = z.infer<typeof publicTyreResultsSchema>;

export const tyreSearchParametersSchema = z.object({
  brands: z.array(z.string()),
  widths: z.array(z.int()),
  profiles: z.array(z.int()),
  diameters: z.array(z.int()),
  loadRatings: z.array(z.string()),
  speedRatings: z.array(z.string()),
  categories: z.array(z.string()),
  seasons: z.array(z.string()),
  sortFields: z.array(z.string()),
  sortDirections: z.array(z.string()),
  pageSizes: z.array(z.int()),
});
export type TyreSearchParameters = z.infer<typeof tyreSearchParametersSchema>;

const brandQuery = z.object({ brand: z.string().trim().min(1).max(80) });

function tyreRouteSet<const P extends 'Tyre' | 'TyrePublic'>(prefix: P) {
  const access =
    prefix === 'Tyre'
      ? ({ access: 'customer', customerRoles: everyCustomerUser } as const)
      : ({ access: 'public' } as const);
  const tag = prefix === 'Tyre' ? 'Tyres' : 'Tyres (public)';
  return {
    diameters: defineRoute({
      method: 'POST',
      path: `${prefix}/Diameters`,
      ...access,
      tag,
      summary: 'Rim diameters offered under the other chosen filters, with counts',
      body: tyreFiltersSchema,
      response: numberFacet,
    }),
    profiles: defineRoute({
      method: 'POST',
      path: `${prefix}/Profiles`,
      ...access,
      tag,
      summary: 'Profiles offered under the other chosen filters, with counts',
      body: tyreFiltersSchema,
      response: numberFacet,
    }),
    patterns: defineRoute({
      method: 'GET',
      path: `${prefix}/Patterns`,
      ...access,
      tag,
      summary: 'Tread patterns of a brand, with counts',
      query: brandQuery,
      response: stringFacet,
    }),
    searchParameters: defineRoute({
      method: 'GET',
      path: `${prefix}/SearchParameters`,
      ...access,
      tag,
      summary: 'Every filter value, sort field and page size the tyre search takes',
      response: tyreSearchParametersSchema,
    }),
  };
}

const trade = tyreRouteSet('Tyre');
const visitor = tyreRouteSet('TyrePublic');

export const tyreRoutes = {
  tyreDiameters: trade.diameters,
  tyreProfiles: trade.profiles,
  tyrePatterns: trade.patterns,
  tyreSearchParameters: trade.searchParameters,
  tyreSearch: defineRoute({
    method: 'POST',
    path: 'Tyre/Search',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Tyres',
    summary: "Tyres by size, brand and more, with the account's price, stock and narrowing facets",
    body: tyreSearchSchema,
    response: tradeTyreResultsSchema,
  }),
  tyrePublicDiameters: visitor.diameters,
  tyrePublicProfiles: visitor.profiles,
  tyrePublicPatterns: visitor.patterns,
  tyrePublicSearchParameters: visitor.searchParameters,
  tyrePublicSearch: defineRoute({
    method: 'POST',
    path: 'TyrePublic/Search',
    access: 'public',
    tag: 'Tyres (public)',
    summary: 'Tyres for visitors: no price, stock or ordering, and no order by price',
    body: publicTyreSearchSchema,
    response: publicTyreResultsSchema,
  }),
  tyrePublicDetails: defineRoute({
    method: 'GET',
    path: 'TyrePublic/Details',
    access: 'public',
    tag: 'Tyres (public)',
    summary: 'One tyre by its slug, for visitors',
    query: slugQuery,
    response: publicTyreSchema,
  }),
};
