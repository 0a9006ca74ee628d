import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { accounts, orders, payments } from '../../db/schema';
import { recordEvent } from '../events/outbox';

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The event each outcome of a card or PayPal order's payment writes, by the status the order reached. */
const EVENT_OF_STATUS = {
  Paid: 'order.paid',
  PaymentFailed: 'order.payment_failed',
  Expired: 'order.expired',
  PaidAfterRelease: 'order.paid_after_release',
  Refunded: 'order.refunded',
} as const;

/**
 * Writes the event telling that the order just reached `status`, in the transaction that moved it there, from the
 * order as that transaction left it.
 */
export async function recordOrderPaymentEvent(
  tx: Transaction,
  orderId: number,
  status: keyof typeof EVENT_OF_STATUS,
  now: Date,
): Promise<void> {
  const [row] = await tx
    .select({ order: orders, accountCode: accounts.code, refundReference: payments.refundReference })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .leftJoin(payments, and(eq(payments.orderId, orders.id), eq(payments.status, 'Refunded')))
    .where(eq(orders.id, orderId));
  if (!row) return;
  const { order, accountCode, refundReference } = row;
  const common = {
    orderNumber: String(order.id),
    accountCode,
    status,
    paymentMethod: order.paymentMethodSystemName,
    totalCents: order.totalCents,
  };
  const subject = `order:${order.id}`;
  // The update that moved the order stamped these; `now` is the same moment.
  const iso = (date: Date | null) => (date ?? now).toISOString();
  switch (status) {
    case 'Paid':
      return recordEvent(tx, {
        type: EVENT_OF_STATUS.Paid,
        subject,
        occurredAt: now,
        data: { ...common, paidAt: iso(order.paidAt) },
      });
    case 'PaymentFailed':
      return recordEvent(tx, {
        type: EVENT_OF_STATUS.PaymentFailed,
        subject,
        occurredAt: now,
        data: { ...common, stockReleasedAt: iso(order.stockReleasedAt) },
      });
    case 'Expired':
      return recordEvent(tx, {
        type: EVENT_OF_STATUS.Expired,
        subject,
        occurredAt: now,
        data: { ...common, stockReleasedAt: iso(order.stockReleasedAt) },
      });
    case 'PaidAfterRelease':
      return recordEvent(tx, {
        type: EVENT_OF_STATUS.PaidAfterRelease,
        subject,
        occurredAt: now,
        data: { ...common, paidAt: iso(order.paidAt), stockReleasedAt: iso(order.stockReleasedAt) },
      });
    case 'Refunded':
      return recordEvent(tx, {
        type: EVENT_OF_STATUS.Refunded,
        subject,
        occurredAt: now,
        data: { ...common, refundReference: refundReference ?? '', refundedAt: now.toISOString() },
      });
  }
}
