import { type SQL, and, count, eq, sql } from 'drizzle-orm';
import { CREDIT_LIMIT_REACHED, type CompleteBody, type OrderStatus, type PaymentMethodSystemName } from '../../../contract/checkout';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { cartItems, carts, checkoutSelections, invoiceLines, invoices, orderAllocations, orderLines, orders, payments, productStock } from '../../db/schema';
import { HttpProblem, problems } from '../../http/problem';
import type { CustomerPrincipal } from '../auth/principal';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import { catalogueOf } from '../catalogue/catalogue-read-model';
import { businessMetersOf } from '../../http/business-metrics';
import { type CheckoutQuote, type LineDraft, pricingOf, quoteCheckout } from './checkout-quote';
import { creditLimitReached, creditPosition } from '../account/credit';
import { awardPurchasePoints } from '../pit-pass/pit-pass';
import { offeredPaymentMethods } from './payment-methods';

const DAY_MS = 86_400_000;

/** What captures an approved PayPal order (src/server/integrations/payments/paypal.ts in the app). */
export interface PayPalCapture {
  captureOrder(id: string): Promise<{ status: 'COMPLETED' | 'DECLINED'; captureId?: string }>;
}

export interface PlaceOrderDeps {
  readonly db: Database;
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
}

const placedColumns = {
  id: orders.id,
  accountId: orders.accountId,
  status: orders.status,
  paymentMethodSystemName: orders.paymentMethodSystemName,
  totalCents: orders.totalCents,
};

/**
 * The order this submit already made, if any: the one placed under the same Idempotency-Key, the one that
 * captured the same PayPal order, or (the cart being empty) the one whose placing emptied it, i.e. made from the
 * revision just before the current one. A double click or a second tab lands here while the cart is locked.
 */
async function orderAlreadyPlaced(tx: Database, accountId: number, request: PlaceOrderRequest, revision: number): Promise<PlacedOrder | null> {
  const findOne = async (condition: SQL) => (await tx.select(placedColumns).from(orders).where(and(eq(orders.accountId, accountId), condition)))[0] ?? null;
  if (request.idempotencyKey !== null) {
    const byKey = await findOne(eq(orders.idempotencyKey, request.idempotencyKey));
    if (byKey) return byKey;
  }
  if (request.body.paypalOrderId !== undefined) {
    const byPayPal = await findOne(eq(orders.paypalOrderId, request.body.paypalOrderId));
    if (byPayPal) return byPayPal;
  }
  const [lines] = await tx.select({ count: count() }).from(cartItems).where(eq(cartItems.accountId, accountId));
  if (Number(lines?.count ?? 0) > 0) return null;
  return findOne(eq(orders.cartRevision, revision - 1));
}

export function refuseShortages(quote: CheckoutQuote): void {
  if (quote.shortages.length === 0) return;
  throw problems.badRequest(
    'Some items are no longer in stock in the quantity ordered.',
    quote.shortages.map((shortage) => ({
      name: 'stock',
      reason: `${shortage.sku}: only ${shortage.available} of ${shortage.wanted} available`,
    })),
  );
}

/** The PayPal order to capture must be one this account created for exactly this total (Checkout/PayPalOrder). */
async function payPalPaymentOf(tx: Database, accountId: number, paypalOrderId: string | undefined, totalCents: number) {
  if (paypalOrderId === undefined) {
    throw problems.badRequest('Approve the payment with PayPal first.', [{ name: 'paypalOrderId', reason: 'Approve the payment with PayPal first.' }]);
  }
  const [payment] = await tx
    .select()
    .from(payments)
    .where(and(eq(payments.reference, paypalOrderId), eq(payments.accountId, accountId), eq(payments.method, 'Payments.PayPal')));
  if (!payment || payment.status !== 'Pending') throw problems.badRequest('This PayPal payment is not one of this checkout.');
  if (payment.amountCents !== totalCents) throw problems.conflict('The order total changed after PayPal was opened. Please pay again.');
  return payment;
}

async function insertLines(tx: Database, orderId: number, lines: readonly LineDraft[]): Promise<void> {
  for (const { children, ...line } of lines) {
    const [parent] = await tx.insert(orderLines).values({ orderId, ...lineColumns(line) }).returning({ id: orderLines.id });
    if (children.length > 0 && parent) {
      await tx.insert(orderLines).values(children.map((child) => ({ orderId, parentLineId: parent.id, ...lineColumns(child) })));
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
  };
}

/** Takes the allocated stock out of product_stock (rows locked by the quote) and records where it came from. */
async function allocate(tx: Database, orderId: number, quote: CheckoutQuote): Promise<number[]> {
  for (const allocation of quote.allocations) {
    await tx
      .update(productStock)
      .set({ quantity: sql`${productStock.quantity} - ${allocation.quantity}` })
      .where(and(eq(productStock.productId, allocation.productId), eq(productStock.warehouseId, allocation.warehouseId)));
  }
  if (quote.allocations.length > 0) {
    await tx.insert(orderAllocations).values(
      quote.allocations.map((allocation) => ({
        orderId,
        productId: allocation.productId,
        warehouseId: allocation.warehouseId,
        quantity: allocation.quantity,
      })),
    );
  }
  return [...new Set(quote.allocations.map((allocation) => allocation.productId))];
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
      dueAt: new Date(now.getTime() + quote.account.termsDays * DAY_MS),
      subtotalCents: totals.subtotalCents,
      discountCents: totals.discountCents,
      shippingCents: totals.shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
    })
    .returning({ id: invoices.id });
  if (!invoice) throw new Error('invoice not created');
  await tx.update(invoices).set({ invoiceNumber: invoiceNumberOf(invoice.id) }).where(eq(invoices.id, invoice.id));
  const rows = quote.lines
    .flatMap((line) => [line, ...line.children])
    .map((line) => ({
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

const STATUS_OF: Record<PaymentMethodSystemName, OrderStatus> = {
  'Payments.TradingAccount': 'Placed',
  'Payments.Card': 'AwaitingPayment',
  'Payments.PayPal': 'Paid',
};

async function emptyCart(tx: Database, accountId: number, now: Date): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.accountId, accountId));
  await tx.delete(checkoutSelections).where(eq(checkoutSelections.accountId, accountId));
  await tx
    .update(carts)
    .set({ discountCode: null, revision: sql`${carts.revision} + 1`, updatedAt: now })
    .where(eq(carts.accountId, accountId));
}

async function capturePayPal(paypal: PayPalCapture | undefined, paypalOrderId: string): Promise<void> {
  if (!paypal) throw problems.badRequest('PayPal is not available.');
  const captured = await paypal.captureOrder(paypalOrderId);
  if (captured.status !== 'COMPLETED') throw new HttpProblem(402, 'PayPal declined the payment. Please choose another way to pay.');
}

/**
 * Checkout/Complete (docs/checkout.md 'Placing the order'). Under the cart's row lock: answers the order this
 * submit already made, or, in one transaction, checks stock and credit, writes the order, its lines, the stock
 * it takes per warehouse and (Trading Account) its invoice, captures a PayPal payment last, and empties the cart.
 * Any failure leaves no trace. Answers the order; a new one's stock change is announced to every instance.
 */
export async function placeOrder(deps: PlaceOrderDeps, request: PlaceOrderRequest): Promise<PlacedOrder> {
  const { accountId, userId, impersonatorStaffId } = request.principal;
  const method = request.body.paymentMethod;
  const scope = { db: deps.db, accountId, now: deps.now };
  const priced = await pricingOf(scope);
  const result = await deps.db.transaction(async (tx) => {
    await tx.insert(carts).values({ accountId }).onConflictDoNothing();
    const [cart] = await tx.select({ revision: carts.revision }).from(carts).where(eq(carts.accountId, accountId)).for('update');
    const revision = cart?.revision ?? 0;
    const existing = await orderAlreadyPlaced(tx, accountId, request, revision);
    if (existing) return { order: existing, productIds: [] };

    if (!offeredPaymentMethods(deps.config).includes(method)) throw problems.badRequest('This payment method is not available.');
    const quote = await quoteCheckout(scope, tx, { lockStock: true, priced });
    if (quote.lines.length === 0) throw problems.badRequest('Your cart is empty.');
    refuseShortages(quote);
    if (method === 'Payments.TradingAccount') {
      if (creditLimitReached(await creditPosition(tx, accountId), quote.totals.totalCents)) throw problems.badRequest(CREDIT_LIMIT_REACHED);
    }
    const payPalPayment = method === 'Payments.PayPal' ? await payPalPaymentOf(tx, accountId, request.body.paypalOrderId, quote.totals.totalCents) : null;

    const [order] = await tx
      .insert(orders)
      .values({
        accountId,
        userId,
        impersonatorStaffId,
        cartRevision: revision,
        idempotencyKey: request.idempotencyKey,
        status: STATUS_OF[method],
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
        paidAt: payPalPayment ? deps.now : null,
      })
      .returning(placedColumns);
    if (!order) throw new Error('order not created');
    await insertLines(tx, order.id, quote.lines);
    const productIds = await allocate(tx, order.id, quote);
    await deps.beforeInvoice?.(tx);
    if (method === 'Payments.TradingAccount') await insertInvoice(tx, order.id, quote, deps.now);
    await emptyCart(tx, accountId, deps.now);
    if (productIds.length > 0) await announceCatalogueChange(tx, { kind: 'stock', productIds });
    if (payPalPayment) {
      await tx
        .update(payments)
        .set({ orderId: order.id, status: 'Completed', completedAt: deps.now })
        .where(eq(payments.id, payPalPayment.id));
      // Last, so that nothing after the capture can fail: a declined capture rolls the order back.
      await capturePayPal(deps.paypal, payPalPayment.reference);
    }
    return { order, productIds };
  });
  // This instance's read model is brought in step at once; the others hear the NOTIFY sent on commit.
  if (result.productIds.length > 0) await catalogueOf(deps.db).refreshStock(result.productIds);
  businessMetersOf(deps.db).orderPlaced(method);
  return result.order;
}
