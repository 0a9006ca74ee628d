import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type OrderHistoryFilters, orderHistoryQuery } from '../../api/queries/orders';
import { formatDate } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { usePresentationMode } from '../checkout/order-presentation-view';
import { PagedTable, pagedHeadClass } from '../layout/paged-table';
import { FULFILMENT_STATUS_LABELS, ORDER_STATUS_LABELS } from './order-status';

const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';

/** One page of the account's orders for the filters, newest first; each order number opens the order. */
export function OrderHistoryTable({
  filters,
  filtered,
  onPage,
}: {
  filters: OrderHistoryFilters;
  filtered: boolean;
  onPage: (page: number) => void;
}) {
  const api = useApi();
  const history = useQuery(orderHistoryQuery(api, filters));
  const mode = usePresentationMode({ priceDisplay: history.data?.priceDisplay ?? 'Hide' });
  return (
    <PagedTable
      result={history}
      what="Your orders"
      loading="Loading your orders…"
      empty={
        <p role="status" className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
          {filtered ? 'No orders match your search.' : 'You have not placed any orders yet.'}
        </p>
      }
      summary={(data) => (
        <p role="status" className="text-sm text-black/70">
          {data.totalCount} {data.totalCount === 1 ? 'order' : 'orders'}
        </p>
      )}
      caption={(data) => `Orders, page ${data.page} of ${data.totalPages}; totals in AUD incl. GST`}
      head={
        <>
          <th scope="col" className={pagedHeadClass}>
            Order
          </th>
          <th scope="col" className={pagedHeadClass}>
            Date
          </th>
          <th scope="col" className={pagedHeadClass}>
            Stock number
          </th>
          <th scope="col" className={pagedHeadClass}>
            Order reference
          </th>
          <th scope="col" className={pagedHeadClass}>
            Invoice
          </th>
          <th scope="col" className={pagedHeadClass}>
            Placed by
          </th>
          <th scope="col" className={pagedHeadClass}>
            Status
          </th>
          {mode === 'Trade' ? (
            <th scope="col" className={`${pagedHeadClass} text-right`}>
              Total
            </th>
          ) : null}
        </>
      }
      rows={(data) =>
        data.orders.map((order) => (
          <tr key={order.id} className="border-t border-black/5">
            <th scope="row" className="px-3 py-2 font-normal">
              <Link
                to="/my-account/orders/$orderId"
                params={{ orderId: String(order.id) }}
                className={linkClass}
                aria-label={`Order ${order.orderNumber}`}
              >
                {order.orderNumber}
              </Link>
              <span className="block text-xs text-black/60">
                {order.lineCount} {order.lineCount === 1 ? 'line' : 'lines'} · {order.paymentMethodName}
              </span>
            </th>
            <td className="px-3 py-2">{formatDate(order.placedAt)}</td>
            <td className="px-3 py-2">{order.stockNumber ?? '—'}</td>
            <td className="px-3 py-2">{order.orderReference ?? '—'}</td>
            <td className="px-3 py-2">
              {order.invoiceNumber ? (
                <Link
                  to="/my-account/invoices"
                  search={{ invoice: order.invoiceNumber }}
                  className={`${linkClass} font-mono`}
                >
                  {order.invoiceNumber}
                </Link>
              ) : (
                '—'
              )}
            </td>
            <td className="px-3 py-2">{order.placedBy?.name ?? '—'}</td>
            <td className="px-3 py-2">
              {ORDER_STATUS_LABELS[order.status]}
              {order.fulfilmentStatus ? (
                <span className="block text-xs text-black/60">{FULFILMENT_STATUS_LABELS[order.fulfilmentStatus]}</span>
              ) : null}
            </td>
            {mode === 'Trade' ? <td className="px-3 py-2 text-right">{order.total?.formatted}</td> : null}
          </tr>
        ))
      }
      onPage={onPage}
    />
  );
}
