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
import { PRODUCT_FIELDS, WHEEL_FIELDS, facetsSchemaOf } from './product-fields';
import { bodyId } from './ids';
import { everyCustomerUser } from './customer-roles';
import { defineRoute } from './route';

/** A bolt pattern: studs and the circle they sit on in mm, '6x139.7'. */
export const PCD_PATTERN = /^\d{1,2}x\d{2,3}(\.\d)?$/;

export const wheelFiltersFields = {
  search: searchText.optional(),
  brands: nameList.optional(),
  designs: nameList.optional(),
  colours: nameList.optional(),
  performances: nameList.optional(),
  sizes: z.array(z.int().min(12).max(26)).max(20).optional(),
  widths: z.array(z.number().min(4).max(14)).max(20).optional(),
  pcds: z.array(z.string().trim().regex(PCD_PATTERN, 'A PCD looks like 6x139.7')).max(20).optional(),
  seats: nameList.optional(),
  offsetMin: z.int().min(-100).max(100).optional(),
  offsetMax: z.int().min(-100).max(100).optional(),
  /**
   * Only wheels that go on this vehicle's hub (Vehicle/WheelDefinitions): its centre bore, or a larger one with hub
   * rings for it in the catalogue, so the accessories step can complete every wheel listed.
   */
  vehicleId: bodyId.optional(),
};
export const wheelFiltersSchema = z.strictObject(wheelFiltersFields);
export type WheelFilters = z.input<typeof wheelFiltersSchema>;
export const wheelSearchSchema = z.strictObject({ ...wheelFiltersFields, ...sortAndPageFields });
export type WheelSearchRequest = z.input<typeof wheelSearchSchema>;
export const publicWheelSearchSchema = z.strictObject({ ...wheelFiltersFields, ...publicSortAndPageFields });
export type PublicWheelSearchRequest = z.input<typeof publicWheelSearchSchema>;

export const wheelFacetsSchema = facetsSchemaOf({ ...PRODUCT_FIELDS, ...WHEEL_FIELDS });

const wheelFields = {
  ...productBaseFields,
  design: z.string(),
  color: z.string(),
  performance: z.string(),
  size: z.int(),
  width: z.number(),
  pcds: z.array(z.string()),
  offset: z.int(),
  centreBore: z.number(),
  seat: z.string(),
  spokes: z.int(),
};
export const publicWheelSchema = z.object(wheelFields);
export const tradeWheelSchema = z.object({ ...wheelFields, ...tradeFields });
export type PublicWheel = z.infer<typeof publicWheelSchema>;
export type TradeWheel = z.infer<typeof tradeWheelSchema>;

export const tradeWheelResultsSchema = z.object({
  items: z.array(tradeWheelSchema),
  ...pagingSchema,
  facets: wheelFacetsSchema,
});
export const publicWheelResultsSchema = z.object({
  items: z.array(publicWheelSchema),
  ...pagingSchema,
  facets: wheelFacetsSchema,
});
export type TradeWheelResults = z.infer<typeof tradeWheelResultsSchema>;
export type PublicWheelResults = z.infer<typeof publicWheelResultsSchema>;

export const wheelSearchParametersSchema = z.object({
  brands: z.array(z.string()),
  colours: z.array(z.string()),
  performances: z.array(z.string()),
  sizes: z.array(z.int()),
  widths: z.array(z.number()),
  pcds: z.array(z.string()),
  seats: z.array(z.string()),
  offsetRange: z.object({ min: z.int(), max: z.int() }).nullable(),
  sortFields: z.array(z.string()),
  sortDirections: z.array(z.string()),
  pageSizes: z.array(z.int()),
});
export type WheelSearchParameters = z.infer<typeof wheelSearchParametersSchema>;

const brandQuery = z.object({ brand: z.string().trim().min(1).max(80) });

function wheelRouteSet<const P extends 'Wheel' | 'WheelPublic'>(prefix: P) {
  const access =
    prefix === 'Wheel'
      ? ({ access: 'customer', customerRoles: everyCustomerUser } as const)
      : ({ access: 'public' } as const);
  const tag = prefix === 'Wheel' ? 'Wheels' : 'Wheels (public)';
  return {
    pcds: defineRoute({
      method: 'POST',
      path: `${prefix}/Pcds`,
      ...access,
      tag,
      summary: 'Bolt patterns offered under the other chosen filters, with counts',
      body: wheelFiltersSchema,
      response: stringFacet,
    }),
    designs: defineRoute({
      method: 'GET',
      path: `${prefix}/Designs`,
      ...access,
      tag,
      summary: 'Designs of a wheel brand, with counts',
      query: brandQuery,
      response: stringFacet,
    }),
    searchParameters: defineRoute({
      method: 'GET',
      path: `${prefix}/SearchParameters`,
      ...access,
      tag,
      summary: 'Every filter value, sort field and page size the wheel search takes',
      response: wheelSearchParametersSchema,
    }),
  };
}

const trade = wheelRouteSet('Wheel');
const visitor = wheelRouteSet('WheelPublic');

export const wheelRoutes = {
  wheelPcds: trade.pcds,
  wheelDesigns: trade.designs,
  wheelSearchParameters: trade.searchParameters,
  wheelSearch: defineRoute({
    method: 'POST',
    path: 'Wheel/Search',
    access: 'customer',
    customerRoles: everyCustomerUser,
    tag: 'Wheels',
    summary: "Wheels by size, PCD, offset and more, with the account's price, stock and narrowing facets",
    body: wheelSearchSchema,
    response: tradeWheelResultsSchema,
  }),
  wheelPublicPcds: visitor.pcds,
  wheelPublicDesigns: visitor.designs,
  wheelPublicSearchParameters: visitor.searchParameters,
  wheelPublicSearch: defineRoute({
    method: 'POST',
    path: 'WheelPublic/Search',
    access: 'public',
    tag: 'Wheels (public)',
    summary: 'Wheels for visitors: no price, stock or ordering, and no order by price',
    body: publicWheelSearchSchema,
    response: publicWheelResultsSchema,
  }),
  wheelPublicDetails: defineRoute({
    method: 'GET',
    path: 'WheelPublic/Details',
    access: 'public',
    tag: 'Wheels (public)',
    summary: 'One wheel by its slug, for visitors',
    query: slugQuery,
    response: publicWheelSchema,
  }),
};
