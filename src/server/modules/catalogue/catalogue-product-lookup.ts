import { formatTyreSize } from '../../../domain/tyre-size';
import type { AccountPricing } from './catalogue-read-model';
import { tradeFieldsOf } from './catalogue-answers';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import type { MerchandiseRecord, TyreRecord, WheelRecord } from './catalogue-records';
import type { ProductTable } from './product-table';

export type FoundProduct =
  | {
      readonly kind: 'Tyre';
      readonly record: TyreRecord;
      readonly table: ProductTable<TyreRecord>;
      readonly slot: number;
    }
  | {
      readonly kind: 'Wheel';
      readonly record: WheelRecord;
      readonly table: ProductTable<WheelRecord>;
      readonly slot: number;
    }
  | {
      readonly kind: 'Merchandise';
      readonly record: MerchandiseRecord;
      readonly table: ProductTable<MerchandiseRecord>;
      readonly slot: number;
    };

/** Any product of the catalogue by its id, or null. */
export function findProduct(snapshot: CatalogueSnapshot, id: number): FoundProduct | null {
  const tyre = snapshot.tyres.slotOf.get(id);
  if (tyre !== undefined)
    return { kind: 'Tyre', record: snapshot.tyres.items[tyre] as TyreRecord, table: snapshot.tyres, slot: tyre };
  const wheel = snapshot.wheels.slotOf.get(id);
  if (wheel !== undefined)
    return { kind: 'Wheel', record: snapshot.wheels.items[wheel] as WheelRecord, table: snapshot.wheels, slot: wheel };
  const item = snapshot.merchandise.slotOf.get(id);
  if (item !== undefined) {
    return {
      kind: 'Merchandise',
      record: snapshot.merchandise.items[item] as MerchandiseRecord,
      table: snapshot.merchandise,
      slot: item,
    };
  }
  return null;
}

/** Any product of the catalogue by its SKU, in any case (a wheel's code is its SKU), or null. */
export function findProductBySku(snapshot: CatalogueSnapshot, sku: string): FoundProduct | null {
  const key = sku.trim().toUpperCase();
  const tyre = snapshot.tyres.skus.get(key);
  if (tyre !== undefined)
    return { kind: 'Tyre', record: snapshot.tyres.items[tyre] as TyreRecord, table: snapshot.tyres, slot: tyre };
  const wheel = snapshot.wheels.skus.get(key);
  if (wheel !== undefined)
    return { kind: 'Wheel', record: snapshot.wheels.items[wheel] as WheelRecord, table: snapshot.wheels, slot: wheel };
  const item = snapshot.merchandise.skus.get(key);
  if (item !== undefined) {
    return {
      kind: 'Merchandise',
      record: snapshot.merchandise.items[item] as MerchandiseRecord,
      table: snapshot.merchandise,
      slot: item,
    };
  }
  return null;
}

/** What a counter hand reads first: '265/65R17 112H', '17x8.5 6x139.7 +10', or the item's kind. */
export function productSizeText(found: FoundProduct): string {
  switch (found.kind) {
    case 'Tyre': {
      const t = found.record;
      const prefix = t.sizePrefix === 'LT' || t.sizePrefix === 'P' ? t.sizePrefix : null;
      return formatTyreSize({
        prefix,
        width: t.width,
        profile: t.profile,
        diameter: t.diameter,
        loadRating: t.loadRating,
        speedRating: t.speedRating,
      });
    }
    case 'Wheel': {
      const w = found.record;
      return `${w.size}x${w.width} ${w.pcds.join('/')} ${w.offset > 0 ? '+' : ''}${w.offset}`;
    }
    case 'Merchandise':
      return found.record.subcategory.name;
  }
}

/**
 * The account's price (at `quantity`), stock and promotions on one product (the same fields its search answers carry).
 */
export function tradeFieldsOfFound(
  snapshot: CatalogueSnapshot,
  found: FoundProduct,
  account: AccountPricing,
  now: Date,
  quantity = 1,
) {
  switch (found.kind) {
    case 'Tyre':
      return tradeFieldsOf(snapshot, found.table, found.slot, account, now, quantity);
    case 'Wheel':
      return tradeFieldsOf(snapshot, found.table, found.slot, account, now, quantity);
    case 'Merchandise':
      return tradeFieldsOf(snapshot, found.table, found.slot, account, now, quantity);
  }
}
