import { and, asc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { OrderStatus } from '../../../contract/checkout';
import type { Config } from '../../config';
import { minutesAfter } from '../../dates';
import type { Database } from '../../db/client';
import { cartItems, carts, checkoutSelections, orderAllocations, orders, productStock } from '../../db/schema';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { recordOrderPaymentEvent } from './order-payment-events';
import type { Allocation } from './stock-allocation';

/**
 * docs/checkout.md 'Reservation and release'. A card or PayPal order takes its stock when it is placed and holds it
 * while its payment is outstanding (PendingPayment, until `reservedUntil`); a refused payment or the end of the
 * reservation gives the stock back, exactly once; the cart it was made from is emptied only when the payment succeeds.
 *
 * Locks are always taken in the order cart row → order row → stock rows (as Checkout/Complete does), so a release, a
 * payment and a checkout of the same account never wait on each other in a circle.
 */

export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** Statuses of an order that has given its stock back. */
const RELEASED_STATUSES = ['PaymentFailed', 'Expired'] as const satisfies readonly OrderStatus[];

/** How long a new card or PayPal order holds its stock. */
export function reservationEnd(config: Pick<Config, 'paymentReservationMinutes'>, now: Date): Date {
  return minutesAfter(now, config.paymentReservationMinutes);
}

/** Locks a user's cart row: the first lock of every write that touches a cart, an order and stock together. */
export async function lockCart(tx: Transaction | Database, userId: number): Promise<number> {
  await tx.insert(carts).values({ userId }).onConflictDoNothing();
  const [cart] = await tx
    .select({ revision: carts.revision })
    .from(carts)
    .where(eq(carts.userId, userId))
    .for('update');
  return cart?.revision ?? 0;
}

/**
 * Locks the cart an order was made from (its placer's), before the order row is touched. An order whose placer is
 * gone has no cart left to lock.
 */
export async function lockCartOfOrder(tx: Transaction | Database, orderId: number): Promise<void> {
  const [order] = await tx.select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  if (order?.userId != null) await lockCart(tx, order.userId);
}

/** Empties the cart (lines, discount code, checkout choices) and bumps its revision: an order was made from it. */
export async function emptyCart(tx: Transaction | Database, userId: number, now: Date): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.userId, userId));
  await tx.delete(checkoutSelections).where(eq(checkoutSelections.userId, userId));
  await tx
    .update(carts)
    .set({ discountCode: null, revision: sql`${carts.revision} + 1`, updatedAt: now })
    .where(eq(carts.userId, userId));
}

/** Takes the allocated stock out of product_stock (rows locked by the caller) and records where it came from. */
export async function takeStock(
  tx: Transaction | Database,
  orderId: number,
  allocations: readonly Allocation[],
): Promise<number[]> {
  for (const allocation of allocations) {
    await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${allocation.quantity}` })
      .where(
        and(eq(productStock.productId, allocation.productId), eq(productStock.warehouseId, allocation.warehouseId)),
      );
  }
  if (allocations.length > 0) {
    await tx.insert(orderAllocations).values(
      allocations.map((allocation) => ({
        orderId,
        productId: allocation.productId,
        warehouseId: allocation.warehouseId,
        quantity: allocation.quantity,
      })),
    );
  }
  return [...new Set(allocations.map((allocation) => allocation.productId))];
}

/** Puts an order's allocated stock back into product_stock (rows in a fixed order) and announces the change. */
export async function returnStock(tx: Transaction, orderId: number): Promise<number[]> {
  const allocations = await tx
    .select()
    .from(orderAllocations)
    .where(eq(orderAllocations.orderId, orderId))
    .orderBy(asc(orderAllocations.productId), asc(orderAllocations.warehouseId));
  for (const allocation of allocations) {
    await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} + ${allocation.quantity}` })
      .where(
        and(eq(productStock.productId, allocation.productId), eq(productStock.warehouseId, allocation.warehouseId)),
      );
  }
  const productIds = [...new Set(allocations.map((allocation) => allocation.productId))];
  if (productIds.length > 0) await announceCatalogueChange(tx, { kind: 'stock', productIds });
  return productIds;
}

/**
 * Gives a PendingPayment order's stock back and marks it `status`; does nothing to an order in any other status,
 * so however many callers race (a decline and the sweep, two instances' sweeps), one releases it. The cart it was
 * made from keeps its lines but moves to a new revision, so the customer's next submit places a new order. The
 * caller holds the lock of the order's cart. Answers the products whose stock came back, or null when it released
 * nothing.
 */
export async function releaseReservation(
  tx: Transaction,
  orderId: number,
  status: (typeof RELEASED_STATUSES)[number],
  now: Date,
): Promise<number[] | null> {
  const [released] = await tx
    .update(orders)
    .set({ status, reservedUntil: null, stockReleasedAt: now })
    // An order the ERP cancelled has given its stock back already, whatever its payment status.
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PendingPayment'), isNull(orders.stockReleasedAt)))
    .returning({ userId: orders.userId, cartRevision: orders.cartRevision });
  if (!released) return null;
  await recordOrderPaymentEvent(tx, orderId, status, now);
  if (released.userId !== null)
    await tx
      .update(carts)
      .set({ revision: sql`${carts.revision} + 1`, updatedAt: now })
      .where(and(eq(carts.userId, released.userId), eq(carts.revision, released.cartRevision)));
  return returnStock(tx, orderId);
}

/**
 * A payment came back captured. A PendingPayment order is Paid and the cart it was made from (if the customer has
 * not changed it since) is emptied; an order that had already given its stock back is PaidAfterRelease, so staff
 * can see money taken for stock no longer held (Staff/PaidAfterRelease). The caller holds the lock of the order's
 * cart. Answers the order's status afterwards.
 */
export async function markOrderPaid(tx: Transaction, orderId: number, now: Date): Promise<OrderStatus | null> {
  const [paid] = await tx
    .update(orders)
    .set({ status: 'Paid', paidAt: now, reservedUntil: null })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'PendingPayment')))
    .returning({ userId: orders.userId, cartRevision: orders.cartRevision });
  if (paid) {
    if (paid.userId !== null) {
      const [cart] = await tx.select({ revision: carts.revision }).from(carts).where(eq(carts.userId, paid.userId));
      if (cart?.revision === paid.cartRevision) await emptyCart(tx, paid.userId, now);
    }
    await recordOrderPaymentEvent(tx, orderId, 'Paid', now);
    return 'Paid';
  }
  const [late] = await tx
    .update(orders)
    .set({ status: 'PaidAfterRelease', paidAt: now })
    .where(and(eq(orders.id, orderId), inArray(orders.status, RELEASED_STATUSES)))
    .returning({ status: orders.status });
  if (late) {
    await recordOrderPaymentEvent(tx, orderId, 'PaidAfterRelease', now);
    return late.status;
  }
  const [current] = await tx.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId));
  return current?.status ?? null;
}

/** Brings this instance's catalogue read model in step at once (the others hear the NOTIFY sent on commit). */
export async function refreshStockOf(catalogue: CatalogueReadModel, productIds: readonly number[]): Promise<void> {
  if (productIds.length > 0) await catalogue.refreshStock(productIds);
}

/** At most this many lapsed reservations are released per sweep; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * The release job: every PendingPayment order whose reservation ended before `now` becomes Expired and gives its stock
 * back. Safe with any number of instances sweeping at once: each order is released by exactly one of them (the
 * conditional update in releaseReservation). Answers the orders this call released.
 */
export async function releaseLapsedReservations(
  db: Database,
  catalogue: CatalogueReadModel,
  now: Date,
): Promise<number[]> {
  const due = await db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.status, 'PendingPayment'), lt(orders.reservedUntil, now)))
    .orderBy(asc(orders.id))
    .limit(SWEEP_BATCH);
  const released: number[] = [];
  for (const order of due) {
    const productIds = await db.transaction(async (tx) => {
      await lockCartOfOrder(tx, order.id);
      return releaseReservation(tx, order.id, 'Expired', now);
    });
    if (productIds === null) continue;
    released.push(order.id);
    await refreshStockOf(catalogue, productIds);
  }
  return released;
}
