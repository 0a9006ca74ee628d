import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import type { StaffOrder } from '../../../../contract/staff-orders';
import { staffOrderQuery } from '../../../api/queries/staff';
import { CheckoutSection } from '../../../components/checkout/checkout-section';
import { LoadError } from '../../../components/layout/load-error';
import { Spinner } from '../../../components/layout/spinner';
import { PriceCells } from '../../../components/orders/order-page';
import { OrderPanels } from '../../../components/orders/order-panels';
import { ORDER_STATUS_LABELS } from '../../../components/orders/order-status';
import { formatDate } from '../../../dates/dates';
import { useApi } from '../../../session/session-context';
import { AuditEntries } from '../../../components/back-office/audit-table';

export const Route = createFileRoute('/staff/_back-office/orders/$orderId')({
  staticData: { title: 'Order', crumb: 'Order' },
  component: OrderRoute,
});

const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';

function OrderRoute() {
  const { orderId } = Route.useParams();
  const id = Number(orderId);
  if (!Number.isSafeInteger(id) || id < 1) {
    return <p role="alert">That is not an order number.</p>;
  }
  return <StaffOrderPage orderId={id} />;
}

function StaffOrderPage({ orderId }: { orderId: number }) {
  const api = useApi();
  const order = useQuery(staffOrderQuery(api, orderId));
  if (order.error) return <LoadError error={order.error} what={`Order ${orderId}`} />;
  if (!order.data) return <Spinner label="Loading the order…" />;
  return <LoadedOrder order={order.data} />;
}

/** /staff/orders/$orderId: the order as its customer sees it, at trade prices, with whose it is. */
function LoadedOrder({ order }: { order: StaffOrder }) {
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h2 className="text-xl font-bold">Order {order.orderNumber}</h2>
        <p className="text-sm text-black/70">
          <Link to="/staff/accounts/$accountCode" params={{ accountCode: order.accountCode }} className={linkClass}>
            {order.accountName} ({order.accountCode})
          </Link>{' '}
          · placed {formatDate(order.placedAt)} · {ORDER_STATUS_LABELS[order.status]} · {order.paymentMethodName}
          {order.invoiceNumber ? ` · invoice ${order.invoiceNumber}` : ''}
        </p>
      </header>
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <CheckoutSection title="Items">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Order lines, prices excl. GST</caption>
            <thead>
              <tr className="border-b border-black/10">
                <th scope="col" className="py-2 font-semibold">
                  Item
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Quantity
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Unit price
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {order.presentation.lines.flatMap((line) => [
                <tr key={line.id} className="border-b border-black/5 align-top">
                  <th scope="row" className="py-2 font-normal">
                    <span className="block font-semibold">{line.name}</span>
                    <span className="block text-xs text-black/60">SKU {line.sku}</span>
                    {line.vehicle ? <span className="block text-xs">Vehicle: {line.vehicle}</span> : null}
                  </th>
                  <td className="py-2 text-right">{line.quantity}</td>
                  <PriceCells row={line} mode="Trade" />
                </tr>,
                ...line.accessories.map((accessory) => (
                  <tr key={`${line.id}-${accessory.sku}`} className="border-b border-black/5 align-top text-black/80">
                    <th scope="row" className="py-1 pl-4 font-normal">
                      <span className="block">
                        <span className="sr-only">Accessory of {line.name}: </span>
                        {accessory.name}
                      </span>
                      <span className="block text-xs text-black/60">SKU {accessory.sku}</span>
                    </th>
                    <td className="py-1 text-right">{accessory.quantity}</td>
                    <PriceCells row={accessory} mode="Trade" />
                  </tr>
                )),
              ])}
            </tbody>
          </table>
        </CheckoutSection>
        <div className="space-y-4">
          <OrderPanels order={order} mode="Trade" invoice={null} />
        </div>
      </div>
      <section aria-labelledby="order-audit" className="space-y-3">
        <h2 id="order-audit" className="text-lg font-semibold">
          Changes by staff
        </h2>
        <AuditEntries entries={order.audit} label="Staff changes to this order" />
      </section>
    </div>
  );
}
