import { type SQL, and, asc, count, desc, eq, exists, gte, ilike, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import type {
  AccountOrderEntry,
  OrderDetails,
  OrderHistoryEntry,
  OrderHistoryPage,
  OrderPayment,
} from '../../../contract/order-history';
import type { OrderStatus } from '../../../contract/checkout';
import type { OrderTimelineEntry } from '../../../contract/order-fulfilment';
import { DATABASE_ID_MAX } from '../../../contract/ids';
import type { Database } from '../../db/client';
import {
  accounts,
  invoices,
  orderLines,
  orderStatusChanges,
  orders,
  paymentInvoices,
  payments,
  users,
} from '../../db/schema';
import { problems } from '../../http/problem';
import { money } from '../../../domain/money';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { paymentMethodName } from '../checkout/payment-methods';
import { backOrderedLinesOf, placedOrderPresentation } from '../checkout/placed-order-presentation';
import { shopDayRange } from '../../dates';
import { likePattern } from '../../db/like-pattern';

type OrderRow = typeof orders.$inferSelect;

/** The order number is the order's id: a search of digits alone may name it exactly. */
function orderNumberOf(search: string): number | null {
  if (!/^\d{1,10}$/.test(search)) return null;
  const id = Number(search);
  return id >= 1 && id <= DATABASE_ID_MAX ? id : null;
}

/** What Order/History's `search` matches: the customer's references, the order and invoice numbers, a line's SKU or name. */
export function searchCondition(search: string) {
  const pattern = likePattern(search);
  const id = orderNumberOf(search);
  return or(
    ilike(orders.stockNumber, pattern),
    ilike(orders.customerOrderNumber, pattern),
    id === null ? undefined : eq(orders.id, id),
    exists(
      sql`(select 1 from ${invoices} where ${invoices.orderId} = ${orders.id} and ${invoices.invoiceNumber} ilike ${pattern})`,
    ),
    exists(
      sql`(select 1 from ${orderLines} where ${orderLines.orderId} = ${orders.id} and (${orderLines.sku} ilike ${pattern} or ${orderLines.name} ilike ${pattern}))`,
    ),
  );
}

/** `placerName` is the name of the order's user (orders.user_id), null when there is none. */
export function entryOf(
  order: OrderRow,
  lineCount: number,
  invoiceNumber: string | null,
  placerName: string | null,
): OrderHistoryEntry {
  return {
    id: order.id,
    orderNumber: String(order.id),
    placedAt: order.placedAt.toISOString(),
    stockNumber: order.stockNumber,
    orderReference: order.customerOrderNumber,
    status: order.status,
    paymentMethod: order.paymentMethodSystemName,
    paymentMethodName: paymentMethodName(order.paymentMethodSystemName),
    total: money(order.totalCents),
    lineCount,
    invoiceNumber,
    fulfilmentStatus: order.fulfilmentStatus,
    placedBy: order.userId === null || placerName === null ? null : { id: order.userId, name: placerName },
  };
}

/** An order's total is what the account was charged, a trade figure: only an account that shows trade gets it. */
export function entryAsShown(entry: OrderHistoryEntry, priceDisplay: PriceDisplayMode): AccountOrderEntry {
  return priceDisplay === 'Trade' ? entry : { ...entry, total: null };
}

export async function lineCounts(db: Database, orderIds: readonly number[]): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: orderLines.orderId, lines: count() })
    .from(orderLines)
    .where(and(inArray(orderLines.orderId, [...orderIds]), isNull(orderLines.parentLineId)))
    .groupBy(orderLines.orderId);
  return new Map(rows.map((row) => [row.orderId, row.lines]));
}

/** What an order search names: Melbourne days, a status, a search text and who placed it, each optional. */
export interface OrderFilter {
  search?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  status?: OrderStatus | undefined;
  placedBy?: number | undefined;
}

/** The orders placed on those days, with that status, that `matches` the search (Order/History's match by default). */
export function orderFilterCondition(
  filter: OrderFilter,
  matches: (search: string) => SQL | undefined = searchCondition,
): SQL | undefined {
  const { start, end } = shopDayRange(filter.from, filter.to);
  return and(
    start ? gte(orders.placedAt, start) : undefined,
    end ? lt(orders.placedAt, end) : undefined,
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.placedBy ? eq(orders.userId, filter.placedBy) : undefined,
    filter.search ? matches(filter.search) : undefined,
  );
}

/** GET Order/History: the account's orders, newest first, one page. */
export async function orderHistory(
  db: Database,
  accountId: number,
  query: OrderFilter & { page: number; pageSize: number },
): Promise<OrderHistoryPage> {
  const shown = and(eq(orders.accountId, accountId), orderFilterCondition(query));
  const [rows, [total], [account], accountUsers] = await Promise.all([
    db
      .select({ order: orders, invoiceNumber: invoices.invoiceNumber, placerName: users.name })
      .from(orders)
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(shown)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ totalCount: count() }).from(orders).where(shown),
    db.select({ priceDisplay: accounts.priceDisplay }).from(accounts).where(eq(accounts.id, accountId)),
    db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(eq(users.accountId, accountId))
      .orderBy(asc(users.name), asc(users.id)),
  ]);
  const counts = await lineCounts(
    db,
    rows.map((row) => row.order.id),
  );
  const totalCount = total?.totalCount ?? 0;
  const priceDisplay = account?.priceDisplay ?? 'Hide';
  return {
    orders: rows.map((row) =>
      entryAsShown(entryOf(row.order, counts.get(row.order.id) ?? 0, row.invoiceNumber, row.placerName), priceDisplay),
    ),
    totalCount,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(totalCount / query.pageSize),
    priceDisplay,
    users: accountUsers,
  };
}

/** The account's order; any other account's is as unknown as an id never issued (404). */
export async function findAccountOrder(db: Database, accountId: number, orderId: number): Promise<OrderRow> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  if (!order) throw problems.notFound(`There is no order ${orderId} on your account.`);
  return order;
}

/** Payments of the order itself (card, PayPal) and of its invoice (a trading-account order paid later). */
async function paymentsOf(db: Database, order: OrderRow, invoiceId: number | null): Promise<OrderPayment[]> {
  const forInvoice =
    invoiceId === null
      ? []
      : await db
          .select({ payment: payments, amountCents: paymentInvoices.amountCents })
          .from(paymentInvoices)
          .innerJoin(payments, eq(payments.id, paymentInvoices.paymentId))
          .where(eq(paymentInvoices.invoiceId, invoiceId));
  const forOrder = await db
    .select()
    .from(payments)
    .where(eq(payments.orderId, order.id))
    .orderBy(asc(payments.createdAt));
  return [...forOrder.map((payment) => ({ payment, amountCents: payment.amountCents })), ...forInvoice]
    .sort((a, b) => a.payment.createdAt.getTime() - b.payment.createdAt.getTime())
    .map(({ payment, amountCents }) => ({
      date: (payment.completedAt ?? payment.createdAt).toISOString(),
      amount: money(amountCents),
      method: paymentMethodName(payment.method),
      reference: payment.reference,
      status: payment.status,
    }));
}

/** Every status the wholesaler's systems sent for the order, oldest first. */
async function timelineOf(db: Database, orderId: number): Promise<OrderTimelineEntry[]> {
  const rows = await db
    .select()
    .from(orderStatusChanges)
    .where(eq(orderStatusChanges.orderId, orderId))
    .orderBy(asc(orderStatusChanges.id));
  return rows.map((row) => ({
    status: row.status,
    occurredAt: row.occurredAt.toISOString(),
    carrier: row.carrier,
    consignment: row.consignment,
    trackingUrl: row.trackingUrl,
    expectedDate: row.expectedDate,
    reason: row.reason,
    lines: row.lines,
  }));
}

/** GET Order/Details: the order as placed, presented as the success page and its invoice show it. */
export async function orderDetails(
  db: Database,
  catalogue: CatalogueReadModel,
  accountId: number,
  orderId: number,
): Promise<OrderDetails> {
  const order = await findAccountOrder(db, accountId, orderId);
  const [account] = await db
    .select({ priceDisplay: accounts.priceDisplay })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  return presentOrderDetails(db, catalogue, order, account?.priceDisplay ?? 'Hide');
}

/** The order with its lines priced as `priceDisplay` allows, payments, delivery and status history. */
export async function presentOrderDetails(
  db: Database,
  catalogue: CatalogueReadModel,
  order: OrderRow,
  priceDisplay: PriceDisplayMode,
): Promise<OrderDetails> {
  const [[invoice], counts, [placer]] = await Promise.all([
    db
      .select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
    lineCounts(db, [order.id]),
    order.userId === null ? [] : db.select({ name: users.name }).from(users).where(eq(users.id, order.userId)),
  ]);
  const [{ presentation }, paid, timeline, backOrders] = await Promise.all([
    placedOrderPresentation(db, catalogue, order, priceDisplay),
    paymentsOf(db, order, invoice?.id ?? null),
    timelineOf(db, order.id),
    backOrderedLinesOf(db, order.id),
  ]);
  return {
    ...entryOf(order, counts.get(order.id) ?? 0, invoice?.invoiceNumber ?? null, placer?.name ?? null),
    deliveryNotes: order.deliveryNotes,
    shippingMethod: order.shippingMethodName,
    isPickupInStore: order.isPickupInStore,
    address: {
      address1: order.deliveryAddress1,
      city: order.deliveryCity,
      postcode: order.deliveryPostcode,
      state: order.deliveryState,
    },
    presentation,
    payments: paid,
    trackingUrl: timeline.findLast((entry) => entry.trackingUrl !== null)?.trackingUrl ?? null,
    timeline,
    backOrders,
  };
}
