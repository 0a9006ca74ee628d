import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  type FulfilmentStatus,
  type OrderStatusReceipt,
  type orderStatusBodySchema,
} from '../../../contract/order-fulfilment';
import type { OrderStatusChangedEventData } from '../../../contract/events';
import { lifecycleStateOf, orderLifecycleMachine, statusEvent } from '../../../../machines/order-lifecycle';
import { accounts, invoices, orderStatusChanges, orders } from '../../db/schema';
import { problems } from '../../http/problem';
import { owedCents } from '../account/invoice-owed';
import { recordEvent } from '../events/outbox';
import { queueMail } from '../mail/mail-queue';
import { shippedMail } from './shipped-mail';
import { type Transaction, lockCartOfOrder, returnStock } from '../checkout/order-reservation';

export type OrderStatusBody = z.output<typeof orderStatusBodySchema>;

/** Whether the lifecycle statechart lets `next` follow the order's current status (null: just placed). */
export function mayFollow(current: FulfilmentStatus | null, next: FulfilmentStatus): boolean {
  const snapshot = orderLifecycleMachine.resolveState({
    value: current === null ? 'placed' : lifecycleStateOf[current],
  });
  return snapshot.can(statusEvent(next));
}

export interface AppliedStatus {
  readonly receipt: OrderStatusReceipt;
  readonly orderId: number;
  readonly accountId: number;
  /** Products whose stock a cancellation gave back, for this instance's read model once committed. */
  readonly releasedProductIds: readonly number[];
}

async function findOrder(tx: Transaction, orderId: number, lock: boolean) {
  const query = tx.select().from(orders).where(eq(orders.id, orderId));
  const [order] = lock ? await query.for('update') : await query;
  return order ?? null;
}

/**
 * A cancelled order gives back the stock it still holds (the same return as an expired reservation), and its
 * Trading Account invoice, if any, is reversed by a credit for what it still owed: it then owes nothing and shows as
 * Credited, so it counts neither to the credit used nor as open. The invoice keeps its amounts as issued; the order's
 * timeline says it was cancelled and why.
 */
async function cancel(tx: Transaction, order: { id: number; stockReleasedAt: Date | null }, now: Date) {
  const productIds = order.stockReleasedAt === null ? await returnStock(tx, order.id) : [];
  await tx
    .update(orders)
    .set({ reservedUntil: null, stockReleasedAt: sql`coalesce(${orders.stockReleasedAt}, ${now})` })
    .where(eq(orders.id, order.id));
  await tx
    .update(invoices)
    .set({ creditedCents: sql`${invoices.totalCents} - ${invoices.paidCents}`, creditedAt: now })
    .where(and(eq(invoices.orderId, order.id), sql`${owedCents} > 0`));
  return productIds;
}

/**
 * Applies one status the wholesaler's systems sent, in the caller's transaction: checked against the lifecycle
 * statechart (409 naming the current status when it may not follow), written to the timeline and the order, and told
 * as `order.status_changed` in the same transaction, with the shipping mail queued beside it.
 */
export async function applyOrderStatus(tx: Transaction, body: OrderStatusBody, now: Date): Promise<AppliedStatus> {
  const orderId = Number(body.orderNumber);
  const unknown = () => problems.notFound(`There is no order ${body.orderNumber}.`);
  const found = await findOrder(tx, orderId, false);
  if (!found) throw unknown();
  // A cancellation moves stock: take the cart lock first, in the order every stock-moving write takes its locks.
  if (body.status === 'Cancelled') await lockCartOfOrder(tx, orderId);
  const order = await findOrder(tx, orderId, true);
  if (!order) throw unknown();
  const previous = order.fulfilmentStatus;
  if (!mayFollow(previous, body.status))
    throw problems.conflict(
      `Order ${body.orderNumber} is ${previous ?? 'placed, with no status yet'}; it cannot become ${body.status}.`,
    );
  const details = {
    carrier: body.carrier ?? null,
    consignment: body.consignment ?? null,
    trackingUrl: body.trackingUrl ?? null,
    expectedDate: body.expectedDate ?? null,
    reason: body.reason ?? null,
    lines: body.lines ?? null,
  };
  await tx.insert(orderStatusChanges).values({ orderId, status: body.status, occurredAt: now, ...details });
  await tx.update(orders).set({ fulfilmentStatus: body.status }).where(eq(orders.id, orderId));
  const releasedProductIds = body.status === 'Cancelled' ? await cancel(tx, order, now) : [];
  const [account] = await tx.select({ code: accounts.code }).from(accounts).where(eq(accounts.id, order.accountId));
  const data: OrderStatusChangedEventData = {
    orderNumber: String(orderId),
    accountCode: account?.code ?? '',
    status: body.status,
    previousStatus: previous,
    ...details,
  };
  await recordEvent(tx, { type: 'order.status_changed', subject: `order:${orderId}`, occurredAt: now, data });
  await queueMail(tx, await shippedMail(tx, orderId, body), now);
  return {
    receipt: {
      orderNumber: String(orderId),
      status: body.status,
      previousStatus: previous,
      occurredAt: now.toISOString(),
    },
    orderId,
    accountId: order.accountId,
    releasedProductIds,
  };
}
