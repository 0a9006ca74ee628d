import { type SQL, and, count, eq } from 'drizzle-orm';
import {
  ACCESSORIES_UNDECIDED,
  CREDIT_LIMIT_REACHED,
  type CompleteBody,
  type OrderStatus,
  type PaymentMethodSystemName,
} from '../../../contract/checkout';
import type { Config } from '../../config';
import { shopDaysAfter } from '../../dates';
import type { Database } from '../../db/client';
import { cartItems, invoiceLines, invoices, orderLines, orders, payments } from '../../db/schema';
import { HttpProblem, problems } from '../../http/problem';
import { PaymentProviderError } from '../../integrations/payments/paypal';
import type { CustomerPrincipal } from '../auth/principal';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import { noLongerAvailable } from '../catalogue/retired-products';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { businessMetersOf } from '../../http/business-metrics';
import { discountCodeUses, lockedDiscountCode } from '../cart/discount-code-uses';
import { discountRefusal } from '../cart/discount-codes';
import { type CheckoutQuote, type LineDraft, flattenedLines, pricingOf, quoteCheckout } from './checkout-quote';
import { creditLimitReached, creditPosition } from '../account/credit';
import { awardPurchasePoints } from '../pit-pass/pit-pass';
import {
  emptyCart,
  lockCart,
  lockCartOfOrder,
  markOrderPaid,
  refreshStockOf,
  releaseReservation,
  reservationEnd,
  returnStock,
  takeStock,
} from './order-reservation';
import { offeredPaymentMethods } from './payment-methods';
import { recordEvent } from '../events/outbox';
import { orderPlacedEvent } from './order-placed-event';
import { recordOrderPaymentEvent } from './order-payment-events';
import { refuseShortages } from './shortage-refusal';
import { refuseUnconsentedBackOrders } from './back-orders';

/** What captures an approved PayPal order (src/server/integrations/payments/paypal.ts in the app). */
export interface PayPalCapture {
  captureOrder(id: string): Promise<{ status: 'COMPLETED' | 'DECLINED'; captureId?: string }>;
}

export interface PlaceOrderDeps {
  readonly db: Database;
  readonly catalogue: CatalogueReadModel;
  readonly config: Config;
  readonly now: Date;
  readonly paypal?: PayPalCapture;
  /**
   * Runs inside the order's transaction after the order, its lines and its stock allocation are written and before
   * the invoice is; whatever it throws rolls the whole order back. The seam through which tests inject a crash.
   */
  readonly beforeInvoice?: (tx: Database) => Promise<void>;
}

export interface PlaceOrderRequest {
  readonly principal: CustomerPrincipal;
  readonly body: CompleteBody;
  /** The Idempotency-Key header: a retry carrying the key of a placed order answers that order. */
  readonly idempotencyKey: string | null;
}

export interface PlacedOrder {
  readonly id: number;
  readonly accountId: number;
  readonly status: OrderStatus;
  readonly paymentMethodSystemName: PaymentMethodSystemName;
  readonly totalCents: number;
  readonly paypalOrderId: string | null;
}

const placedColumns = {
  id: orders.id,
  accountId: orders.accountId,
  status: orders.status,
  paymentMethodSystemName: orders.paymentMethodSystemName,
  totalCents: orders.totalCents,
  paypalOrderId: orders.paypalOrderId,
};

/**
 * The order this submit already made, if any: the one placed under the same Idempotency-Key, the one that
 * captured the same PayPal order, the one made from the cart as it stands (an order waiting for its payment keeps
 * the cart), or (the cart being empty) the one whose placing emptied it, i.e. made from the revision just before the
 * current one. A double click or a second tab lands here while the cart is locked. `sameRevision` says it was found
 * only by the cart's revision.
 */
async function orderAlreadyPlaced(
  tx: Database,
  userId: number,
  request: PlaceOrderRequest,
  revision: number,
): Promise<{ order: PlacedOrder; sameRevision: boolean } | null> {
  // Only the placer's own orders: another user's cart revisions and keys say nothing about this cart.
  const findOne = async (condition: SQL) =>
    (
      await tx
        .select(placedColumns)
        .from(orders)
        .where(and(eq(orders.userId, userId), condition))
    )[0] ?? null;
  if (request.idempotencyKey !== null) {
    const byKey = await findOne(eq(orders.idempotencyKey, request.idempotencyKey));
    if (byKey) return { order: byKey, sameRevision: false };
  }
  if (request.body.paypalOrderId !== undefined) {
    const byPayPal = await findOne(eq(orders.paypalOrderId, request.body.paypalOrderId));
    if (byPayPal) return { order: byPayPal, sameRevision: false };
  }
  const fromThisCart = await findOne(eq(orders.cartRevision, revision));
  if (fromThisCart) return { order: fromThisCart, sameRevision: true };
  const [lines] = await tx.select({ count: count() }).from(cartItems).where(eq(cartItems.userId, userId));
  if (Number(lines?.count ?? 0) > 0) return null;
  const emptiedIt = await findOne(eq(orders.cartRevision, revision - 1));
  return emptiedIt && { order: emptiedIt, sameRevision: false };
}

/**
 * An unpaid order made from this cart, submitted again with another way to pay (another method, another PayPal
 * approval): the customer changed their mind, so the unpaid order gives its stock back and a new one is placed.
 */
function isAnotherPayment(order: PlacedOrder, body: CompleteBody): boolean {
  if (order.status !== 'PendingPayment') return false;
  if (order.paymentMethodSystemName !== body.paymentMethod) return true;
  return body.paymentMethod === 'Payments.PayPal' && order.paypalOrderId !== (body.paypalOrderId ?? null);
}

/** SPEC.md §4: a wheel whose accessories are still to be decided (ActionRequired) cannot be ordered. */
export function refuseUndecidedWheels(quote: CheckoutQuote): void {
  const undecided = quote.cart.items.filter((item) => item.accessoryStatus === 'ActionRequired');
  if (undecided.length === 0) return;
  throw problems.badRequest(
    ACCESSORIES_UNDECIDED,
    undecided.map((item) => ({
      name: `items[${item.id}]`,
      reason: `${item.productName} (${item.sku}): accessories not chosen yet`,
    })),
  );
}

/** A cart holding a retired product is not checked out: the customer removes the line first (it names the product). */
export function refuseUnavailableItems(quote: CheckoutQuote): void {
  const gone = quote.cart.unavailableItems;
  if (gone.length === 0) return;
  const named = gone.map((item) => noLongerAvailable({ name: item.productName, sku: item.sku }));
  throw problems.badRequest(
    `${named.join(' ')} Remove ${gone.length === 1 ? 'it' : 'them'} from your cart to place the order.`,
    gone.map((item, index) => ({ name: `items[${item.id}]`, reason: named[index] as string })),
  );
}

/** The PayPal order to capture must be one this account created for exactly this total (Checkout/PayPalOrder). */
/**
 * The cart's discount code counted again against its limits, under its row's lock, so its last use goes to one
 * order however many are placed at once; refused in the words Cart/Discount uses.
 */
async function refuseDiscountPastItsLimits(tx: Database, code: string, accountId: number, now: Date): Promise<void> {
  const refusal = discountRefusal(await lockedDiscountCode(tx, code), await discountCodeUses(tx, code, accountId), now);
  if (refusal) throw problems.badRequest(refusal, [{ name: 'code', reason: refusal }]);
}

async function payPalPaymentOf(tx: Database, accountId: number, paypalOrderId: string | undefined, totalCents: number) {
  if (paypalOrderId === undefined) {
    throw problems.badRequest('Approve the payment with PayPal first.', [
      { name: 'paypalOrderId', reason: 'Approve the payment with PayPal first.' },
    ]);
  }
  const [payment] = await tx
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.reference, paypalOrderId),
        eq(payments.accountId, accountId),
        eq(payments.method, 'Payments.PayPal'),
      ),
    );
  if (!payment || payment.status !== 'Pending')
    throw problems.badRequest('This PayPal payment is not one of this checkout.');
  if (payment.amountCents !== totalCents)
    throw problems.conflict('The order total changed after PayPal was opened. Please pay again.');
  return payment;
}

async function insertLines(tx: Database, orderId: number, lines: readonly LineDraft[]): Promise<void> {
  for (const { children, ...line } of lines) {
    const [parent] = await tx
      .insert(orderLines)
      .values({ orderId, ...lineColumns(line) })
      .returning({ id: orderLines.id });
    if (children.length > 0 && parent) {
      await tx
        .insert(orderLines)
        .values(children.map((child) => ({ orderId, parentLineId: parent.id, ...lineColumns(child) })));
    }
  }
}

function lineColumns(line: Omit<LineDraft, 'children'>) {
  return {
    productId: line.productId,
    sku: line.sku,
    name: line.name,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    discountCents: line.discountCents,
    lineTotalCents: line.lineTotalCents,
    vehicleId: line.vehicleId,
    vehicleDescription: line.vehicleDescription,
    backOrderQuantity: line.backOrderQuantity,
    backOrderExpectedDate: line.backOrderExpectedDate,
  };
}

/** 'INV' and the invoice's id, zero-padded to 8 digits: INV00000042. */
export function invoiceNumberOf(invoiceId: number): string {
  return `INV${String(invoiceId).padStart(8, '0')}`;
}

/** A Trading Account order's invoice, due in the account's terms, one invoice line per order line. */
async function insertInvoice(tx: Database, orderId: number, quote: CheckoutQuote, now: Date): Promise<void> {
  const { totals } = quote;
  const [invoice] = await tx
    .insert(invoices)
    .values({
      // The number is made from the id, known only once the row exists.
      invoiceNumber: `PENDING-${orderId}`,
      accountId: quote.account.id,
      orderId,
      issuedAt: now,
      dueAt: shopDaysAfter(now, quote.account.termsDays),
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('invoice not created');
  await tx
    .update(invoices)
    .set({ invoiceNumber: invoiceNumberOf(invoice.id) })
    .where(eq(invoices.id, invoice.id));
  const rows = flattenedLines(quote.lines).map((line) => ({
    invoiceId: invoice.id,
    productId: line.productId,
    sku: line.sku,
    description: line.name,
    brand: line.brand,
    category: line.category,
    quantity: line.quantity,
    unitPriceCents: line.unitPriceCents,
    lineTotalCents: line.lineTotalCents,
  }));
  if (rows.length > 0) await tx.insert(invoiceLines).values(rows);
  await awardPurchasePoints(tx, {
    id: invoice.id,
    accountId: quote.account.id,
    invoiceNumber: invoiceNumberOf(invoice.id),
    subtotalCents: totals.subtotalCents,
    issuedAt: now,
  });
}

export const PAYPAL_DECLINED = 'PayPal declined the payment. Please choose another way to pay.';

/**
 * A refused PayPal capture: the order waiting for it is taken back (its stock returned, the order and its lines
 * removed; the PayPal payment stays Pending and unlinked), as if it had never been placed: the buyer is still on the
 * checkout page with the cart. An order already released by then stays as it is.
 */
async function withdrawPayPalOrder(deps: PlaceOrderDeps, order: PlacedOrder): Promise<void> {
  const productIds = await deps.db.transaction(async (tx) => {
    await lockCartOfOrder(tx, order.id);
    const [pending] = await tx
      .select({ id: orders.id })
      .from(orders)
      .where(and(eq(orders.id, order.id), eq(orders.status, 'PendingPayment')))
      .for('update');
    if (!pending) return [];
    const productIds = await returnStock(tx, order.id);
    // order.placed is already out: tell the ERP the order went no further before its row goes.
    await recordOrderPaymentEvent(tx, order.id, 'PaymentFailed', deps.now);
    await tx.update(payments).set({ orderId: null }).where(eq(payments.orderId, order.id));
    await tx.delete(orders).where(eq(orders.id, order.id));
    return productIds;
  });
  await refreshStockOf(deps.catalogue, productIds);
}

/**
 * docs/checkout.md 'The PayPal capture'. Captures the approved PayPal order of a PendingPayment order, outside any
 * transaction and within PAYPAL_TIMEOUT_SECONDS, so a slow PayPal holds no cart or stock lock. Captured: the payment
 * is Completed and the order Paid (PaidAfterRelease if its reservation had lapsed meanwhile). Refused: the order is
 * withdrawn. No answer: the order stays reserved and a retry with the same approval captures again (PayPal answers a
 * repeated capture with the first one's result).
 */
async function capturePayPalOrder(deps: PlaceOrderDeps, order: PlacedOrder): Promise<PlacedOrder> {
  if (!deps.paypal) throw problems.badRequest('PayPal is not available.');
  const paypalOrderId = order.paypalOrderId ?? '';
  let captured: Awaited<ReturnType<PayPalCapture['captureOrder']>>;
  try {
    captured = await deps.paypal.captureOrder(paypalOrderId);
  } catch (error) {
    if (error instanceof PaymentProviderError && !error.outcomeUnknown) await withdrawPayPalOrder(deps, order);
    throw error;
  }
  if (captured.status !== 'COMPLETED') {
    await withdrawPayPalOrder(deps, order);
    throw new HttpProblem(402, PAYPAL_DECLINED);
  }
  const status = await deps.db.transaction(async (tx) => {
    await lockCartOfOrder(tx, order.id);
    await tx
      .update(payments)
      .set({ orderId: order.id, status: 'Completed', completedAt: deps.now, providerCaptureId: captured.captureId })
      .where(and(eq(payments.reference, paypalOrderId), eq(payments.status, 'Pending')));
    return markOrderPaid(tx, order.id, deps.now);
  });
  return { ...order, status: status ?? order.status };
}

/** A PayPal order whose money may still be taken: not yet captured, whatever became of its reservation. */
const awaitsCapture = (order: PlacedOrder) =>
  order.paymentMethodSystemName === 'Payments.PayPal' && order.status !== 'Paid' && order.status !== 'PaidAfterRelease';

/**
 * Checkout/Complete (docs/checkout.md 'Placing the order'). Under the cart's row lock: answers the order this
 * submit already made, or, in one transaction, checks the wheels' accessories, stock and credit, writes the order,
 * its lines and the stock it takes per warehouse, and for Trading Account its invoice, emptying the cart. A card or
 * PayPal order is PendingPayment instead: it holds its stock for PAYMENT_RESERVATION_MINUTES and the cart stays until
 * the payment succeeds. A PayPal order is then captured, after the commit. Any failure before the commit leaves no
 * trace. Answers the order; its stock change is announced to every instance.
 */
export async function placeOrder(deps: PlaceOrderDeps, request: PlaceOrderRequest): Promise<PlacedOrder> {
  const { accountId, userId, impersonatorStaffId } = request.principal;
  const method = request.body.paymentMethod;
  const scope = { db: deps.db, catalogue: deps.catalogue, accountId, userId, now: deps.now };
  const priced = await pricingOf(scope);
  const result = await deps.db.transaction(async (tx) => {
    let revision = await lockCart(tx, userId);
    const existing = await orderAlreadyPlaced(tx, userId, request, revision);
    const released: number[] = [];
    if (existing && !(existing.sameRevision && isAnotherPayment(existing.order, request.body))) {
      return { order: existing.order, productIds: [] };
    }
    if (existing) {
      released.push(...((await releaseReservation(tx, existing.order.id, 'Expired', deps.now)) ?? []));
      revision = await lockCart(tx, userId);
    }

    if (!offeredPaymentMethods(deps.config).includes(method))
      throw problems.badRequest('This payment method is not available.');
    const quote = await quoteCheckout(scope, tx, { lockStock: true, priced });
    refuseUnavailableItems(quote);
    if (quote.lines.length === 0) throw problems.badRequest('Your cart is empty.');
    refuseUndecidedWheels(quote);
    refuseShortages(quote);
    refuseUnconsentedBackOrders(quote, request.body.acceptBackOrders === true);
    if (quote.stored.discount) await refuseDiscountPastItsLimits(tx, quote.stored.discount.code, accountId, deps.now);
    if (method === 'Payments.TradingAccount') {
      if (creditLimitReached(await creditPosition(tx, accountId), quote.totals.totalCents))
        throw problems.badRequest(CREDIT_LIMIT_REACHED);
    }
    const payPalPayment =
      method === 'Payments.PayPal'
        ? await payPalPaymentOf(tx, accountId, request.body.paypalOrderId, quote.totals.totalCents)
        : null;
    const onAccount = method === 'Payments.TradingAccount';

    const placing = {
      accountId,
      userId,
      impersonatorStaffId,
      cartRevision: revision,
      idempotencyKey: request.idempotencyKey,
      status: onAccount ? 'Placed' : 'PendingPayment',
      paymentMethodSystemName: method,
      stockNumber: request.body.stockNumber || null,
      customerOrderNumber: request.body.orderNumber || null,
      deliveryNotes: request.body.deliveryNotes || null,
      shippingMethodName: quote.shippingMethod.name,
      isPickupInStore: quote.shippingMethod.isPickupInStore,
      deliveryAddress1: quote.data.address.address1,
      deliveryCity: quote.data.address.city,
      deliveryPostcode: quote.data.address.zipPostalCode,
      deliveryState: quote.data.address.state,
      discountCode: quote.stored.discount?.code ?? null,
      subtotalCents: quote.totals.subtotalCents,
      discountCents: quote.totals.discountCents,
      shippingCents: quote.totals.shippingCents,
      taxCents: quote.totals.taxCents,
      totalCents: quote.totals.totalCents,
      paypalOrderId: payPalPayment ? payPalPayment.reference : null,
      placedAt: deps.now,
      reservedUntil: onAccount ? null : reservationEnd(deps.config, deps.now),
    } satisfies typeof orders.$inferInsert;
    const [order] = await tx.insert(orders).values(placing).returning(placedColumns);
    if (!order) throw new Error('order not created');
    await insertLines(tx, order.id, quote.lines);
    const productIds = await takeStock(tx, order.id, quote.allocations);
    await deps.beforeInvoice?.(tx);
    if (onAccount) {
      // With the ERP issuing invoices, the order counts towards the credit used until its invoice is imported.
      if (!deps.config.invoiceNumbersFromErp) await insertInvoice(tx, order.id, quote, deps.now);
      await emptyCart(tx, userId, deps.now);
    }
    if (payPalPayment) await tx.update(payments).set({ orderId: order.id }).where(eq(payments.id, payPalPayment.id));
    await recordEvent(tx, orderPlacedEvent({ ...placing, id: order.id }, quote.account.code, quote.lines));
    if (productIds.length > 0) await announceCatalogueChange(tx, { kind: 'stock', productIds });
    return { order, productIds: [...new Set([...released, ...productIds])] };
  });
  // This instance's read model is brought in step at once; the others hear the NOTIFY sent on commit.
  await refreshStockOf(deps.catalogue, result.productIds);
  businessMetersOf(deps.db).orderPlaced(method);
  return awaitsCapture(result.order) ? capturePayPalOrder(deps, result.order) : result.order;
}
