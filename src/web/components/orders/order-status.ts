import type { OrderStatus } from '../../../contract/checkout';
import type { FulfilmentStatus } from '../../../contract/order-fulfilment';

/** An order's status in the words a dealer reads (docs/orders.md). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  Placed: 'Invoiced',
  PendingPayment: 'Awaiting payment',
  Paid: 'Paid',
  PaymentFailed: 'Payment failed',
  Expired: 'Expired unpaid',
  PaidAfterRelease: 'Paid late',
  Refunded: 'Refunded',
};

/** Where the order is after it was placed, as the wholesaler's systems said (docs/orders.md, 'Timeline'). */
export const FULFILMENT_STATUS_LABELS: Readonly<Record<FulfilmentStatus, string>> = {
  Accepted: 'Accepted',
  Picking: 'Being picked',
  BackOrdered: 'Back-ordered',
  PartlyShipped: 'Partly shipped',
  Shipped: 'Shipped',
  Delivered: 'Delivered',
  Cancelled: 'Cancelled',
};
