import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { type StaffOrderFilters, staffOrdersQuery } from '../../../api/queries/staff';
import { PagedTable, pagedHeadClass } from '../../../components/layout/paged-table';
import { OrderHistoryFilters } from '../../../components/orders/order-history-filters';
import { orderHistorySearchSchema } from '../../../components/orders/order-history-search';
import { ORDER_STATUS_LABELS } from '../../../components/orders/order-status';
import { formatDate } from '../../../dates/dates';
import { useApi } from '../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/orders/')({
  validateSearch: orderHistorySearchSchema,
  staticData: { title: 'Orders', crumb: 'Orders' },
  component: OrdersPage,
});

const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';

/** /staff/orders: every account's orders, searched and filtered through the URL, newest first. */
function OrdersPage() {
  const { page = 1, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="space-y-4">
      <OrderHistoryFilters
        key={JSON.stringify(filters)}
        value={filters}
        label="Find orders"
        placeholder="Order number, stock number, reference, account code or name, SKU"
        onApply={(next) => void navigate({ search: { ...next, page: undefined } })}
      />
      <StaffOrdersTable
        filters={{ ...filters, page }}
        filtered={filtered}
        onPage={(next) => void navigate({ search: (current) => ({ ...current, page: next }) })}
      />
    </div>
  );
}

function StaffOrdersTable({
  filters,
  filtered,
  onPage,
}: {
  filters: StaffOrderFilters;
  filtered: boolean;
  onPage: (page: number) => void;
}) {
  const api = useApi();
  const orders = useQuery(staffOrdersQuery(api, filters));
  return (
    <PagedTable
      result={orders}
      what="The orders"
      loading="Loading orders…"
      empty={
        <p role="status" className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
          {filtered ? 'No order matches the search.' : 'No orders have been placed yet.'}
        </p>
      }
      summary={(data) => (
        <p role="status" className="text-sm text-black/70">
          {data.totalCount} {data.totalCount === 1 ? 'order' : 'orders'}
        </p>
      )}
      caption={(data) => `Orders found, page ${data.page} of ${data.totalPages}; totals in AUD incl. GST`}
      head={
        <>
          <th scope="col" className={pagedHeadClass}>
            Order
          </th>
          <th scope="col" className={pagedHeadClass}>
            Account
          </th>
          <th scope="col" className={pagedHeadClass}>
            Placed
          </th>
          <th scope="col" className={pagedHeadClass}>
            Stock number
          </th>
          <th scope="col" className={pagedHeadClass}>
            Status
          </th>
          <th scope="col" className={`${pagedHeadClass} text-right`}>
            Total
          </th>
        </>
      }
      rows={(data) =>
        data.orders.map((order) => (
          <tr key={order.id} className="border-t border-black/5">
            <th scope="row" className="px-3 py-2 font-normal">
              <Link
                to="/staff/orders/$orderId"
                params={{ orderId: String(order.id) }}
                className={linkClass}
                aria-label={`Order ${order.orderNumber}`}
              >
                {order.orderNumber}
              </Link>
              <span className="block text-xs text-black/60">{order.paymentMethodName}</span>
            </th>
            <td className="px-3 py-2">
              <span className="font-mono">{order.accountCode}</span>
              <span className="block text-xs text-black/60">{order.accountName}</span>
            </td>
            <td className="px-3 py-2">{formatDate(order.placedAt)}</td>
            <td className="px-3 py-2">{order.stockNumber ?? '—'}</td>
            <td className="px-3 py-2">{ORDER_STATUS_LABELS[order.status]}</td>
            <td className="px-3 py-2 text-right">{order.total.formatted}</td>
          </tr>
        ))
      }
      onPage={onPage}
    />
  );
}
