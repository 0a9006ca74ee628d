import { and, asc, eq } from 'drizzle-orm';
import type { OrderSummary } from '../../../contract/checkout';
import type { Database } from '../../db/client';
import { accounts, invoices, orderLines, orders } from '../../db/schema';
import { problems } from '../../http/problem';
import { money } from '../../../domain/money';
import { orderTotalsAnswer } from './order-totals';
import { placedOrderPresentation } from './placed-order-presentation';
import { paymentMethodName } from './payment-methods';

/** Checkout/Success: one of the account's orders as placed; another account's order is not found. */
export async function orderSummary(db: Database, accountId: number, orderId: number): Promise<OrderSummary> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  if (!order) throw problems.notFound('Order not found.');
  const [lines, [invoice], [account]] = await Promise.all([
    db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(asc(orderLines.id)),
    db
      .select({ invoiceNumber: invoices.invoiceNumber, dueAt: invoices.dueAt })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
    db.select({ priceDisplay: accounts.priceDisplay }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  const { presentation } = await placedOrderPresentation(db, order, account?.priceDisplay ?? 'Hide');
  return {
    orderId: order.id,
    placedAt: order.placedAt.toISOString(),
    status: order.status,
    paymentMethod: paymentMethodName(order.paymentMethodSystemName),
    stockNumber: order.stockNumber,
    orderNumber: order.customerOrderNumber,
    deliveryNotes: order.deliveryNotes,
    shippingMethod: order.shippingMethodName,
    address: {
      address1: order.deliveryAddress1,
      city: order.deliveryCity,
      zipPostalCode: order.deliveryPostcode,
      state: order.deliveryState,
    },
    lines: lines.map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPrice: money(line.unitPriceCents),
      lineTotal: money(line.lineTotalCents),
      vehicle: line.vehicleDescription,
      isAccessory: line.parentLineId !== null,
    })),
    orderTotals: orderTotalsAnswer({
      subtotalCents: order.subtotalCents,
      discountCents: order.discountCents,
      shippingCents: order.shippingCents,
      taxCents: order.taxCents,
      totalCents: order.totalCents,
    }),
    presentation,
    invoiceNumber: invoice?.invoiceNumber ?? null,
    invoiceDueAt: invoice?.dueAt.toISOString() ?? null,
  };
}
