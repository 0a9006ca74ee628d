import {
  earliestExpectedDate,
  localStockQuantity,
  ownStockQuantity,
  stockTypeFor,
} from '../../../domain/stock-availability';
import { deliveryClockKey, deliveryPromise } from '../../../domain/delivery-promise';
import { type PriceBasis, appliedUnitCents, priceBreaks } from '../../../domain/applied-price';
import { displayedPrice } from '../../../domain/trade-price';
import type { AccountPricing } from './catalogue-read-model';
import { type CatalogueSnapshot, stockOf } from './catalogue-snapshot';
import type { ProductRecord, PromotionInfo } from './catalogue-records';
import type { ProductTable } from './product-table';
import type { ArrivalDayOf, PriceSort } from './catalogue-paging';

export function pictureOf(record: ProductRecord, imageUrl: string = record.imageUrl) {
  return { imageUrl, alternateText: record.name, title: record.name };
}

export function baseFieldsOf(record: ProductRecord) {
  return {
    id: record.id,
    sku: record.sku,
    slug: record.slug,
    name: record.name,
    brand: record.brand,
    picture: pictureOf(record),
  };
}

function priceBasisOf(record: ProductRecord, account: AccountPricing): PriceBasis {
  return {
    tradeCents: record.tradeCents,
    discountBasisPoints: account.discounts.get(record.brand) ?? 0,
    customerPrices: account.customerPrices.get(record.id) ?? [],
  };
}

/** The unit price the account pays for the product at a line's quantity, on the date it is priced for. */
export function accountCents(record: ProductRecord, account: AccountPricing, quantity = 1): number {
  return appliedUnitCents(priceBasisOf(record, account), quantity, account.pricedOn);
}

/** The account's quantity breaks for the product, shown only to an account that sees trade prices. */
export function accountPriceBreaks(record: ProductRecord, account: AccountPricing) {
  return account.priceDisplay === 'Trade' ? priceBreaks(priceBasisOf(record, account), account.pricedOn) : [];
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

type PromotionLabel = Pick<PromotionInfo, 'id' | 'kind' | 'label'>;

const DAY_MS = 86_400_000;

/** A calendar date ('YYYY-MM-DD') as the day number an ArrivalDayOf answers. */
const dayNumberOf = (date: string) => Date.parse(date) / DAY_MS;

/**
 * The day each item of `table` can arrive for one ordered by `account` now, for an Availability sort; null for a
 * visitor, who sees no stock (the public searches' contract refuses sortBy Availability).
 */
export function arrivalDayFor<T extends ProductRecord>(
  snapshot: CatalogueSnapshot,
  table: ProductTable<T>,
  account: AccountPricing | null,
  now: Date | null,
): ArrivalDayOf | null {
  if (account === null || now === null) return null;
  // For one unit, a warehouse's promise depends only on whether it holds any and on its inbound date, so items alike in
  // that share one promise: worked out once per kind, a wide search costs a few promises, not one per match.
  const days = new Map<string, number>();
  return (slot) => {
    const stock = stockOf(snapshot, table, slot);
    const kind = stock
      .map(
        (held) => `${held.warehouseName}:${held.quantity > 0}:${held.onOrderQuantity > 0 && held.onOrderExpectedDate}`,
      )
      .join('|');
    let day = days.get(kind);
    if (day === undefined) {
      const { date } = deliveryPromise(account.state, 1, stock, now);
      day = date === null ? Number.POSITIVE_INFINITY : dayNumberOf(date);
      days.set(kind, day);
    }
    return day;
  };
}

/**
 * The fields only a signed-in customer gets: price by display mode (at `quantity`, 1 for search answers), stock for
 * its state, promotions. Built for every item of every uncached signed-in answer, from the item's stock read once;
 * the stock figures themselves stay the domain's (stock-availability.ts).
 */
export function tradeFieldsOf<T extends ProductRecord>(
  snapshot: CatalogueSnapshot,
  table: ProductTable<T>,
  slot: number,
  account: AccountPricing,
  now: Date,
  quantity = 1,
) {
  const record = table.items[slot] as T;
  const stock = stockOf(snapshot, table, slot);
  const inventories = stock.map((held) => ({
    warehouseName: held.warehouseName,
    stockQuantity: held.quantity,
    onOrderQuantity: held.onOrderQuantity,
    onOrderExpectedDate: held.onOrderExpectedDate,
    isSupplier: held.kind === 'supplier',
  }));
  const price = displayedPrice(account.priceDisplay, record.rrpCents, accountCents(record, account, quantity));
  const promotions: PromotionLabel[] = [];
  let isCashBack4Eligible = false;
  let isBuyXGetYFreeEligible = false;
  for (const id of table.promotionIds[slot] ?? []) {
    const promotion = snapshot.promotions.get(id);
    if (!promotion || !isActive(promotion, now)) continue;
    promotions.push({ id: promotion.id, kind: promotion.kind, label: promotion.label });
    if (promotion.kind === 'CashBack4') isCashBack4Eligible = true;
    if (promotion.kind === 'BuyXGetYFree') isBuyXGetYFreeEligible = true;
  }
  return {
    priceDisplay: price.mode,
    priceCents: price.priceCents,
    rrpCents: price.rrpCents,
    stockQuantity: ownStockQuantity(stock),
    localStockQuantity: localStockQuantity(account.state, stock),
    stockType: stockTypeFor(account.state, stock),
    onOrderExpectedDate: earliestExpectedDate(stock),
    inventories,
    delivery: deliveryPromise(account.state, quantity, stock, now),
    promotions,
    isCashBack4Eligible,
    isBuyXGetYFreeEligible,
    priceBreaks: accountPriceBreaks(record, account),
  };
}

/**
 * What makes two accounts' answers identical at a moment: how they see prices, which prices, and when stock can reach
 * their state (which holds which warehouse is local).
 */
export function accountAnswerKey(account: AccountPricing, snapshot: CatalogueSnapshot, now: Date): string {
  return `${account.priceDisplay}|${account.priceKey}|${deliveryClockKey(account.state, snapshot.warehouses, now)}`;
}

/** The promotions running now; part of an answer's cache key so a promotion starting or ending shows at once. */
export function activePromotionsKey(snapshot: CatalogueSnapshot, now: Date): string {
  const ids: number[] = [];
  for (const promotion of snapshot.promotions.values()) if (isActive(promotion, now)) ids.push(promotion.id);
  return ids.join(',');
}

/**
 * The test of an arriveBy filter: the item's day for one (the day an Availability sort orders by) is on or before
 * `arriveBy`; an item with no promised day never passes. Null when no arriveBy was asked for.
 */
export function arrivesBy(arrivalDayOf: ArrivalDayOf | null, arriveBy: string | undefined) {
  if (arriveBy === undefined) return null;
  if (arrivalDayOf === null) throw new Error('a search without stock to see cannot be filtered by arrival');
  const last = dayNumberOf(arriveBy);
  return (slot: number) => arrivalDayOf(slot) <= last;
}
