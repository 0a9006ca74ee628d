import { and, count, eq, notInArray, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../contract/checkout';
import type { Database } from '../../db/client';
import { discountCodes, orders } from '../../db/schema';

/** Orders that gave their stock back without being paid were never sales: they do not count as uses of a code. */
const UNSOLD: readonly OrderStatus[] = ['PaymentFailed', 'Expired'];

const sold = notInArray(orders.status, [...UNSOLD]);

/** Placed orders carrying each code, keyed by code; orders keep the code's text, so this outlives a deleted code. */
export async function usesByCode(db: Database, code?: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ code: orders.discountCode, uses: count() })
    .from(orders)
    .where(and(code === undefined ? undefined : eq(orders.discountCode, code), sold))
    .groupBy(orders.discountCode);
  return new Map(rows.flatMap((row) => (row.code === null ? [] : [[row.code, row.uses]])));
}

export interface DiscountCodeUses {
  readonly total: number;
  readonly byAccount: number;
}

/** How many placed orders used the code, in all and by the account: what its limits are counted against. */
export async function discountCodeUses(db: Database, code: string, accountId: number): Promise<DiscountCodeUses> {
  const [row] = await db
    .select({
      total: count(),
      byAccount: count(sql`case when ${orders.accountId} = ${accountId} then 1 end`),
    })
    .from(orders)
    .where(and(eq(orders.discountCode, code), sold));
  return { total: row?.total ?? 0, byAccount: row?.byAccount ?? 0 };
}

/**
 * The code's row, locked until the placing transaction ends: two orders placed at once with the last use of a code
 * take turns, so the second counts the first and is refused.
 */
export async function lockedDiscountCode(tx: Database, code: string) {
  const [row] = await tx.select().from(discountCodes).where(eq(discountCodes.code, code)).for('update');
  return row ?? null;
}
