import type { OrderStatus } from '../../../contract/checkout';

/** An order's status in the words a dealer reads (docs/orders.md). */
export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  Placed: 'Invoiced',
  PendingPayment: 'Awaiting payment',
  Paid: 'Paid',
  PaymentFailed: 'Payment failed',
  Expired: 'Expired unpaid',
  PaidAfterRelease: 'Paid late',
};
