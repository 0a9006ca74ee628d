import type { ReactNode } from 'react';
import type { OrderDetails } from '../../../contract/order-history';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import { formatDate } from '../../dates/dates';
import { CheckoutSection } from '../checkout/checkout-section';
import { PresentedTotals } from '../checkout/order-presentation-view';
import { OrderTimeline } from './order-timeline';

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex justify-between gap-4">
      <dt className="text-black/70">{label}</dt>
      <dd className="text-right font-semibold">{value}</dd>
    </div>
  );
}

/**
 * What an order page shows beside its lines, for the customer and for staff alike: the status history, the
 * references and delivery, the totals and the payments. `invoice` is the link to the order's invoice, where the
 * reader has one.
 */
export function OrderPanels({
  order,
  mode,
  invoice,
}: {
  order: OrderDetails;
  mode: PriceDisplayMode;
  invoice: ReactNode;
}) {
  return (
    <>
      <OrderTimeline order={order} />
      <CheckoutSection title="Order details">
        <dl className="space-y-1 text-sm">
          <Detail label="Stock number" value={order.stockNumber ?? '—'} />
          <Detail label="Order reference" value={order.orderReference ?? '—'} />
          <Detail label="Placed by" value={order.placedBy?.name ?? '—'} />
          <Detail label={order.isPickupInStore ? 'Pickup' : 'Delivery'} value={order.shippingMethod} />
          {order.isPickupInStore ? null : (
            <Detail
              label="Deliver to"
              value={`${order.address.address1}, ${order.address.city} ${order.address.state} ${order.address.postcode}`}
            />
          )}
          {order.deliveryNotes ? <Detail label="Delivery notes" value={order.deliveryNotes} /> : null}
        </dl>
        {invoice ? <p className="mt-3 text-sm">{invoice}</p> : null}
      </CheckoutSection>
      <CheckoutSection title="Order summary">
        <PresentedTotals presentation={order.presentation} mode={mode} />
      </CheckoutSection>
      {order.payments.length > 0 ? (
        <CheckoutSection title="Payments">
          <ul className="space-y-1 text-sm">
            {order.payments.map((payment) => (
              <li key={payment.reference} className="flex justify-between gap-2">
                <span>
                  {formatDate(payment.date)} · {payment.method} · {payment.status}
                </span>
                {mode === 'Trade' ? <span className="font-semibold">{payment.amount.formatted}</span> : null}
              </li>
            ))}
          </ul>
        </CheckoutSection>
      ) : null}
    </>
  );
}
