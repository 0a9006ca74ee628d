import { and } from 'drizzle-orm';
import { anyOf } from '../../db/array-parameters';
import type { Database } from '../../db/client';
import { productStock, warehouses } from '../../db/schema';
import type { ResolvedRow } from './import-entity';
import { productIdsBySku } from './natural-keys';

/**
 * What every stock entity shares: a row names a SKU and a warehouse, resolved to a product and warehouse pair, and a
 * batch reads the stock of its pairs before it writes.
 */
export interface StockPair {
  readonly productId: number;
  readonly warehouseId: number;
}

export interface HeldStock {
  readonly quantity: number;
  readonly onOrderQuantity: number;
  readonly onOrderExpectedOn: string | null;
}

export const pairKey = (productId: number, warehouseId: number) => `${productId}:${warehouseId}`;

/** Warehouse ids by upper-case code and by upper-case name: a file names a warehouse by either. */
export async function warehousesByCodeAndName(db: Database): Promise<ReadonlyMap<string, number>> {
  const rows = await db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name }).from(warehouses);
  const byName = new Map<string, number>();
  for (const row of rows) {
    byName.set(row.name.toUpperCase(), row.id);
    if (row.code) byName.set(row.code.toUpperCase(), row.id);
  }
  return byName;
}

/** Each row's SKU (any case) and warehouse resolved to their pair, or refused naming the one that is unknown. */
export async function resolveStockPairs<Row extends { readonly sku: string; readonly warehouse: string }, Resolved>(
  db: Database,
  warehouseIds: ReadonlyMap<string, number>,
  rows: readonly { line: number; row: Row }[],
  resolved: (row: Row, pair: StockPair) => Resolved,
): Promise<ResolvedRow<Resolved>[]> {
  const productBySku = await productIdsBySku(db, rows);
  return rows.map(({ line, row }) => {
    const productId = productBySku.get(row.sku.toUpperCase());
    if (productId === undefined) {
      return { line, issue: { column: 'sku', value: row.sku, reason: 'no product has this SKU' } };
    }
    const warehouseId = warehouseIds.get(row.warehouse.toUpperCase());
    if (warehouseId === undefined) {
      return {
        line,
        issue: { column: 'warehouse', value: row.warehouse, reason: 'no warehouse has this code or name' },
      };
    }
    return { line, resolved: resolved(row, { productId, warehouseId }) };
  });
}

/** A batch's rows with each pair once, taking its last row (in the order of those last rows). */
export function lastOfEachPair<T extends StockPair>(rows: readonly T[]): T[] {
  const latest = new Map<string, T>();
  for (const row of rows) {
    const key = pairKey(row.productId, row.warehouseId);
    latest.delete(key);
    latest.set(key, row);
  }
  return [...latest.values()];
}

/**
 * The stock the pairs hold now, by pairKey. Read as the batch's products in its warehouses, a superset of its pairs:
 * a long list of row values would be parsed as one deep expression, which the embedded database's stack does not take.
 */
export async function heldStock(tx: Database, pairs: readonly StockPair[]): Promise<Map<string, HeldStock>> {
  if (pairs.length === 0) return new Map();
  const current = await tx
    .select({
      productId: productStock.productId,
      warehouseId: productStock.warehouseId,
      quantity: productStock.quantity,
      onOrderQuantity: productStock.onOrderQuantity,
      onOrderExpectedOn: productStock.onOrderExpectedOn,
    })
    .from(productStock)
    .where(
      and(
        anyOf(productStock.productId, [...new Set(pairs.map((pair) => pair.productId))], 'int'),
        anyOf(productStock.warehouseId, [...new Set(pairs.map((pair) => pair.warehouseId))], 'int'),
      ),
    );
  return new Map(current.map((row) => [pairKey(row.productId, row.warehouseId), row]));
}
