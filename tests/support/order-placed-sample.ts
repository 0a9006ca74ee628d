import type { OrderPlacedV2EventData } from '../../src/contract/events';

/** The body of an order.placed event for a one-line trading-account order, for tests that write events themselves. */
export function orderPlacedSample(orderNumber: string, stockNumber: string | null = null): OrderPlacedV2EventData {
  return {
    orderNumber,
    accountCode: 'C10001',
    status: 'Placed',
    paymentMethod: 'Payments.TradingAccount',
    stockNumber,
    customerOrderNumber: null,
    deliveryNotes: null,
    shippingMethod: 'Standard',
    pickupInStore: false,
    deliveryAddress: { address1: '1 Trade St', city: 'Melbourne', postcode: '3000', state: 'VIC' },
    lines: [
      {
        sku: 'T1',
        name: 'Tyre',
        quantity: 1,
        unitPriceCents: 10_000,
        discountCents: 0,
        lineTotalCents: 10_000,
        backOrderQuantity: 0,
        backOrderExpectedDate: null,
      },
    ],
    subtotalCents: 10_000,
    discountCents: 0,
    shippingCents: 0,
    taxCents: 1_000,
    totalCents: 11_000,
  };
}
