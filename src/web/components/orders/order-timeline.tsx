import type { OrderDetails } from '../../../contract/order-history';
import { formatCalendarDay, formatDate } from '../../dates/dates';
import { CheckoutSection } from '../checkout/checkout-section';
import { FULFILMENT_STATUS_LABELS } from './order-status';

const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';

function TrackingLink({ url, consignment }: { url: string; consignment: string | null }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={linkClass}>
      Track {consignment ?? 'shipment'}
    </a>
  );
}

/** Where the order is since it was placed: each status the wholesaler sent, oldest first, with its details. */
export function OrderTimeline({ order }: { order: OrderDetails }) {
  if (order.timeline.length === 0) return null;
  return (
    <CheckoutSection title="Delivery progress">
      <ol className="space-y-2 text-sm" aria-label="Order timeline">
        {order.timeline.map((entry, index) => (
          <li key={index}>
            <span className="font-semibold">{FULFILMENT_STATUS_LABELS[entry.status]}</span>{' '}
            <span className="text-black/70">{formatDate(entry.occurredAt)}</span>
            {entry.carrier ? (
              <span className="block">
                {entry.carrier}
                {entry.consignment ? ` · ${entry.consignment}` : ''}
              </span>
            ) : null}
            {entry.trackingUrl ? (
              <span className="block">
                <TrackingLink url={entry.trackingUrl} consignment={entry.consignment} />
              </span>
            ) : null}
            {entry.lines ? (
              <span className="block text-black/70">
                {entry.lines.map((line) => `${line.quantity} × ${line.sku}`).join(', ')}
              </span>
            ) : null}
            {entry.expectedDate ? (
              <span className="block">Expected {formatCalendarDay(entry.expectedDate)}</span>
            ) : null}
            {entry.reason ? <span className="block">Reason: {entry.reason}</span> : null}
          </li>
        ))}
      </ol>
    </CheckoutSection>
  );
}
