import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SortField } from '../../../contract/catalogue-common';
import type {
  MerchandiseSearchRequest,
  publicMerchandiseResultsSchema,
  tradeMerchandiseResultsSchema,
} from '../../../contract/catalogue-merchandise';
import type {
  PublicTyreResults,
  TradeTyreResults,
  TyreFilters,
  TyreSearchRequest,
} from '../../../contract/catalogue-tyres';
import type { PublicWheelResults, TradeWheelResults, WheelSearchRequest } from '../../../contract/catalogue-wheels';
import type { ApiClient } from '../api-client';
import { ApiError } from '../api-error';

/** A product that is not there will not be there on a second try: only other failures are retried, once. */
const retryUnlessMissing = (failures: number, error: Error) =>
  !(error instanceof ApiError && error.status === 404) && failures < 1;

type TradeMerchandiseResults = z.infer<typeof tradeMerchandiseResultsSchema>;
type PublicMerchandiseResults = z.infer<typeof publicMerchandiseResultsSchema>;

/**
 * The catalogue's queries. `trade` picks the signed-in customer's routes (price, stock, promotions);
 * visitors and staff on their own call the …Public/ routes (SPEC.md §7), which carry none of those.
 * The key holds `trade`, so an answer never crosses from one kind of caller to the other.
 */
export function tyreSearchParametersQuery(api: ApiClient, trade: boolean) {
  return queryOptions({
    queryKey: ['catalogue', 'tyre-parameters', trade],
    queryFn: () => (trade ? api.call('tyreSearchParameters') : api.call('tyrePublicSearchParameters')),
    staleTime: 5 * 60_000,
  });
}

export function tyreProfilesQuery(api: ApiClient, trade: boolean, filters: TyreFilters) {
  return queryOptions({
    queryKey: ['catalogue', 'tyre-profiles', trade, filters],
    queryFn: () => api.call(trade ? 'tyreProfiles' : 'tyrePublicProfiles', { body: filters }),
    staleTime: 5 * 60_000,
  });
}

export function tyreDiametersQuery(api: ApiClient, trade: boolean, filters: TyreFilters) {
  return queryOptions({
    queryKey: ['catalogue', 'tyre-diameters', trade, filters],
    queryFn: () => api.call(trade ? 'tyreDiameters' : 'tyrePublicDiameters', { body: filters }),
    staleTime: 5 * 60_000,
  });
}

/**
 * Visitors see no price or stock, so the public searches refuse a price or availability order and an arrival filter:
 * one in a visitor's URL (a link shared by a signed-in customer, say) is read as name order, and the filter left out.
 */
function visitorOrder<R extends { sortBy?: SortField | undefined; arriveBy?: string | undefined }>(request: R) {
  const visible = { ...request };
  delete visible.arriveBy;
  return {
    ...visible,
    sortBy: 'Name' as const,
    ...(request.sortBy === 'Name' || request.sortBy === undefined ? {} : { sortDirection: 'Ascending' as const }),
  };
}

export function tyreSearchQuery(api: ApiClient, trade: boolean, request: TyreSearchRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'tyres', trade, request],
    queryFn: (): Promise<TradeTyreResults | PublicTyreResults> =>
      trade ? api.call('tyreSearch', { body: request }) : api.call('tyrePublicSearch', { body: visitorOrder(request) }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A tyre's price and stock for the signed-in customer: the contract has no signed-in Tyre/Details, so the detail
 * page asks Tyre/Search for the SKU (searched text covers name and SKU) and keeps the exact match.
 */
export function tradeTyreBySkuQuery(api: ApiClient, sku: string) {
  return queryOptions({
    queryKey: ['catalogue', 'tyre-trade', sku],
    queryFn: async () => {
      const answer = await api.call('tyreSearch', { body: { search: sku, pageSize: 24 } });
      return answer.items.find((item) => item.sku === sku) ?? null;
    },
  });
}

export function tyreDetailsQuery(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['catalogue', 'tyre', slug],
    queryFn: () => api.call('tyrePublicDetails', { query: { slug } }),
    retry: retryUnlessMissing,
  });
}

export function wheelSearchParametersQuery(api: ApiClient, trade: boolean) {
  return queryOptions({
    queryKey: ['catalogue', 'wheel-parameters', trade],
    queryFn: () => (trade ? api.call('wheelSearchParameters') : api.call('wheelPublicSearchParameters')),
    staleTime: 5 * 60_000,
  });
}

export function wheelSearchQuery(api: ApiClient, trade: boolean, request: WheelSearchRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'wheels', trade, request],
    queryFn: (): Promise<TradeWheelResults | PublicWheelResults> =>
      trade
        ? api.call('wheelSearch', { body: request })
        : api.call('wheelPublicSearch', { body: visitorOrder(request) }),
    placeholderData: keepPreviousData,
  });
}

/** A wheel's price and stock for the signed-in customer, found by SKU as for tyres (no signed-in Wheel/Details). */
export function tradeWheelBySkuQuery(api: ApiClient, sku: string) {
  return queryOptions({
    queryKey: ['catalogue', 'wheel-trade', sku],
    queryFn: async () => {
      const answer = await api.call('wheelSearch', { body: { search: sku, pageSize: 24 } });
      return answer.items.find((item) => item.sku === sku) ?? null;
    },
  });
}

export function wheelDetailsQuery(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['catalogue', 'wheel', slug],
    queryFn: () => api.call('wheelPublicDetails', { query: { slug } }),
    retry: retryUnlessMissing,
  });
}

export function merchandiseCategoriesQuery(api: ApiClient, trade: boolean) {
  return queryOptions({
    queryKey: ['catalogue', 'merchandise-categories', trade],
    queryFn: () => (trade ? api.call('merchandiseCategories') : api.call('merchandisePublicCategories')),
    staleTime: 5 * 60_000,
  });
}

export function merchandiseSearchQuery(api: ApiClient, trade: boolean, request: MerchandiseSearchRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'merchandise', trade, request],
    queryFn: (): Promise<TradeMerchandiseResults | PublicMerchandiseResults> =>
      trade
        ? api.call('merchandiseSearch', { body: request })
        : api.call('merchandisePublicSearch', { body: visitorOrder(request) }),
    placeholderData: keepPreviousData,
  });
}

export function tradeMerchandiseDetailsQuery(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['catalogue', 'merchandise-item', true, slug],
    queryFn: () => api.call('merchandiseDetails', { query: { slug } }),
    retry: retryUnlessMissing,
  });
}

export function publicMerchandiseDetailsQuery(api: ApiClient, slug: string) {
  return queryOptions({
    queryKey: ['catalogue', 'merchandise-item', false, slug],
    queryFn: () => api.call('merchandisePublicDetails', { query: { slug } }),
    retry: retryUnlessMissing,
  });
}

export function vehicleMakesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['vehicle', 'makes'],
    queryFn: () => api.call('vehicleMakes'),
    staleTime: 30 * 60_000,
  });
}

export function vehicleModelsQuery(api: ApiClient, makeId: number) {
  return queryOptions({
    queryKey: ['vehicle', 'models', makeId],
    queryFn: () => api.call('vehicleModels', { query: { makeId } }),
    staleTime: 30 * 60_000,
  });
}

export function vehicleTyreDefinitionsQuery(api: ApiClient, vehicleId: number) {
  return queryOptions({
    queryKey: ['vehicle', 'tyre-definitions', vehicleId],
    queryFn: () => api.call('vehicleTyreDefinitions', { query: { vehicleId } }),
    staleTime: 30 * 60_000,
  });
}

export function vehicleWheelDefinitionsQuery(api: ApiClient, vehicleId: number) {
  return queryOptions({
    queryKey: ['vehicle', 'wheel-definitions', vehicleId],
    queryFn: () => api.call('vehicleWheelDefinitions', { query: { vehicleId } }),
    staleTime: 30 * 60_000,
  });
}
