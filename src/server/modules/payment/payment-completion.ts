import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { invoices, orders, paymentInvoices, payments } from '../../db/schema';
import { businessMetersOf } from '../../http/business-metrics';
import { problems } from '../../http/problem';
import { centsOfDecimal } from '../../integrations/payments/decimal-amount';
import { hasValidSignature } from '../../integrations/payments/gateway-signature';
import { paymentNotificationSchema } from './card-gateway-fields';

type Payment = typeof payments.$inferSelect;
type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface PaymentOutcome {
  readonly reference: string;
  readonly approved: boolean;
  /** The provider's words when it refused; kept for the page the customer returns to. */
  readonly message?: string;
  /** What the provider says it charged; must be the payment's amount. */
  readonly amountCents: number;
}

/** A paid order; a retry after a refused payment may pay it too. A refusal never undoes another payment's success. */
async function settleOrder(tx: Transaction, payment: Payment, now: Date): Promise<void> {
  if (payment.orderId === null) return;
  if (payment.status === 'Completed') {
    await tx
      .update(orders)
      .set({ status: 'Paid', paidAt: now })
      .where(and(eq(orders.id, payment.orderId), inArray(orders.status, ['AwaitingPayment', 'PaymentFailed'])));
  } else {
    await tx
      .update(orders)
      .set({ status: 'PaymentFailed' })
      .where(and(eq(orders.id, payment.orderId), eq(orders.status, 'AwaitingPayment')));
  }
}

/**
 * Adds what the payment settles to each invoice's paidCents (never beyond its total), stamping paidAt when it is fully
 * paid. Credit used is the sum of what invoices still owe, so this frees the account's credit.
 */
async function settleInvoices(tx: Transaction, payment: Payment, now: Date): Promise<void> {
  if (payment.status !== 'Completed') return;
  const allocations = await tx.select().from(paymentInvoices).where(eq(paymentInvoices.paymentId, payment.id));
  for (const allocation of allocations) {
    const paidAfter = sql`least(${invoices.totalCents}, ${invoices.paidCents} + ${allocation.amountCents})`;
    await tx
      .update(invoices)
      .set({
        paidCents: paidAfter,
        paidAt: sql`case when ${paidAfter} >= ${invoices.totalCents} then coalesce(${invoices.paidAt}, ${now.toISOString()}::timestamptz) else ${invoices.paidAt} end`,
      })
      .where(eq(invoices.id, allocation.invoiceId));
  }
}

/**
 * Records the provider's answer for a payment, once: the first answer settles the order or invoices in the same
 * transaction; any later one (a repeated notification, a concurrent callback) finds the payment settled and changes
 * nothing. Answers the payment as it stands.
 */
export async function completePayment(db: Database, now: Date, outcome: PaymentOutcome): Promise<Payment> {
  const settled = await settlePayment(db, now, outcome);
  if (settled.fresh) businessMetersOf(db).paymentSettled(settled.payment.kind, outcome.approved ? 'approved' : 'declined');
  return settled.payment;
}

async function settlePayment(db: Database, now: Date, outcome: PaymentOutcome): Promise<{ payment: Payment; fresh: boolean }> {
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, outcome.reference));
    if (!payment) throw problems.notFound('Payment not found.');
    if (payment.amountCents !== outcome.amountCents) throw problems.badRequest('The amount does not match the payment.');
    const [settled] = await tx
      .update(payments)
      .set({
        status: outcome.approved ? 'Completed' : 'Failed',
        failureMessage: outcome.approved ? null : outcome.message || 'The payment was declined.',
        completedAt: now,
      })
      .where(and(eq(payments.id, payment.id), eq(payments.status, 'Pending')))
      .returning();
    if (!settled) {
      const [current] = await tx.select().from(payments).where(eq(payments.id, payment.id));
      return { payment: current ?? payment, fresh: false };
    }
    if (settled.kind === 'Order') await settleOrder(tx, settled, now);
    else await settleInvoices(tx, settled, now);
    return { payment: settled, fresh: true };
  });
}

/**
 * A notification from the hosted card page (or the sandbox standing in for it): refused unless signed with
 * PAYMENT_GATEWAY_SECRET, then recorded once however often it arrives.
 */
export async function receivePaymentNotification(
  deps: { db: Database; config: Pick<Config, 'paymentGatewaySecret'>; now: Date },
  fields: unknown,
): Promise<Payment> {
  const parsed = paymentNotificationSchema.safeParse(fields);
  if (!parsed.success) throw problems.badRequest('Not a payment notification.');
  const notification = parsed.data;
  if (!hasValidSignature(deps.config.paymentGatewaySecret, notification)) {
    throw problems.forbidden('The payment notification is not signed by the payment provider.');
  }
  const amountCents = centsOfDecimal(notification.amount);
  if (amountCents === null) throw problems.badRequest('Not a payment notification.');
  return completePayment(deps.db, deps.now, {
    reference: notification.reference,
    approved: notification.status === 'Approved',
    message: notification.message,
    amountCents,
  });
}
