import { sql } from 'drizzle-orm';
import type { InboundStockRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
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

interface InboundLevel extends StockPair {
  readonly onOrderQuantity: number;
  readonly onOrderExpectedOn: string | null;
}

interface InboundSession {
  /** Warehouses by upper-case code and by upper-case name. */
  readonly warehouses: ReadonlyMap<string, number>;
}

async function beginInbound(db: Database): Promise<InboundSession> {
  return { warehouses: await warehousesByCodeAndName(db) };
}

function resolveInbound(
  db: Database,
  session: InboundSession,
  rows: readonly { line: number; row: InboundStockRow }[],
): Promise<ResolvedRow<InboundLevel>[]> {
  return resolveStockPairs(db, session.warehouses, rows, (row, pair) => ({
    ...pair,
    onOrderQuantity: row.quantity,
    // Nothing inbound is expected on any day: a cleared quantity clears its date.
    onOrderExpectedOn: row.quantity === 0 ? null : row.expected,
  }));
}

/**
 * Sets each listed pair's inbound quantity and expected date (a level, so a replayed feed changes nothing), keeping
 * the quantity on hand; a pair listed twice takes its last row. Announces the products whose stock changed, in the
 * same transaction, so every instance's catalogue follows.
 */
async function applyInbound(
  tx: Database,
  _session: InboundSession,
  rows: readonly InboundLevel[],
): Promise<AppliedCounts> {
  const levels = lastOfEachPair(rows);
  if (levels.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  const held = await heldStock(tx, levels);
  let created = 0;
  let updated = 0;
  const changed = levels.filter((level) => {
    const before = held.get(pairKey(level.productId, level.warehouseId));
    const differs =
      before === undefined ||
      before.onOrderQuantity !== level.onOrderQuantity ||
      before.onOrderExpectedOn !== level.onOrderExpectedOn;
    if (before === undefined) created += 1;
    else if (differs) updated += 1;
    return differs;
  });
  // A duplicated row counts once, as unchanged: only the last of a pair is applied.
  const unchanged = rows.length - created - updated;
  if (changed.length > 0) {
    await tx
      .insert(productStock)
      .values(changed.map((level) => ({ ...level, quantity: 0 })))
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.warehouseId],
        set: {
          onOrderQuantity: sql`excluded.on_order_quantity`,
          onOrderExpectedOn: sql`excluded.on_order_expected_on`,
        },
      });
    await announceCatalogueChange(tx, {
      kind: 'stock',
      productIds: [...new Set(changed.map((level) => level.productId))],
    });
  }
  return { created, updated, unchanged };
}

export const inboundStockImporter: EntityImporter<InboundStockRow, InboundLevel, InboundSession> = {
  fills: [productStock],
  begin: beginInbound,
  resolve: resolveInbound,
  apply: applyInbound,
};
