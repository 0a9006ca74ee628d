import { inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { cartItemAccessories, cartItems, carts } from '../../db/schema';

/**
 * Wheel lines that chose an accessory now retired lose it and go back to needing their accessories (ActionRequired),
 * so the customer chooses again before checking out rather than ordering a wheel without, say, its nuts. Each cart
 * changed takes its next revision, as every cart write does.
 */
export async function reopenAccessoriesOfRetired(tx: Database, productIds: readonly number[]): Promise<void> {
  if (productIds.length === 0) return;
  const chosen = await tx
    .select({ cartItemId: cartItemAccessories.cartItemId })
    .from(cartItemAccessories)
    .where(inArray(cartItemAccessories.productId, [...productIds]));
  const lineIds = [...new Set(chosen.map((row) => row.cartItemId))];
  if (lineIds.length === 0) return;
  await tx.delete(cartItemAccessories).where(inArray(cartItemAccessories.productId, [...productIds]));
  const lines = await tx
    .update(cartItems)
    .set({ accessoryStatus: 'ActionRequired' })
    .where(inArray(cartItems.id, lineIds))
    .returning({ userId: cartItems.userId });
  await tx
    .update(carts)
    .set({ revision: sql`${carts.revision} + 1` })
    .where(inArray(carts.userId, [...new Set(lines.map((line) => line.userId))]));
}
