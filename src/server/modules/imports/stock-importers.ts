import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { StockLevelRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { insertUnnested } from '../../db/array-parameters';
import { productStock } from '../../db/schema';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';
import {
  type StockPair,
  heldStock,
  lastOfEachPair,
  pairKey,
  resolveStockPairs,
  warehousesByCodeAndName,
} from './stock-pairs';

interface StockLevel extends StockPair {
  readonly quantity: number;
}

interface StockSession {
  /** Warehouses by upper-case code and by upper-case name. */
  readonly warehouses: ReadonlyMap<string, number>;
  /** Every product and warehouse pair a row set (a snapshot zeroes the others of its warehouses). */
  readonly listed: Set<string>;
  readonly listedWarehouses: Set<number>;
}

async function beginStock(db: Database): Promise<StockSession> {
  return { warehouses: await warehousesByCodeAndName(db), listed: new Set(), listedWarehouses: new Set() };
}

function resolveStock(
  db: Database,
  session: StockSession,
  rows: readonly { line: number; row: StockLevelRow }[],
): Promise<ResolvedRow<StockLevel>[]> {
  return resolveStockPairs(db, session.warehouses, rows, (row, pair) => ({ ...pair, quantity: row.quantity }));
}

/**
 * Sets each listed pair to the quantity given (a level, so a replayed feed gives the same stock), keeping the inbound
 * quantity; a pair listed twice takes its last row. Announces the products whose stock changed, in the same
 * transaction, so every instance's catalogue follows.
 */
async function applyStock(tx: Database, session: StockSession, rows: readonly StockLevel[]): Promise<AppliedCounts> {
  const levels = lastOfEachPair(rows);
  for (const level of levels) {
    session.listed.add(pairKey(level.productId, level.warehouseId));
    session.listedWarehouses.add(level.warehouseId);
  }
  if (levels.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  const held = await heldStock(tx, levels);
  let created = 0;
  let updated = 0;
  const changed = levels.filter((level) => {
    const before = held.get(pairKey(level.productId, level.warehouseId))?.quantity;
    if (before === undefined) created += 1;
    else if (before !== level.quantity) updated += 1;
    return before !== level.quantity;
  });
  // A duplicated row counts once, as unchanged: only the last of a pair is applied.
  const unchanged = rows.length - created - updated;
  if (changed.length > 0) {
    await tx.execute(sql`
      ${insertUnnested(
        productStock,
        ['productId', 'warehouseId', 'quantity', 'onOrderQuantity'],
        changed.map((level) => ({ ...level, onOrderQuantity: 0 })),
      )}
      on conflict (product_id, warehouse_id) do update set quantity = excluded.quantity`);
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
  fills: [productStock],
  begin: beginStock,
  resolve: resolveStock,
  apply: applyStock,
};

export const stockSnapshotImporter: EntityImporter<StockLevelRow, StockLevel, StockSession> = {
  fills: [productStock],
  begin: beginStock,
  resolve: resolveStock,
  apply: applyStock,
  finish: zeroUnlisted,
};
