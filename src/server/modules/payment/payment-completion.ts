import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, invoices, paymentInvoices, payments } from '../../db/schema';
import { businessMetersOf } from '../../http/business-metrics';
import { problems } from '../../http/problem';
import { centsOfDecimal } from '../../../domain/money';
import { hasValidSignature } from '../../integrations/payments/gateway-signature';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { lockCartOfOrder, markOrderPaid, refreshStockOf, releaseReservation } from '../checkout/order-reservation';
import { recordEvent } from '../events/outbox';
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

/**
 * docs/checkout.md 'Reservation and release': a paid order is Paid and its cart emptied (PaidAfterRelease when it had
 * already given its stock back); a refused payment gives the order's stock back and keeps the cart. A refusal never
 * undoes another payment's success. Answers the products whose stock came back.
 */
async function settleOrder(tx: Transaction, payment: Payment, now: Date): Promise<number[]> {
  if (payment.orderId === null) return [];
  if (payment.status === 'Completed') {
    await markOrderPaid(tx, payment.orderId, now);
    return [];
  }
  return (await releaseReservation(tx, payment.orderId, 'PaymentFailed', now)) ?? [];
}

/** `invoice.paid`, from the invoice as this payment left it. */
async function recordInvoicePaid(
  tx: Transaction,
  payment: Payment,
  invoice: typeof invoices.$inferSelect,
  amountPaidCents: number,
  now: Date,
): Promise<void> {
  const [account] = await tx.select({ code: accounts.code }).from(accounts).where(eq(accounts.id, invoice.accountId));
  await recordEvent(tx, {
    type: 'invoice.paid',
    subject: `invoice:${invoice.invoiceNumber}`,
    occurredAt: now,
    data: {
      invoiceNumber: invoice.invoiceNumber,
      accountCode: account?.code ?? '',
      paymentReference: payment.reference,
      paymentMethod: payment.method,
      amountPaidCents,
      totalCents: invoice.totalCents,
      paidCents: invoice.paidCents,
      outstandingCents: Math.max(0, invoice.totalCents - invoice.paidCents - invoice.creditedCents),
      paidAt: invoice.paidAt?.toISOString() ?? null,
    },
  });
}

/**
 * Adds what the payment settles to each invoice's paidCents (never beyond its total), stamping paidAt when it is fully
 * paid. Credit used is the sum of what invoices still owe, so this frees the account's credit.
 */
async function settleInvoices(tx: Transaction, payment: Payment, now: Date): Promise<void> {
  if (payment.status !== 'Completed') return;
  const allocations = await tx.select().from(paymentInvoices).where(eq(paymentInvoices.paymentId, payment.id));
  for (const allocation of allocations) {
    const paidAfter = sql`least(${invoices.totalCents} - ${invoices.creditedCents}, ${invoices.paidCents} + ${allocation.amountCents})`;
    const [settled] = await tx
      .update(invoices)
      .set({
        paidCents: paidAfter,
        paidAt: sql`case when ${paidAfter} + ${invoices.creditedCents} >= ${invoices.totalCents} then coalesce(${invoices.paidAt}, ${now.toISOString()}::timestamptz) else ${invoices.paidAt} end`,
      })
      .where(eq(invoices.id, allocation.invoiceId))
      .returning();
    if (settled) await recordInvoicePaid(tx, payment, settled, allocation.amountCents, now);
  }
}

/**
 * Records the provider's answer for a payment, once: the first answer settles the order or invoices in the same
 * transaction; any later one (a repeated notification, a concurrent callback) finds the payment settled and changes
 * nothing. Answers the payment as it stands.
 */
export async function completePayment(
  db: Database,
  catalogue: CatalogueReadModel,
  now: Date,
  outcome: PaymentOutcome,
): Promise<Payment> {
  const { settled, productIds, fresh } = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.reference, outcome.reference));
    if (!payment) throw problems.notFound('Payment not found.');
    if (payment.amountCents !== outcome.amountCents)
      throw problems.badRequest('The amount does not match the payment.');
    // The cart first, as every write touching a cart, an order and stock together locks (order-reservation.ts).
    if (payment.kind === 'Order' && payment.orderId !== null) await lockCartOfOrder(tx, payment.orderId);
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
      return { settled: current ?? payment, productIds: [], fresh: false };
    }
    if (settled.kind === 'Invoice') {
      await settleInvoices(tx, settled, now);
      return { settled, productIds: [], fresh: true };
    }
    return { settled, productIds: await settleOrder(tx, settled, now), fresh: true };
  });
  await refreshStockOf(catalogue, productIds);
  if (fresh) businessMetersOf(db).paymentSettled(settled.kind, outcome.approved ? 'approved' : 'declined');
  return settled;
}

/**
 * A notification from the hosted card page (or the sandbox standing in for it): refused unless signed with
 * PAYMENT_GATEWAY_SECRET, then recorded once however often it arrives.
 */
export async function receivePaymentNotification(
  deps: { db: Database; catalogue: CatalogueReadModel; config: Pick<Config, 'paymentGatewaySecret'>; now: Date },
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
  return completePayment(deps.db, deps.catalogue, deps.now, {
    reference: notification.reference,
    approved: notification.status === 'Approved',
    message: notification.message,
    amountCents,
  });
}
