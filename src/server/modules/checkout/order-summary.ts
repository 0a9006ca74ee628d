import { and, eq } from 'drizzle-orm';
import type { OrderSummary } from '../../../contract/checkout';
import type { Database } from '../../db/client';
import { accounts, invoices, orders } from '../../db/schema';
import { problems } from '../../http/problem';
import type { OrderPresentation, PresentedRow } from '../../../contract/order-presentation';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { orderTotalsAnswer } from './order-totals';
import { discountAsLine } from './order-presentation';
import { backOrderedLinesOf, placedOrderPresentation } from './placed-order-presentation';
import { paymentMethodName } from './payment-methods';

/**
 * The order's flat lines, read off its presentation: each row at quantity × unit price (accessories after their
 * wheel), then the discount as a line of its own, so they add up to orderTotals.subTotal and presentation.subtotal.
 */
function linesOf(presentation: OrderPresentation): OrderSummary['lines'] {
  const row = (entry: PresentedRow, vehicle: string | null, isAccessory: boolean): OrderSummary['lines'][number] => ({
    sku: entry.sku,
    name: entry.name,
    quantity: entry.quantity,
    unitPrice: entry.unitPrice,
    lineTotal: entry.amount,
    vehicle,
    isAccessory,
    isDiscount: false,
  });
  const discount = discountAsLine(presentation);
  return [
    ...presentation.lines.flatMap((line) => [
      row(line, line.vehicle, false),
      ...line.accessories.map((accessory) => row(accessory, null, true)),
    ]),
    ...(discount === null
      ? []
      : [
          {
            sku: '',
            name: discount.label,
            quantity: 1,
            unitPrice: discount.amount,
            lineTotal: discount.amount,
            vehicle: null,
            isAccessory: false,
            isDiscount: true,
          },
        ]),
  ];
}

/** Checkout/Success: one of the account's orders as placed; another account's order is not found. */
export async function orderSummary(
  db: Database,
  catalogue: CatalogueReadModel,
  accountId: number,
  orderId: number,
): Promise<OrderSummary> {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.accountId, accountId)));
  if (!order) throw problems.notFound('Order not found.');
  const [[invoice], [account]] = await Promise.all([
    db
      .select({ invoiceNumber: invoices.invoiceNumber, dueAt: invoices.dueAt })
      .from(invoices)
      .where(eq(invoices.orderId, order.id)),
    db.select({ priceDisplay: accounts.priceDisplay }).from(accounts).where(eq(accounts.id, accountId)),
  ]);
  const { presentation } = await placedOrderPresentation(db, catalogue, order, account?.priceDisplay ?? 'Hide');
  const backOrders = await backOrderedLinesOf(db, order.id);
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
    lines: linesOf(presentation),
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
    backOrders,
  };
}
