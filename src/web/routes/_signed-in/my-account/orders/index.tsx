import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { orderHistoryQuery } from '../../../../api/queries/orders';
import { OrderHistoryFilters } from '../../../../components/orders/order-history-filters';
import { orderHistorySearchSchema } from '../../../../components/orders/order-history-search';
import { OrderHistoryTable } from '../../../../components/orders/order-history-table';
import { OfferedTo } from '../../../../components/layout/not-for-your-role';
import { useApi } from '../../../../session/session-context';

export const Route = createFileRoute('/_signed-in/my-account/orders/')({
  validateSearch: orderHistorySearchSchema,
  staticData: { title: 'Orders' },
  component: () => (
    <OfferedTo may="seeOrders" what="Order history">
      <OrdersPage />
    </OfferedTo>
  ),
});

function OrdersPage() {
  const { page = 1, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const filtered = Object.values(filters).some((value) => value !== undefined);
  // The table's own query: the account's users for 'Placed by' come with the page of orders.
  const api = useApi();
  const placers = useQuery(orderHistoryQuery(api, { ...filters, page })).data?.users;
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Orders</h1>
      <OrderHistoryFilters
        key={JSON.stringify(filters)}
        value={filters}
        placers={placers}
        onApply={(next) => void navigate({ search: { ...next, page: undefined } })}
      />
      <OrderHistoryTable
        filters={{ ...filters, page }}
        filtered={filtered}
        onPage={(next) => void navigate({ search: (current) => ({ ...current, page: next }) })}
      />
    </div>
  );
}
