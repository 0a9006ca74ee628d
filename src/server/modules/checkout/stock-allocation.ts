import { homeWarehouseState } from '../../../domain/stock-availability';

export interface WarehouseLevel {
  readonly warehouseId: number;
  readonly warehouseName: string;
  readonly kind: 'own' | 'supplier';
  /** The state an own warehouse serves; null for supplier stock. */
  readonly state: string | null;
  readonly sortOrder: number;
  readonly quantity: number;
}

export interface StockNeed {
  readonly productId: number;
  readonly sku: string;
  readonly quantity: number;
  /** Tyres and wheels count towards the bulk quantity; merchandise and accessories do not. */
  readonly isBulkUnit: boolean;
}

export interface Allocation {
  readonly productId: number;
  readonly sku: string;
  readonly warehouseId: number;
  readonly warehouseName: string;
  readonly kind: 'own' | 'supplier';
  readonly isLocal: boolean;
  readonly quantity: number;
  readonly isBulkUnit: boolean;
}

export interface Shortage {
  readonly productId: number;
  readonly sku: string;
  readonly wanted: number;
  readonly available: number;
}

/** Local first, then the other own warehouses, then supplier stock; within each, the warehouses' sort order. */
function pickingRank(level: WarehouseLevel, home: string): number {
  if (level.kind === 'own' && level.state === home) return 0;
  return level.kind === 'own' ? 1 : 2;
}

/** The same product on several lines (a wheel for two vehicles, nuts bought loose and as accessories) is taken once. */
function mergeNeeds(needs: readonly StockNeed[]): StockNeed[] {
  const merged = new Map<number, StockNeed>();
  for (const need of needs) {
    const seen = merged.get(need.productId);
    merged.set(need.productId, seen ? { ...seen, quantity: seen.quantity + need.quantity } : need);
  }
  return [...merged.values()];
}

/**
 * docs/checkout.md 'Stock allocation': which warehouse ships how many of each product. Takes from the account's
 * local warehouse first, then from the company's other (interstate) warehouses, then from supplier stock, and
 * reports what no warehouse can cover.
 */
export function allocateStock(
  accountState: string,
  needs: readonly StockNeed[],
  stock: ReadonlyMap<number, readonly WarehouseLevel[]>,
): { allocations: Allocation[]; shortages: Shortage[] } {
  const home = homeWarehouseState(accountState);
  const allocations: Allocation[] = [];
  const shortages: Shortage[] = [];
  for (const need of mergeNeeds(needs)) {
    const levels = [...(stock.get(need.productId) ?? [])]
      .filter((level) => level.quantity > 0)
      .sort(
        (a, b) =>
          pickingRank(a, home) - pickingRank(b, home) || a.sortOrder - b.sortOrder || a.warehouseId - b.warehouseId,
      );
    let open = need.quantity;
    for (const level of levels) {
      if (open === 0) break;
      const taken = Math.min(open, level.quantity);
      open -= taken;
      allocations.push({
        productId: need.productId,
        sku: need.sku,
        warehouseId: level.warehouseId,
        warehouseName: level.warehouseName,
        kind: level.kind,
        isLocal: pickingRank(level, home) === 0,
        quantity: taken,
        isBulkUnit: need.isBulkUnit,
      });
    }
    if (open > 0)
      shortages.push({
        productId: need.productId,
        sku: need.sku,
        wanted: need.quantity,
        available: need.quantity - open,
      });
  }
  return { allocations, shortages };
}
