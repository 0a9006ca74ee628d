import type { z } from 'zod';
import type {
  MerchandiseCategory,
  PublicMerchandise,
  TradeMerchandise,
  merchandiseSearchSchema,
  merchandiseSubcategorySearchSchema,
} from '../../../contract/catalogue-merchandise';
import { problems } from '../../http/problem';
import { arrivalDayFor, arrivesBy, baseFieldsOf, priceSortFor, tradeFieldsOf } from './catalogue-answers';
import { pagingOf } from './catalogue-paging';
import type { AccountPricing } from './catalogue-read-model';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import type { MerchandiseRecord } from './catalogue-records';
import { type Filters, addFilter, filterKey, searchTable, textPredicate, typed } from './table-search';

type MerchandiseSearch = z.output<typeof merchandiseSearchSchema>;
type SubcategorySearch = z.output<typeof merchandiseSubcategorySearchSchema>;

export function publicMerchandiseOf(item: MerchandiseRecord): PublicMerchandise {
  return {
    ...baseFieldsOf(item),
    description: item.description,
    category: { slug: item.category.slug, name: item.category.name },
    subcategory: { slug: item.subcategory.slug, name: item.subcategory.name },
    specs: { ...item.specs },
  };
}

function assertCategory(snapshot: CatalogueSnapshot, slug: string, field: string, parent: 'top' | 'sub'): void {
  const found = snapshot.categories.find(
    (c) => c.slug === slug && (parent === 'top' ? c.parentId === null : c.parentId !== null),
  );
  if (!found)
    throw problems.badRequest('No such category.', [
      { name: field, reason: `There is no ${parent === 'top' ? 'category' : 'subcategory'} '${slug}'.` },
    ]);
}

function run(
  snapshot: CatalogueSnapshot,
  request: MerchandiseSearch | SubcategorySearch,
  account: AccountPricing | null,
  now: Date | null,
) {
  const table = snapshot.merchandise;
  const arrivalDayOf = arrivalDayFor(snapshot, table, account, now);
  const filters: Filters = new Map();
  if ('subcategorySlug' in request) {
    assertCategory(snapshot, request.subcategorySlug, 'subcategorySlug', 'sub');
    filters.set('subcategories', [request.subcategorySlug]);
  } else {
    if (request.categorySlug) {
      assertCategory(snapshot, request.categorySlug, 'categorySlug', 'top');
      filters.set('categories', [request.categorySlug]);
    }
    addFilter(filters, 'subcategories', request.subcategorySlugs);
  }
  addFilter(filters, 'brands', request.brands);
  const result = searchTable(
    table,
    `search:${filterKey(request)}`,
    filters,
    request.search,
    textPredicate(table, request.search),
    ['subcategories', 'brands'],
    request,
    priceSortFor<MerchandiseRecord>(account),
    arrivalDayOf,
    arrivesBy(arrivalDayOf, request.arriveBy),
  );
  const facets = {
    subcategories: typed.strings(result.facets.subcategories),
    brands: typed.strings(result.facets.brands),
  };
  return { result, facets, paging: pagingOf(result.total, request) };
}

export function searchTradeMerchandise(
  snapshot: CatalogueSnapshot,
  request: MerchandiseSearch | SubcategorySearch,
  account: AccountPricing,
  now: Date,
) {
  const { result, facets, paging } = run(snapshot, request, account, now);
  const items: TradeMerchandise[] = result.slots.map((slot) => ({
    ...publicMerchandiseOf(snapshot.merchandise.items[slot] as MerchandiseRecord),
    ...tradeFieldsOf(snapshot, snapshot.merchandise, slot, account, now),
  }));
  return { items, ...paging, facets };
}

export function searchPublicMerchandise(snapshot: CatalogueSnapshot, request: MerchandiseSearch | SubcategorySearch) {
  const { result, facets, paging } = run(snapshot, request, null, null);
  return {
    items: result.slots.map((slot) => publicMerchandiseOf(snapshot.merchandise.items[slot] as MerchandiseRecord)),
    ...paging,
    facets,
  };
}

export function merchandiseCategoryTree(snapshot: CatalogueSnapshot): MerchandiseCategory[] {
  const counts = new Map(
    snapshot.merchandise.index.counts('subcategories', null).map((c) => [String(c.value), c.count]),
  );
  const tops = snapshot.categories.filter((c) => c.parentId === null);
  return tops.map((top) => {
    const subcategories = snapshot.categories
      .filter((c) => c.parentId === top.id)
      .map((sub) => ({ id: sub.id, slug: sub.slug, name: sub.name, count: counts.get(sub.slug) ?? 0 }));
    return {
      id: top.id,
      slug: top.slug,
      name: top.name,
      count: subcategories.reduce((sum, s) => sum + s.count, 0),
      subcategories,
    };
  });
}

function slotBySlug(snapshot: CatalogueSnapshot, slug: string): number {
  const slot = snapshot.merchandise.slugs.get(slug);
  if (slot === undefined) throw problems.notFound('No item has that address.');
  return slot;
}

export function publicMerchandiseBySlug(snapshot: CatalogueSnapshot, slug: string): PublicMerchandise {
  return publicMerchandiseOf(snapshot.merchandise.items[slotBySlug(snapshot, slug)] as MerchandiseRecord);
}

export function tradeMerchandiseBySlug(
  snapshot: CatalogueSnapshot,
  slug: string,
  account: AccountPricing,
  now: Date,
): TradeMerchandise {
  const slot = slotBySlug(snapshot, slug);
  return {
    ...publicMerchandiseOf(snapshot.merchandise.items[slot] as MerchandiseRecord),
    ...tradeFieldsOf(snapshot, snapshot.merchandise, slot, account, now),
  };
}
