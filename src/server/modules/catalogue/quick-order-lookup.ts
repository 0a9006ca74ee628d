import type { QuickOrderProduct } from '../../../contract/quick-order';
import { priceSortFor } from './catalogue-answers';
import { firstByPrice } from './catalogue-paging';
import { type FoundProduct, findProduct, findProductBySku, tradeFieldsOfFound } from './catalogue-product-lookup';
import type { AccountPricing } from './catalogue-read-model';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import type { ProductRecord } from './catalogue-records';
import type { ProductTable } from './product-table';
import { searchTable, textPredicate } from './table-search';
import { tyresOfSize } from './tyre-search';

/** What a quick order line's text names: the cheapest matches for the account (at most `limit`) and how many there are. */
export interface QueryMatches {
  readonly products: readonly FoundProduct[];
  readonly total: number;
}

const idsAt = <T extends ProductRecord>(table: ProductTable<T>, slots: readonly number[]) =>
  slots.map((slot) => (table.items[slot] as T).id);

function found(snapshot: CatalogueSnapshot, ids: readonly number[]): FoundProduct[] {
  return ids.flatMap((id) => findProduct(snapshot, id) ?? []);
}

/** Every word in the name or SKU, in any kind of product, through the search's own text match. */
function productsNamed(
  snapshot: CatalogueSnapshot,
  text: string,
  account: AccountPricing,
  limit: number,
): QueryMatches {
  const sort = firstByPrice(limit);
  const tables = [snapshot.tyres, snapshot.wheels, snapshot.merchandise] as const;
  let total = 0;
  const candidates: FoundProduct[] = [];
  for (const table of tables) {
    const predicate = textPredicate<ProductRecord>(table, text);
    const result = searchTable<ProductRecord>(
      table,
      'quick-name',
      new Map(),
      text,
      predicate,
      [],
      sort,
      priceSortFor<ProductRecord>(account),
    );
    total += result.total;
    candidates.push(...found(snapshot, idsAt<ProductRecord>(table, result.slots)));
  }
  const price = priceSortFor<ProductRecord>(account);
  const priceOf = (record: ProductRecord) => price?.priceOf(record) ?? 0;
  candidates.sort((a, b) => priceOf(a.record) - priceOf(b.record) || a.record.name.localeCompare(b.record.name));
  return { products: candidates.slice(0, limit), total };
}

/**
 * Reads a quick order line the way a counter hand means it: an exact SKU first (a wheel's code is its SKU), then a
 * tyre size in any spelling the tyre search reads, then words of a product's name.
 */
export function productsMatching(
  snapshot: CatalogueSnapshot,
  query: string,
  account: AccountPricing,
  limit: number,
): QueryMatches {
  const bySku = findProductBySku(snapshot, query);
  if (bySku) return { products: [bySku], total: 1 };
  const bySize = tyresOfSize(snapshot, query, account, limit);
  if (bySize) return { products: found(snapshot, idsAt(snapshot.tyres, bySize.slots)), total: bySize.total };
  return productsNamed(snapshot, query, account, limit);
}

/** A product as a quick order line shows it, priced and stocked for the account. */
export function quickOrderProductOf(
  snapshot: CatalogueSnapshot,
  product: FoundProduct,
  account: AccountPricing,
  now: Date,
): QuickOrderProduct {
  const trade = tradeFieldsOfFound(snapshot, product, account, now);
  const { record } = product;
  return {
    id: record.id,
    sku: record.sku,
    name: record.name,
    productType: product.kind,
    brand: record.brand,
    pattern: product.kind === 'Tyre' ? product.record.pattern : product.kind === 'Wheel' ? product.record.design : null,
    priceDisplay: trade.priceDisplay,
    priceCents: trade.priceCents,
    stockQuantity: trade.stockQuantity,
    localStockQuantity: trade.localStockQuantity,
    stockType: trade.stockType,
    onOrderExpectedDate: trade.onOrderExpectedDate,
    delivery: trade.delivery,
  };
}
