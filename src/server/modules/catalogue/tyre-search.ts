import type { z } from 'zod';
import { PAGE_SIZES } from '../../../contract/catalogue-common';
import type { PublicTyre, TradeTyre, tyreFiltersSchema, tyreSearchSchema } from '../../../contract/catalogue-tyres';
import { loadIndexOf } from '../../../domain/load-index';
import { formatTyreSize, parseTyreSize } from '../../../domain/tyre-size';
import { treadImageUrl } from '../../integrations/images/catalogue-image-urls';
import { problems } from '../../http/problem';
import { arrivalDayFor, arrivesBy, pictureOf, priceSortFor, tradeFieldsOf } from './catalogue-answers';
import { firstByPrice, pagingOf } from './catalogue-paging';
import type { AccountPricing } from './catalogue-read-model';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import { TYRE_RECORD_FIELDS } from './catalogue-column-reads';
import type { TyreRecord } from './catalogue-records';
import { facetAnswersOf, facetNamesOf } from './product-field-reads';
import type { ProductTable } from './product-table';
import {
  type Filters,
  addFilter,
  both,
  filterKey,
  facetUnderOtherFilters,
  rangePredicate,
  searchTable,
  textPredicate,
  typed,
} from './table-search';

type TyreFilters = z.output<typeof tyreFiltersSchema>;
type TyreSearch = z.output<typeof tyreSearchSchema>;

const FACETS = facetNamesOf(TYRE_RECORD_FIELDS);
const facetAnswers = facetAnswersOf(TYRE_RECORD_FIELDS);

/** The request's filters; a typed `size` ('2656517', '265/65R17 112H') sets the size filters it names. */
function tyreFilters(request: TyreFilters): Filters {
  const filters: Filters = new Map();
  let { widths, profiles, diameters, loadRatings, speedRatings } = request;
  if (request.size) {
    const size = parseTyreSize(request.size);
    if (!size) {
      throw problems.badRequest('The tyre size is not one we can read.', [
        { name: 'size', reason: 'Type a size such as 265/65R17, 2656517 or 265 65 17.' },
      ]);
    }
    widths = [size.width];
    if (size.profile !== null) profiles = [size.profile];
    if (size.diameter !== null) diameters = [size.diameter];
    if (size.loadRating !== null) loadRatings = [size.loadRating];
    if (size.speedRating !== null) speedRatings = [size.speedRating];
  }
  addFilter(filters, 'brands', request.brands);
  addFilter(filters, 'patterns', request.patterns);
  addFilter(filters, 'widths', widths);
  addFilter(filters, 'profiles', profiles);
  addFilter(filters, 'diameters', diameters);
  addFilter(filters, 'loadRatings', loadRatings);
  addFilter(filters, 'speedRatings', speedRatings);
  addFilter(filters, 'categories', request.categories);
  addFilter(filters, 'seasons', request.seasons);
  if (request.runFlat !== undefined) filters.set('runFlat', [request.runFlat]);
  if (request.extraLoad !== undefined) filters.set('extraLoad', [request.extraLoad]);
  return filters;
}

/** The request's text and load index minimum, as one test of a slot; null when it has neither. */
function tyrePredicate(table: ProductTable<TyreRecord>, request: TyreFilters) {
  const loadIndex = rangePredicate(
    table,
    'loadIndex',
    // A rating that is no load index meets no minimum.
    (tyre) => loadIndexOf(tyre.loadRating) ?? Number.NaN,
    request.loadIndexMin,
    undefined,
  );
  return both(textPredicate(table, request.search), loadIndex);
}

function attributesOf(tyre: TyreRecord): string[] {
  const attributes: string[] = [];
  if (tyre.runFlat) attributes.push('Run Flat');
  if (tyre.extraLoad) attributes.push('XL');
  attributes.push(tyre.season);
  return attributes;
}

/**
 * The public fields of a tyre, built for each answer: they are cheap to build, and keeping them per record would
 * hold one more object graph for every tyre ever answered. One literal in the contract's key order, so every answer
 * item has the same shape.
 */
export function publicTyreOf(tyre: TyreRecord): PublicTyre {
  return {
    id: tyre.id,
    sku: tyre.sku,
    slug: tyre.slug,
    name: tyre.name,
    brand: tyre.brand,
    picture: pictureOf(tyre),
    pattern: tyre.pattern,
    sizePrefix: tyre.sizePrefix,
    width: tyre.width,
    profile: tyre.profile,
    diameter: tyre.diameter,
    loadRating: tyre.loadRating,
    speedRatingBase: tyre.speedRating,
    fullSpecificationDisplay: `${formatTyreSize({ prefix: tyre.sizePrefix === 'LT' ? 'LT' : null, width: tyre.width, profile: tyre.profile, diameter: tyre.diameter, loadRating: tyre.loadRating, speedRating: tyre.speedRating })}${tyre.extraLoad ? ' XL' : ''}${tyre.runFlat ? ' Run Flat' : ''}`,
    category: tyre.category,
    season: tyre.season,
    runFlat: tyre.runFlat,
    extraLoad: tyre.extraLoad,
    attributes: attributesOf(tyre),
    treadPicture: pictureOf(tyre, treadImageUrl(tyre.imageUrl)),
  };
}

function run(snapshot: CatalogueSnapshot, request: TyreSearch, account: AccountPricing | null, now: Date | null) {
  const table = snapshot.tyres;
  const arrivalDayOf = arrivalDayFor(snapshot, table, account, now);
  const result = searchTable(
    table,
    `search:${filterKey(request)}`,
    tyreFilters(request),
    request.search,
    tyrePredicate(table, request),
    FACETS,
    request,
    priceSortFor<TyreRecord>(account),
    arrivalDayOf,
    arrivesBy(arrivalDayOf, request.arriveBy),
  );
  const facets = facetAnswers(result.facets);
  return { result, facets, paging: pagingOf(result.total, request) };
}

export function searchTradeTyres(snapshot: CatalogueSnapshot, request: TyreSearch, account: AccountPricing, now: Date) {
  const { result, facets, paging } = run(snapshot, request, account, now);
  const items: TradeTyre[] = result.slots.map((slot) =>
    Object.assign(
      publicTyreOf(snapshot.tyres.items[slot] as TyreRecord),
      tradeFieldsOf(snapshot, snapshot.tyres, slot, account, now),
    ),
  );
  return { items, ...paging, facets };
}

export function searchPublicTyres(snapshot: CatalogueSnapshot, request: TyreSearch) {
  const { result, facets, paging } = run(snapshot, request, null, null);
  return {
    items: result.slots.map((slot) => publicTyreOf(snapshot.tyres.items[slot] as TyreRecord)),
    ...paging,
    facets,
  };
}

/**
 * The tyres of a typed size ('2656517', '265/65R17 112H'), cheapest for the account first: the quick order's size
 * lookup, through the same filters as the search. Null when the text is not a size.
 */
export function tyresOfSize(snapshot: CatalogueSnapshot, sizeText: string, account: AccountPricing, limit: number) {
  if (!parseTyreSize(sizeText)) return null;
  const request: TyreFilters = { size: sizeText };
  // Its own cache key: this narrowing counts no facets, so it must not answer a search that shows them.
  const result = searchTable(
    snapshot.tyres,
    `quick-size:${filterKey(request)}`,
    tyreFilters(request),
    undefined,
    null,
    [],
    firstByPrice(limit),
    priceSortFor<TyreRecord>(account),
  );
  return { slots: result.slots, total: result.total };
}

export function tyreFacet(snapshot: CatalogueSnapshot, request: TyreFilters, facet: 'diameters' | 'profiles') {
  const table = snapshot.tyres;
  return typed.numbers(facetUnderOtherFilters(table, tyreFilters(request), tyrePredicate(table, request), facet));
}

export function tyrePatterns(snapshot: CatalogueSnapshot, brand: string) {
  const filters: Filters = new Map([['brands', [brand]]]);
  return typed.strings(facetUnderOtherFilters(snapshot.tyres, filters, null, 'patterns'));
}

/** The filter values, page sizes and orders of the search; `sortFields` differ for visitors (no Price). */
export function tyreSearchParameters(snapshot: CatalogueSnapshot, sortFields: readonly string[]) {
  const index = snapshot.tyres.index;
  const strings = (name: string) => index.values(name).map(String);
  const numbers = (name: string) => index.values(name).map(Number);
  return {
    brands: strings('brands'),
    widths: numbers('widths'),
    profiles: numbers('profiles'),
    diameters: numbers('diameters'),
    loadRatings: strings('loadRatings'),
    speedRatings: strings('speedRatings'),
    categories: strings('categories'),
    seasons: strings('seasons'),
    sortFields: [...sortFields],
    sortDirections: ['Ascending', 'Descending'],
    pageSizes: [...PAGE_SIZES],
  };
}

export function publicTyreBySlug(snapshot: CatalogueSnapshot, slug: string): PublicTyre {
  const slot = snapshot.tyres.slugs.get(slug);
  if (slot === undefined) throw problems.notFound('No tyre has that address.');
  return publicTyreOf(snapshot.tyres.items[slot] as TyreRecord);
}
