import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../../api/api-error';
import { paidAfterReleaseQuery } from '../../api/queries/staff';
import { formatDate } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { FormError } from './form-field';

/**
 * Staff/PaidAfterRelease: card or PayPal payments that came back captured after their order had given its stock back
 * (docs/checkout.md 'Reservation and release'). Money was taken for stock no longer held, so staff confirm the stock
 * with the customer or refund; the list is empty while nothing waits.
 */
export function PaidAfterRelease() {
  const api = useApi();
  const orders = useQuery(paidAfterReleaseQuery(api));

  return (
    <section aria-labelledby="paid-after-release" className="space-y-2">
      <h2 id="paid-after-release" className="text-lg font-semibold">
        Paid after the stock was released
      </h2>
      {orders.isPending ? (
        <p role="status" className="text-sm text-black/60">
          Loading payments…
        </p>
      ) : orders.isError ? (
        <FormError message={errorMessage(orders.error)} />
      ) : orders.data.length === 0 ? (
        <p className="text-sm text-black/70">No payment is waiting for a decision.</p>
      ) : (
        <>
          <p className="max-w-prose text-sm text-black/70">
            These customers paid after their order's reservation lapsed. Confirm the stock with them, or refund the
            payment.
          </p>
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Payments after release">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/60">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Order
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Account
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Paid by
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Reference
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Stock released
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Paid
                  </th>
                  <th scope="col" className="py-2 text-right">
                    Total
                  </th>
                </tr>
              </thead>
              <tbody>
                {orders.data.map((order) => (
                  <tr key={order.orderId} className="border-b border-black/5">
                    <td className="py-2 pr-4">{order.orderId}</td>
                    <td className="py-2 pr-4">
                      {order.accountName} ({order.accountCode})
                    </td>
                    <td className="py-2 pr-4">{order.paymentMethod}</td>
                    <td className="py-2 pr-4">{order.paymentReference ?? '—'}</td>
                    <td className="py-2 pr-4">{order.stockReleasedAt ? formatDate(order.stockReleasedAt) : '—'}</td>
                    <td className="py-2 pr-4">{order.paidAt ? formatDate(order.paidAt) : '—'}</td>
                    <td className="py-2 text-right tabular-nums">{order.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
