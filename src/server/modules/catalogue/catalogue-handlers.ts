import type { z } from 'zod';
import { PUBLIC_SORT_FIELDS, sortFieldSchema } from '../../../contract/catalogue-common';
import { priceDisplayFor } from '../../../contract/customer-roles';
import { publicTyreResultsSchema, tradeTyreResultsSchema } from '../../../contract/catalogue-tyres';
import { publicWheelResultsSchema, tradeWheelResultsSchema } from '../../../contract/catalogue-wheels';
import type { HandlerContext, Handlers } from '../../http/handler';
import { cachedAnswer, sendAnswer } from './answer-cache';
import { accountAnswerKey, activePromotionsKey } from './catalogue-answers';
import type { AccountPricing } from './catalogue-read-model';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import { filterKey, hasFreeText } from './table-search';
import { vehicleFitmentOf } from '../vehicle/vehicle-fitments';
import type { VehicleFitment } from '../vehicle/wheel-fitment';
import {
  publicTyreBySlug,
  searchPublicTyres,
  searchTradeTyres,
  tyreFacet,
  tyrePatterns,
  tyreSearchParameters,
} from './tyre-search';
import {
  publicWheelBySlug,
  searchPublicWheels,
  searchTradeWheels,
  wheelDesigns,
  wheelPcds,
  wheelSearchParameters,
} from './wheel-search';

/** The vehicle a wheel search names, if any. */
const searchedVehicle = (context: HandlerContext, vehicleId: number | undefined) =>
  vehicleId === undefined ? null : vehicleFitmentOf(context.db, vehicleId);

/**
 * A wheel search's answers are kept per vehicle fitment, not only per vehicle id: a vehicle import can change a
 * vehicle's ranges without reloading the catalogue, which is what empties the answer cache.
 */
const wheelRoute = (route: string, vehicle: VehicleFitment | null) =>
  vehicle === null ? route : `${route}:${JSON.stringify(vehicle)}`;

export const snapshotOf = (context: HandlerContext) => context.catalogue.snapshot();
/** How the caller's account is priced, as its user may see it (a counter user never at trade). */
export const accountOf = async (context: HandlerContext): Promise<AccountPricing> => {
  const customer = context.customer();
  const pricing = await context.catalogue.account(customer.accountId, context.now());
  const priceDisplay = priceDisplayFor(customer.role, pricing.priceDisplay);
  return priceDisplay === pricing.priceDisplay ? pricing : { ...pricing, priceDisplay };
};

interface SortedRequest {
  readonly search?: string | undefined;
  readonly sortBy: string;
  readonly sortDirection: string;
  readonly page: number;
  readonly pageSize: number;
}

/** The cache key of one search answer: route, filters, order, page, and (signed in) the kind of account. */
export function answerKey(
  route: string,
  request: SortedRequest,
  snapshot: CatalogueSnapshot,
  account: AccountPricing | null,
  now: Date,
): string {
  const order = `${request.sortBy}|${request.sortDirection}|${request.page}|${request.pageSize}`;
  const who = account ? `${accountAnswerKey(account, snapshot, now)}|${activePromotionsKey(snapshot, now)}` : 'public';
  return `${route}|${filterKey(request)}|${order}|${who}`;
}

/** Answers a search from the snapshot's answer cache, building (and checking) it on a miss. */
export async function cachedSearch<S extends z.ZodType>(
  context: HandlerContext,
  route: string,
  request: SortedRequest,
  schema: S,
  signedIn: boolean,
  build: (snapshot: CatalogueSnapshot, account: AccountPricing | null, now: Date) => z.input<S>,
): Promise<z.output<S>> {
  const [snapshot, account] = await Promise.all([snapshotOf(context), signedIn ? accountOf(context) : null]);
  const now = context.now();
  const freeText = hasFreeText(request.search);
  const key = freeText ? null : answerKey(route, request, snapshot, account, now);
  return sendAnswer(
    context,
    cachedAnswer(snapshot, key, schema, () => build(snapshot, account, now)),
  );
}

export const withAccount = (account: AccountPricing | null): AccountPricing => {
  if (!account) throw new Error('a signed-in search needs an account');
  return account;
};

/** Tyres and wheels, signed in (with the account's price and stock) and public. */
export const catalogueHandlers = {
  tyreDiameters: async ({ body }, context) => tyreFacet(await snapshotOf(context), body, 'diameters'),
  tyreProfiles: async ({ body }, context) => tyreFacet(await snapshotOf(context), body, 'profiles'),
  tyrePatterns: async ({ query }, context) => tyrePatterns(await snapshotOf(context), query.brand),
  tyreSearchParameters: async (_request, context) =>
    tyreSearchParameters(await snapshotOf(context), sortFieldSchema.options),
  tyreSearch: async ({ body }, context) =>
    cachedSearch(context, 'tyre', body, tradeTyreResultsSchema, true, (snapshot, account, now) =>
      searchTradeTyres(snapshot, body, withAccount(account), now),
    ),
  tyrePublicDiameters: async ({ body }, context) => tyreFacet(await snapshotOf(context), body, 'diameters'),
  tyrePublicProfiles: async ({ body }, context) => tyreFacet(await snapshotOf(context), body, 'profiles'),
  tyrePublicPatterns: async ({ query }, context) => tyrePatterns(await snapshotOf(context), query.brand),
  tyrePublicSearchParameters: async (_request, context) =>
    tyreSearchParameters(await snapshotOf(context), PUBLIC_SORT_FIELDS),
  tyrePublicSearch: async ({ body }, context) =>
    cachedSearch(context, 'tyre-public', body, publicTyreResultsSchema, false, (snapshot) =>
      searchPublicTyres(snapshot, body),
    ),
  tyrePublicDetails: async ({ query }, context) => publicTyreBySlug(await snapshotOf(context), query.slug),

  wheelPcds: async ({ body }, context) =>
    wheelPcds(await snapshotOf(context), body, await searchedVehicle(context, body.vehicleId)),
  wheelDesigns: async ({ query }, context) => wheelDesigns(await snapshotOf(context), query.brand),
  wheelSearchParameters: async (_request, context) =>
    wheelSearchParameters(await snapshotOf(context), sortFieldSchema.options),
  wheelSearch: async ({ body }, context) => {
    const vehicle = await searchedVehicle(context, body.vehicleId);
    return cachedSearch(
      context,
      wheelRoute('wheel', vehicle),
      body,
      tradeWheelResultsSchema,
      true,
      (snapshot, account, now) => searchTradeWheels(snapshot, body, vehicle, withAccount(account), now),
    );
  },
  wheelPublicPcds: async ({ body }, context) =>
    wheelPcds(await snapshotOf(context), body, await searchedVehicle(context, body.vehicleId)),
  wheelPublicDesigns: async ({ query }, context) => wheelDesigns(await snapshotOf(context), query.brand),
  wheelPublicSearchParameters: async (_request, context) =>
    wheelSearchParameters(await snapshotOf(context), PUBLIC_SORT_FIELDS),
  wheelPublicSearch: async ({ body }, context) => {
    const vehicle = await searchedVehicle(context, body.vehicleId);
    return cachedSearch(
      context,
      wheelRoute('wheel-public', vehicle),
      body,
      publicWheelResultsSchema,
      false,
      (snapshot) => searchPublicWheels(snapshot, body, vehicle),
    );
  },
  wheelPublicDetails: async ({ query }, context) => publicWheelBySlug(await snapshotOf(context), query.slug),
} satisfies Partial<Handlers>;
