import type { z } from 'zod';
import { PAGE_SIZES } from '../../../contract/catalogue-common';
import type {
  PublicWheel,
  TradeWheel,
  wheelFiltersSchema,
  wheelSearchSchema,
} from '../../../contract/catalogue-wheels';
import { problems } from '../../http/problem';
import { arrivalDayFor, arrivesBy, pictureOf, priceSortFor, tradeFieldsOf } from './catalogue-answers';
import { pagingOf } from './catalogue-paging';
import type { AccountPricing } from './catalogue-read-model';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import { WHEEL_RECORD_FIELDS } from './catalogue-column-reads';
import type { WheelRecord } from './catalogue-records';
import { wheelsGoingOn } from './hub-rings';
import type { VehicleFitment } from '../vehicle/wheel-fitment';
import { facetAnswersOf, facetNamesOf } from './product-field-reads';
import {
  type Filters,
  addFilter,
  filterKey,
  both,
  facetUnderOtherFilters,
  rangePredicate,
  searchTable,
  textPredicate,
  typed,
} from './table-search';

type WheelFilters = z.output<typeof wheelFiltersSchema>;
type WheelSearch = z.output<typeof wheelSearchSchema>;

const FACETS = facetNamesOf(WHEEL_RECORD_FIELDS);
const facetAnswers = facetAnswersOf(WHEEL_RECORD_FIELDS);

function wheelFilters(request: WheelFilters): Filters {
  if (request.offsetMin !== undefined && request.offsetMax !== undefined && request.offsetMin > request.offsetMax) {
    throw problems.badRequest('The offset range is empty.', [
      { name: 'offsetMin', reason: 'The lowest offset is above the highest.' },
    ]);
  }
  const filters: Filters = new Map();
  addFilter(filters, 'brands', request.brands);
  addFilter(filters, 'designs', request.designs);
  addFilter(filters, 'colours', request.colours);
  addFilter(filters, 'performances', request.performances);
  addFilter(filters, 'sizes', request.sizes);
  addFilter(filters, 'widths', request.widths);
  addFilter(filters, 'pcds', request.pcds);
  addFilter(filters, 'seats', request.seats);
  return filters;
}

/**
 * Offsets are a range, not a facet: they narrow the matches and every facet alike; so does the vehicle searched for,
 * which only wheels that go on it pass (wheelsGoingOn).
 */
function predicateOf(snapshot: CatalogueSnapshot, request: WheelFilters, goesOn: ((slot: number) => boolean) | null) {
  const offset = rangePredicate(
    snapshot.wheels,
    'offset',
    (wheel) => wheel.offset,
    request.offsetMin,
    request.offsetMax,
  );
  return both(both(offset, goesOn), textPredicate(snapshot.wheels, request.search));
}

/**
 * The public fields of a wheel, built for each answer rather than kept per record (see publicTyreOf): one literal in
 * the contract's key order.
 */
export function publicWheelOf(wheel: WheelRecord): PublicWheel {
  return {
    id: wheel.id,
    sku: wheel.sku,
    slug: wheel.slug,
    name: wheel.name,
    brand: wheel.brand,
    picture: pictureOf(wheel),
    design: wheel.design,
    color: wheel.colour,
    performance: wheel.performance,
    size: wheel.size,
    width: wheel.width,
    pcds: [...wheel.pcds],
    offset: wheel.offset,
    centreBore: wheel.centreBore,
    seat: wheel.seat,
    spokes: wheel.spokes,
  };
}

function run(
  snapshot: CatalogueSnapshot,
  request: WheelSearch,
  account: AccountPricing | null,
  now: Date | null,
  vehicle: VehicleFitment | null,
) {
  const table = snapshot.wheels;
  const fit = vehicle === null ? null : wheelsGoingOn(snapshot, vehicle);
  const arrivalDayOf = arrivalDayFor(snapshot, table, account, now);
  const result = searchTable(
    table,
    `search:${filterKey(request)}${fit === null ? '' : `:fit:${fit.key}`}`,
    wheelFilters(request),
    request.search,
    predicateOf(snapshot, request, fit?.goesOn ?? null),
    FACETS,
    request,
    priceSortFor<WheelRecord>(account),
    arrivalDayOf,
    arrivesBy(arrivalDayOf, request.arriveBy),
  );
  const facets = facetAnswers(result.facets);
  return { result, facets, paging: pagingOf(result.total, request) };
}

export function searchTradeWheels(
  snapshot: CatalogueSnapshot,
  request: WheelSearch,
  vehicle: VehicleFitment | null,
  account: AccountPricing,
  now: Date,
) {
  const { result, facets, paging } = run(snapshot, request, account, now, vehicle);
  const items: TradeWheel[] = result.slots.map((slot) =>
    Object.assign(
      publicWheelOf(snapshot.wheels.items[slot] as WheelRecord),
      tradeFieldsOf(snapshot, snapshot.wheels, slot, account, now),
    ),
  );
  return { items, ...paging, facets };
}

export function searchPublicWheels(snapshot: CatalogueSnapshot, request: WheelSearch, vehicle: VehicleFitment | null) {
  const { result, facets, paging } = run(snapshot, request, null, null, vehicle);
  return {
    items: result.slots.map((slot) => publicWheelOf(snapshot.wheels.items[slot] as WheelRecord)),
    ...paging,
    facets,
  };
}

export function wheelPcds(snapshot: CatalogueSnapshot, request: WheelFilters, vehicle: VehicleFitment | null) {
  return typed.strings(
    facetUnderOtherFilters(
      snapshot.wheels,
      wheelFilters(request),
      predicateOf(snapshot, request, vehicle === null ? null : wheelsGoingOn(snapshot, vehicle).goesOn),
      'pcds',
    ),
  );
}

export function wheelDesigns(snapshot: CatalogueSnapshot, brand: string) {
  return typed.strings(facetUnderOtherFilters(snapshot.wheels, new Map([['brands', [brand]]]), null, 'designs'));
}

/** The filter values, page sizes and orders of the search; `sortFields` differ for visitors (no Price). */
export function wheelSearchParameters(snapshot: CatalogueSnapshot, sortFields: readonly string[]) {
  const { index, items } = snapshot.wheels;
  const strings = (name: string) => index.values(name).map(String);
  const numbers = (name: string) => index.values(name).map(Number);
  let min = Infinity;
  let max = -Infinity;
  for (const wheel of items) {
    min = Math.min(min, wheel.offset);
    max = Math.max(max, wheel.offset);
  }
  return {
    brands: strings('brands'),
    colours: strings('colours'),
    performances: strings('performances'),
    sizes: numbers('sizes'),
    widths: numbers('widths'),
    pcds: strings('pcds'),
    seats: strings('seats'),
    offsetRange: items.length === 0 ? null : { min, max },
    sortFields: [...sortFields],
    sortDirections: ['Ascending', 'Descending'],
    pageSizes: [...PAGE_SIZES],
  };
}

export function publicWheelBySlug(snapshot: CatalogueSnapshot, slug: string): PublicWheel {
  const slot = snapshot.wheels.slugs.get(slug);
  if (slot === undefined) throw problems.notFound('No wheel has that address.');
  return publicWheelOf(snapshot.wheels.items[slot] as WheelRecord);
}
