import { and, desc, eq } from 'drizzle-orm';
import type { PaidAfterRelease } from '../../../contract/staff';
import type { Database } from '../../db/client';
import { accounts, orders, payments } from '../../db/schema';
import { formatAud } from '../../../domain/money';
import { paymentMethodName } from '../checkout/payment-methods';

/** Staff/PaidAfterRelease: every order paid after its stock was released, newest payment first, with its payment. */
export async function paidAfterRelease(db: Database): Promise<PaidAfterRelease[]> {
  const rows = await db
    .select({
      orderId: orders.id,
      accountCode: accounts.code,
      accountName: accounts.name,
      method: orders.paymentMethodSystemName,
      paymentReference: payments.reference,
      totalCents: orders.totalCents,
      placedAt: orders.placedAt,
      stockReleasedAt: orders.stockReleasedAt,
      paidAt: orders.paidAt,
    })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.status, 'Completed')))
    .where(eq(orders.status, 'PaidAfterRelease'))
    .orderBy(desc(orders.paidAt), desc(orders.id));
  return rows.map((row) => ({
    orderId: row.orderId,
    accountCode: row.accountCode,
    accountName: row.accountName,
    paymentMethod: paymentMethodName(row.method),
    paymentReference: row.paymentReference,
    total: formatAud(row.totalCents),
    totalCents: row.totalCents,
    placedAt: row.placedAt.toISOString(),
    stockReleasedAt: row.stockReleasedAt?.toISOString() ?? null,
    paidAt: row.paidAt?.toISOString() ?? null,
  }));
}
