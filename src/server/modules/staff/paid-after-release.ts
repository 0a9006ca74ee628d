import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { PaidAfterRelease, PaidAfterReleaseConfirmed, PaidAfterReleaseRefunded } from '../../../contract/staff';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { accounts, orderAllocations, orders, payments, products } from '../../db/schema';
import { HttpProblem, problems } from '../../http/problem';
import { PaymentProviderError } from '../../integrations/payments/paypal';
import { formatAud } from '../../../domain/money';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { stockLevels } from '../checkout/checkout-quote';
import { recordOrderPaymentEvent } from '../checkout/order-payment-events';
import { lockCartOfOrder, refreshStockOf, takeStock } from '../checkout/order-reservation';
import { paymentMethodName } from '../checkout/payment-methods';
import { allocateStock } from '../checkout/stock-allocation';
import { recordStaffChange } from './staff-audit';

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

/** Refused when the order is not (or no longer) waiting: confirmed or refunded already, or never paid late. */
const NOT_WAITING = 'No order paid after its stock was released has this number.';

/**
 * Staff/PaidAfterReleaseConfirm: the order goes ahead after all. Under the lock of the order's cart it takes again the
 * stock its allocation held when it was released, by the rule every order follows (local warehouse first), and is
 * Paid; what no warehouse holds now is answered, for staff to tell the customer. Writes order.paid and the audit entry.
 */
export async function confirmPaidAfterRelease(
  db: Database,
  catalogue: CatalogueReadModel,
  staffId: number,
  orderId: number,
  now: Date,
): Promise<PaidAfterReleaseConfirmed> {
  const [waiting] = await db
    .select({ accountId: orders.accountId, state: accounts.state })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PaidAfterRelease')));
  if (!waiting) throw problems.notFound(NOT_WAITING);
  const { shortfalls, productIds } = await db.transaction(async (tx) => {
    await lockCartOfOrder(tx, orderId);
    const [order] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, orderId), eq(orders.status, 'PaidAfterRelease')))
      .for('update');
    if (!order) throw problems.notFound(NOT_WAITING);
    const held = await tx
      .select({
        productId: orderAllocations.productId,
        sku: products.sku,
        name: products.name,
        kind: products.kind,
        quantity: sql<number>`sum(${orderAllocations.quantity})::int`,
      })
      .from(orderAllocations)
      .innerJoin(products, eq(products.id, orderAllocations.productId))
      .where(eq(orderAllocations.orderId, orderId))
      .groupBy(orderAllocations.productId, products.sku, products.name, products.kind)
      .orderBy(asc(orderAllocations.productId));
    const needs = held.map((line) => ({
      productId: line.productId,
      sku: line.sku,
      quantity: line.quantity,
      isBulkUnit: line.kind !== 'Merchandise',
    }));
    const stock = await stockLevels(
      tx,
      needs.map((need) => need.productId),
      true,
    );
    const { allocations, shortages } = allocateStock(waiting.state, needs, stock);
    await tx.delete(orderAllocations).where(eq(orderAllocations.orderId, orderId));
    const taken = await takeStock(tx, orderId, allocations);
    await tx.update(orders).set({ status: 'Paid', stockReleasedAt: null }).where(eq(orders.id, orderId));
    if (taken.length > 0) await announceCatalogueChange(tx, { kind: 'stock', productIds: taken });
    await recordOrderPaymentEvent(tx, orderId, 'Paid', now);
    const short = shortages.map((shortage) => ({
      sku: shortage.sku,
      name: held.find((line) => line.productId === shortage.productId)?.name ?? shortage.sku,
      wanted: shortage.wanted,
      reserved: shortage.available,
    }));
    await recordStaffChange(
      tx,
      staffId,
      {
        action: 'order.confirmed',
        subjectType: 'order',
        subjectRef: String(orderId),
        accountId: waiting.accountId,
        before: { status: 'PaidAfterRelease' },
        after: { status: 'Paid', shortfalls: short },
      },
      now,
    );
    return { shortfalls: short, productIds: taken };
  });
  await refreshStockOf(catalogue, productIds);
  return { orderId, shortfalls };
}

/** What refunds a captured PayPal payment (src/server/integrations/payments/paypal.ts in the app). */
export interface PayPalRefunds {
  refundCapture(captureId: string): Promise<{ id: string }>;
}

export interface RefundDeps {
  readonly db: Database;
  readonly config: Pick<Config, 'paymentSandbox'>;
  readonly paypal: PayPalRefunds | null;
  readonly staffId: number;
  readonly now: Date;
}

export const CARD_REFUND_AT_GATEWAY =
  'The card gateway takes refunds in its own console: refund the payment there; the shop cannot refund a card payment itself.';

/**
 * Gives the order's payment back through its provider: the sandbox (which charged nothing) or PayPal (the capture,
 * in full, under an idempotency key, so asking again never refunds twice).
 */
async function refundAtProvider(deps: RefundDeps, payment: typeof payments.$inferSelect): Promise<string> {
  if (payment.method === 'Payments.Card') {
    if (!deps.config.paymentSandbox) throw problems.badRequest(CARD_REFUND_AT_GATEWAY);
    return `REFUND-${payment.reference}`;
  }
  if (!deps.paypal || payment.providerCaptureId === null)
    throw problems.badRequest('PayPal is not available, so the payment cannot be refunded from the shop.');
  try {
    return (await deps.paypal.refundCapture(payment.providerCaptureId)).id;
  } catch (error) {
    if (error instanceof PaymentProviderError)
      throw new HttpProblem(502, `PayPal refused the refund: ${error.message}`);
    throw error;
  }
}

/**
 * Staff/PaidAfterReleaseRefund. The order is claimed first (Refunded, so a confirm cannot take it meanwhile), the
 * provider is asked outside any transaction, and then the payment is marked refunded with order.refunded and the
 * audit entry written; if the provider refuses, the order waits again as it was.
 */
export async function refundPaidAfterRelease(deps: RefundDeps, orderId: number): Promise<PaidAfterReleaseRefunded> {
  const { db, now } = deps;
  const claimed = await db.transaction(async (tx) => {
    const [order] = await tx
      .update(orders)
      .set({ status: 'Refunded' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'PaidAfterRelease')))
      .returning({ accountId: orders.accountId });
    if (!order) throw problems.notFound(NOT_WAITING);
    const [payment] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.orderId, orderId), eq(payments.status, 'Completed')));
    if (!payment) throw new Error(`order ${orderId} was paid late but has no completed payment`);
    return { accountId: order.accountId, payment };
  });
  let refundReference: string;
  try {
    refundReference = await refundAtProvider(deps, claimed.payment);
  } catch (error) {
    await db
      .update(orders)
      .set({ status: 'PaidAfterRelease' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'Refunded')));
    throw error;
  }
  await db.transaction(async (tx) => {
    await tx
      .update(payments)
      .set({ status: 'Refunded', refundReference, refundedAt: now })
      .where(eq(payments.id, claimed.payment.id));
    await recordOrderPaymentEvent(tx, orderId, 'Refunded', now);
    await recordStaffChange(
      tx,
      deps.staffId,
      {
        action: 'order.refunded',
        subjectType: 'order',
        subjectRef: String(orderId),
        accountId: claimed.accountId,
        before: { status: 'PaidAfterRelease', payment: claimed.payment.reference },
        after: { status: 'Refunded', refundReference },
      },
      now,
    );
  });
  return { orderId, refundReference, refundedAt: now.toISOString() };
}
