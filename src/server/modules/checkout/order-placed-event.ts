import type { OrderPlacedV2EventData } from '../../../contract/events';
import type { orders } from '../../db/schema';
import { type LineDraft, flattenedLines } from './checkout-quote';

type PlacedOrder = typeof orders.$inferInsert & { readonly id: number };

/** `order.placed`, as the order was stored: its lines in the order the dealer sees them, a wheel's accessories after it. */
export function orderPlacedEvent(order: PlacedOrder, accountCode: string, lines: readonly LineDraft[]) {
  const data: OrderPlacedV2EventData = {
    orderNumber: String(order.id),
    accountCode,
    status: order.status,
    paymentMethod: order.paymentMethodSystemName,
    stockNumber: order.stockNumber ?? null,
    customerOrderNumber: order.customerOrderNumber ?? null,
    deliveryNotes: order.deliveryNotes ?? null,
    shippingMethod: order.shippingMethodName,
    pickupInStore: order.isPickupInStore ?? false,
    deliveryAddress: {
      address1: order.deliveryAddress1,
      city: order.deliveryCity,
      postcode: order.deliveryPostcode,
      state: order.deliveryState,
    },
    lines: flattenedLines(lines).map((line) => ({
      sku: line.sku,
      name: line.name,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      discountCents: line.discountCents,
      lineTotalCents: line.lineTotalCents,
      backOrderQuantity: line.backOrderQuantity,
      backOrderExpectedDate: line.backOrderExpectedDate,
    })),
    subtotalCents: order.subtotalCents,
    discountCents: order.discountCents,
    shippingCents: order.shippingCents,
    taxCents: order.taxCents,
    totalCents: order.totalCents,
  };
  return { type: 'order.placed', subject: `order:${order.id}`, occurredAt: order.placedAt, data } as const;
}
