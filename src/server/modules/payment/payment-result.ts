import { and, eq } from 'drizzle-orm';
import type { PaymentResult } from '../../../contract/payment';
import type { Database } from '../../db/client';
import { invoices, paymentInvoices, payments } from '../../db/schema';
import { problems } from '../../http/problem';
import { formatAud } from '../../../domain/money';

/** One of the account's payments by its reference; another account's reference is not found. */
export async function paymentResult(db: Database, accountId: number, reference: string): Promise<PaymentResult> {
  const [payment] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.reference, reference), eq(payments.accountId, accountId)));
  if (!payment) throw problems.notFound('Payment not found.');
  const settles = await db
    .select({ invoiceNumber: invoices.invoiceNumber })
    .from(paymentInvoices)
    .innerJoin(invoices, eq(invoices.id, paymentInvoices.invoiceId))
    .where(eq(paymentInvoices.paymentId, payment.id))
    .orderBy(invoices.invoiceNumber);
  return {
    reference: payment.reference,
    kind: payment.kind,
    status: payment.status,
    amount: formatAud(payment.amountCents),
    amountCents: payment.amountCents,
    message: payment.failureMessage,
    orderId: payment.orderId,
    invoiceNumbers: settles.map((row) => row.invoiceNumber),
  };
}
