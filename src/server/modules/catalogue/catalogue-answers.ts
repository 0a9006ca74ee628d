import { homeWarehouseState, localStockQuantity, ownStockQuantity, stockTypeFor } from '../../../domain/stock-availability';
import { accountTradeCents, displayedPrice } from '../../../domain/trade-price';
import type { AccountPricing } from './catalogue-read-model';
import { type CatalogueSnapshot, type ProductRecord, type ProductTable, stockOf } from './catalogue-snapshot';
import type { PriceSort } from './catalogue-paging';

export function pictureOf(record: ProductRecord, imageUrl: string = record.imageUrl) {
  return { imageUrl, alternateText: record.name, title: record.name };
}

export function baseFieldsOf(record: ProductRecord) {
  return { id: record.id, sku: record.sku, slug: record.slug, name: record.name, brand: record.brand, picture: pictureOf(record) };
}

export function accountCents(record: ProductRecord, account: AccountPricing): number {
  return accountTradeCents(record.tradeCents, account.discounts.get(record.brand) ?? 0);
}

/**
 * Sort by the price the caller sees: RRP accounts by RRP, trade accounts by their own price. Visitors see no price,
 * so nothing of theirs is ordered by one (the public searches' contract refuses sortBy Price).
 */
export function priceSortFor<T extends ProductRecord>(account: AccountPricing | null): PriceSort<T> | null {
  if (!account) return null;
  if (account.priceDisplay !== 'Trade') return { key: 'rrp', priceOf: (item) => item.rrpCents };
  return { key: account.priceKey, priceOf: (item) => accountCents(item, account) };
}

const isActive = (window: { startsAt: Date | null; endsAt: Date | null }, now: Date) =>
  (window.startsAt === null || window.startsAt <= now) && (window.endsAt === null || now <= window.endsAt);

/** The fields only a signed-in customer gets: price by display mode, stock for its state, promotions. */
export function tradeFieldsOf<T extends ProductRecord>(
  snapshot: CatalogueSnapshot,
  table: ProductTable<T>,
  slot: number,
  account: AccountPricing,
  now: Date,
) {
  const record = table.items[slot] as T;
  const stock = stockOf(snapshot, table, slot);
  const price = displayedPrice(account.priceDisplay, record.rrpCents, accountCents(record, account));
  const promotions = (table.promotionIds[slot] ?? []).flatMap((id) => {
    const promotion = snapshot.promotions.get(id);
    return promotion && isActive(promotion, now) ? [{ id: promotion.id, kind: promotion.kind, label: promotion.label }] : [];
  });
  return {
    priceDisplay: price.mode,
    priceCents: price.priceCents,
    rrpCents: price.rrpCents,
    stockQuantity: ownStockQuantity(stock),
    localStockQuantity: localStockQuantity(account.state, stock),
    stockType: stockTypeFor(account.state, stock),
    inventories: stock.map((entry) => ({
      warehouseName: entry.warehouseName,
      stockQuantity: entry.quantity,
      onOrderQuantity: entry.onOrderQuantity,
      isSupplier: entry.kind === 'supplier',
    })),
    promotions,
    isCashBack4Eligible: promotions.some((p) => p.kind === 'CashBack4'),
    isBuyXGetYFreeEligible: promotions.some((p) => p.kind === 'BuyXGetYFree'),
  };
}

/** What makes two accounts' answers identical: how they see prices, which prices, and which warehouse is local. */
export function accountAnswerKey(account: AccountPricing): string {
  return `${account.priceDisplay}|${account.priceKey}|${homeWarehouseState(account.state)}`;
}

/** The promotions running now; part of an answer's cache key so a promotion starting or ending shows at once. */
export function activePromotionsKey(snapshot: CatalogueSnapshot, now: Date): string {
  const ids: number[] = [];
  for (const promotion of snapshot.promotions.values()) if (isActive(promotion, now)) ids.push(promotion.id);
  return ids.join(',');
}
