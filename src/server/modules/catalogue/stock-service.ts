import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { productStock } from '../../db/schema';
import { announceCatalogueChange } from './catalogue-changes';
import type { CatalogueReadModel } from './catalogue-read-model';

export interface StockLevel {
  readonly productId: number;
  readonly warehouseId: number;
  readonly quantity: number;
  readonly onOrderQuantity?: number;
}

/**
 * Sets stock levels in SQL (the source of truth), then brings this instance's read model in step at once and
 * tells the other instances through NOTIFY (sent when the transaction commits).
 */
export async function setWarehouseStock(
  db: Database,
  catalogue: CatalogueReadModel,
  levels: readonly StockLevel[],
): Promise<void> {
  if (levels.length === 0) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(productStock)
      .values(levels.map((level) => ({ ...level, onOrderQuantity: level.onOrderQuantity ?? 0 })))
      .onConflictDoUpdate({
        target: [productStock.productId, productStock.warehouseId],
        set: { quantity: sql`excluded.quantity`, onOrderQuantity: sql`excluded.on_order_quantity` },
      });
    await announceCatalogueChange(tx, { kind: 'stock', productIds: [...new Set(levels.map((l) => l.productId))] });
  });
  await catalogue.refreshStock([...new Set(levels.map((level) => level.productId))]);
}
