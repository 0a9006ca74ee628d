import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StockLevelRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { productStock, products, warehouses } from '../../db/schema';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';

interface StockLevel {
  readonly productId: number;
  readonly warehouseId: number;
  readonly quantity: number;
}

interface StockSession {
  /** Warehouses by upper-case code and by upper-case name. */
  readonly warehouses: ReadonlyMap<string, number>;
  /** Every product and warehouse pair a row set (a snapshot zeroes the others of its warehouses). */
  readonly listed: Set<string>;
  readonly listedWarehouses: Set<number>;
}

const pairKey = (productId: number, warehouseId: number) => `${productId}:${warehouseId}`;

async function beginStock(db: Database): Promise<StockSession> {
  const rows = await db.select({ id: warehouses.id, code: warehouses.code, name: warehouses.name }).from(warehouses);
  const byName = new Map<string, number>();
  for (const row of rows) {
    byName.set(row.name.toUpperCase(), row.id);
    if (row.code) byName.set(row.code.toUpperCase(), row.id);
  }
  return { warehouses: byName, listed: new Set(), listedWarehouses: new Set() };
}

async function resolveStock(
  db: Database,
  session: StockSession,
  rows: readonly { line: number; row: StockLevelRow }[],
): Promise<ResolvedRow<StockLevel>[]> {
  const skus = [...new Set(rows.map(({ row }) => row.sku.toUpperCase()))];
  const found =
    skus.length === 0
      ? []
      : await db
          .select({ id: products.id, sku: sql<string>`upper(${products.sku})` })
          .from(products)
          .where(inArray(sql`upper(${products.sku})`, skus));
  const productBySku = new Map(found.map((product) => [product.sku, product.id]));
  return rows.map(({ line, row }) => {
    const productId = productBySku.get(row.sku.toUpperCase());
    if (productId === undefined) {
      return { line, issue: { column: 'sku', value: row.sku, reason: 'no product has this SKU' } };
    }
    const warehouseId = session.warehouses.get(row.warehouse.toUpperCase());
    if (warehouseId === undefined) {
      return {
        line,
        issue: { column: 'warehouse', value: row.warehouse, reason: 'no warehouse has this code or name' },
      };
    }
    return { line, resolved: { productId, warehouseId, quantity: row.quantity } };
  });
}

/**
 * Sets each listed pair to the quantity given (a level, so a replayed feed gives the same stock), keeping the inbound
 * quantity; a pair listed twice takes its last row. Announces the products whose stock changed, in the same
 * transaction, so every instance's catalogue follows.
 */
async function applyStock(tx: Database, session: StockSession, rows: readonly StockLevel[]): Promise<AppliedCounts> {
  const latest = new Map<string, StockLevel>();
  for (const row of rows) {
    const key = pairKey(row.productId, row.warehouseId);
    latest.delete(key);
    latest.set(key, row);
    session.listed.add(key);
    session.listedWarehouses.add(row.warehouseId);
  }
  const levels = [...latest.values()];
  if (levels.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  // The batch's products in its warehouses, a superset of its pairs: a long list of row values would be parsed as one
  // deep expression, which the embedded database's stack does not take.
  const current = await tx
    .select({
      productId: productStock.productId,
      warehouseId: productStock.warehouseId,
      quantity: productStock.quantity,
    })
    .from(productStock)
    .where(
      and(
        inArray(productStock.productId, [...new Set(levels.map((level) => level.productId))]),
        inArray(productStock.warehouseId, [...new Set(levels.map((level) => level.warehouseId))]),
      ),
    );
  const held = new Map(current.map((row) => [pairKey(row.productId, row.warehouseId), row.quantity]));
  let created = 0;
  let updated = 0;
  const changed = levels.filter((level) => {
    const before = held.get(pairKey(level.productId, level.warehouseId));
    if (before === undefined) created += 1;
    else if (before !== level.quantity) updated += 1;
    return before !== level.quantity;
  });
  // A duplicated row counts once, as unchanged: only the last of a pair is applied.
  const unchanged = rows.length - created - updated;
  if (changed.length > 0) {
    await tx
      .insert(productStock)
      .values(changed.map((level) => ({ ...level, onOrderQuantity: 0 })))
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.warehouseId],
        set: { quantity: sql`excluded.quantity` },
      });
    await announceCatalogueChange(tx, {
      kind: 'stock',
      productIds: [...new Set(changed.map((level) => level.productId))],
    });
  }
  return { created, updated, unchanged };
}

/**
 * A snapshot's last step: every other product of the warehouses it lists goes to 0 on hand. A snapshot with a refused
 * row is not a whole snapshot, so then nothing is zeroed (the refused row may be the only line of a product in stock).
 */
async function zeroUnlisted(
  tx: Database,
  session: StockSession,
  outcome: { readonly anyRefused: boolean },
): Promise<AppliedCounts> {
  if (outcome.anyRefused || session.listedWarehouses.size === 0) return { created: 0, updated: 0, unchanged: 0 };
  const holding = await tx
    .select({ productId: productStock.productId, warehouseId: productStock.warehouseId })
    .from(productStock)
    .where(and(inArray(productStock.warehouseId, [...session.listedWarehouses]), ne(productStock.quantity, 0)));
  const unlisted = holding.filter((row) => !session.listed.has(pairKey(row.productId, row.warehouseId)));
  for (const warehouseId of session.listedWarehouses) {
    const productIds = unlisted.filter((row) => row.warehouseId === warehouseId).map((row) => row.productId);
    if (productIds.length === 0) continue;
    await tx
      .update(productStock)
      .set({ quantity: 0 })
      .where(and(eq(productStock.warehouseId, warehouseId), inArray(productStock.productId, productIds)));
  }
  if (unlisted.length > 0) {
    await announceCatalogueChange(tx, {
      kind: 'stock',
      productIds: [...new Set(unlisted.map((row) => row.productId))],
    });
  }
  return { created: 0, updated: unlisted.length, unchanged: 0 };
}

export const stockDeltaImporter: EntityImporter<StockLevelRow, StockLevel, StockSession> = {
  begin: beginStock,
  resolve: resolveStock,
  apply: applyStock,
};

export const stockSnapshotImporter: EntityImporter<StockLevelRow, StockLevel, StockSession> = {
  begin: beginStock,
  resolve: resolveStock,
  apply: applyStock,
  finish: zeroUnlisted,
};
