import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { invoices, orders } from '../../db/schema';
import { problems } from '../../http/problem';
import { owedCents } from '../account/invoice-owed';

/** What one payment settles: its amount, and for invoices how much goes to each. */
export interface Payable {
  readonly amountCents: number;
  readonly description: string;
  readonly invoiceAllocations: readonly { invoiceId: number; amountCents: number }[];
}

/**
 * Orders a card payment can still settle: only those still holding their stock. One that gave it back (a refused
 * payment, a lapsed reservation) is placed again from the cart, which it left as it was.
 */
const PAYABLE_ORDER_STATUSES = ['PendingPayment'] as const;

/** One of the account's orders still waiting for its payment; another account's order is not found. */
export async function payableOrder(db: Database, accountId: number, orderId: number): Promise<Payable> {
  const [order] = await db
    .select({ id: orders.id, status: orders.status, totalCents: orders.totalCents })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  if (!order) throw problems.notFound('Order not found.');
  if (!(PAYABLE_ORDER_STATUSES as readonly string[]).includes(order.status)) {
    throw problems.badRequest(
      order.status === 'PaymentFailed' || order.status === 'Expired'
        ? `Order ${order.id} no longer holds its stock. Your cart is as you left it: place the order again from the checkout.`
        : `Order ${order.id} is not waiting for a payment.`,
    );
  }
  return { amountCents: order.totalCents, description: `Order ${order.id}`, invoiceAllocations: [] };
}

/** The account's outstanding invoices among `invoiceIds`, each for what it still owes; any other id is not found. */
export async function payableInvoices(
  db: Database,
  accountId: number,
  invoiceIds: readonly number[],
): Promise<Payable> {
  const found = await db
    .select({
      id: invoices.id,
      invoiceNumber: invoices.invoiceNumber,
      owedCents,
    })
    .from(invoices)
    .where(and(inArray(invoices.id, [...invoiceIds]), eq(invoices.accountId, accountId)))
    .orderBy(invoices.id);
  if (found.length !== new Set(invoiceIds).size) throw problems.notFound('Invoice not found.');
  const settled = found.find((invoice) => invoice.owedCents === 0);
  if (settled) throw problems.badRequest(`Invoice ${settled.invoiceNumber} is already paid.`);
  const invoiceAllocations = found.map((invoice) => ({
    invoiceId: invoice.id,
    amountCents: invoice.owedCents,
  }));
  return {
    amountCents: invoiceAllocations.reduce((sum, allocation) => sum + allocation.amountCents, 0),
    description: `Invoice ${found.map((invoice) => invoice.invoiceNumber).join(', ')}`,
    invoiceAllocations,
  };
}
