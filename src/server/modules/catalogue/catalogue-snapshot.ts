import type { DeliverySource } from '../../../domain/delivery-promise';
import type { WarehouseStock } from '../../../domain/stock-availability';
import type { ByteBoundedCache } from './byte-bounded-cache';
import type { MerchandiseRecord, PromotionInfo, TyreRecord, WarehouseInfo, WheelRecord } from './catalogue-records';
import type { ProductTable } from './product-table';

/** The whole catalogue in memory, indexed (loaded by catalogue-snapshot-load.ts, patched by catalogue-snapshot-patches.ts). */
export interface CatalogueSnapshot {
  readonly warehouses: readonly WarehouseInfo[];
  readonly warehouseSlot: ReadonlyMap<number, number>;
  readonly promotions: ReadonlyMap<number, PromotionInfo>;
  readonly tyres: ProductTable<TyreRecord>;
  readonly wheels: ProductTable<WheelRecord>;
  readonly merchandise: ProductTable<MerchandiseRecord>;
  readonly categories: readonly {
    id: number;
    parentId: number | null;
    slug: string;
    name: string;
    sortOrder: number;
  }[];
  /** Serialised search answers (answer-cache.ts); emptied whenever stock is patched. */
  readonly answerCache: ByteBoundedCache<Buffer>;
}

type AnyTable = ProductTable<TyreRecord> | ProductTable<WheelRecord> | ProductTable<MerchandiseRecord>;

export function locate(snapshot: CatalogueSnapshot, productId: number): { table: AnyTable; slot: number } | null {
  for (const table of [snapshot.tyres, snapshot.wheels, snapshot.merchandise] as AnyTable[]) {
    const slot = table.slotOf.get(productId);
    if (slot !== undefined) return { table, slot };
  }
  return null;
}

/** Sets one product's stock at one warehouse, as its stock row has it. */
export function applyStockRow(
  snapshot: CatalogueSnapshot,
  row: {
    productId: number;
    warehouseId: number;
    quantity: number;
    onOrderQuantity: number;
    onOrderExpectedOn: string | null;
  },
): void {
  const located = locate(snapshot, row.productId);
  const w = snapshot.warehouseSlot.get(row.warehouseId);
  if (!located || w === undefined) return;
  const at = located.slot * located.table.warehouseCount + w;
  located.table.quantity[at] = row.quantity;
  located.table.onOrder[at] = row.onOrderQuantity;
  // A date is kept only while something is inbound, so readers need not ask.
  if (row.onOrderExpectedOn === null || row.onOrderQuantity === 0) located.table.expectedOn.delete(at);
  else located.table.expectedOn.set(at, row.onOrderExpectedOn);
}

/**
 * The stock of one item, per warehouse, in the shape the stock rules and the delivery promise read; warehouses that
 * neither hold nor expect any are left out.
 */
export function stockOf(
  snapshot: CatalogueSnapshot,
  table: Pick<AnyTable, 'warehouseCount' | 'quantity' | 'onOrder' | 'expectedOn'>,
  slot: number,
): (WarehouseStock & DeliverySource)[] {
  const out: (WarehouseStock & DeliverySource)[] = [];
  const start = slot * table.warehouseCount;
  snapshot.warehouses.forEach((warehouse, w) => {
    const quantity = table.quantity[start + w] as number;
    const onOrderQuantity = table.onOrder[start + w] as number;
    if (quantity > 0 || onOrderQuantity > 0) {
      out.push({
        warehouseName: warehouse.name,
        kind: warehouse.kind,
        state: warehouse.state,
        quantity,
        onOrderQuantity,
        onOrderExpectedDate: table.expectedOn.get(start + w) ?? null,
        dispatchCutoff: warehouse.dispatchCutoff,
        transitDays: warehouse.transitDays,
      });
    }
  });
  return out;
}
