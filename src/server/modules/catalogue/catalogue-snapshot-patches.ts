import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productStock, products } from '../../db/schema';
import type { ProductRecord } from './catalogue-records';
import { type CatalogueSnapshot, applyStockRow, locate } from './catalogue-snapshot';

/** Re-reads the stock of some products from SQL into the snapshot (the write path's patch). */
export async function patchStock(
  db: Database,
  snapshot: CatalogueSnapshot,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  snapshot.answerCache.clear();
  const rows = await db
    .select()
    .from(productStock)
    .where(inArray(productStock.productId, [...productIds]));
  for (const productId of productIds) {
    const located = locate(snapshot, productId);
    if (!located) continue;
    const start = located.slot * located.table.warehouseCount;
    located.table.quantity.fill(0, start, start + located.table.warehouseCount);
    located.table.onOrder.fill(0, start, start + located.table.warehouseCount);
    for (let at = start; at < start + located.table.warehouseCount; at += 1) located.table.expectedOn.delete(at);
  }
  for (const row of rows) applyStockRow(snapshot, row);
  snapshot.answerCache.clear();
}

/**
 * Re-reads the base trade and RRP prices of some products (after a price import): their records change in place and
 * the price orders and answers built from the old prices are dropped.
 */
export async function patchPrices(
  db: Database,
  snapshot: CatalogueSnapshot,
  productIds: readonly number[],
): Promise<void> {
  if (productIds.length === 0) return;
  const rows = await db
    .select({ id: products.id, tradeCents: products.tradeCents, rrpCents: products.rrpCents })
    .from(products)
    .where(inArray(products.id, [...productIds]));
  for (const row of rows) {
    const located = locate(snapshot, row.id);
    if (!located) continue;
    const record = located.table.items[located.slot] as ProductRecord;
    record.tradeCents = row.tradeCents;
    record.rrpCents = row.rrpCents;
    located.table.priceOrders.clear();
  }
  snapshot.answerCache.clear();
}
