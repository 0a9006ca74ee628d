import { AskAgain } from '../forms/ask-again';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { PaidAfterRelease as PaidOrder, PaidAfterReleaseConfirmed } from '../../../contract/staff';
import { errorMessage } from '../../api/api-error';
import { paidAfterReleaseQuery } from '../../api/queries/staff';
import { formatDate } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { smallButtonClass } from '../forms/form-controls';
import { FormError } from './form-field';

/** What staff read once an order is confirmed: every unit held again, or what no warehouse had. */
function confirmedText({ orderId, shortfalls }: PaidAfterReleaseConfirmed): string {
  if (shortfalls.length === 0) return `Order ${orderId} is confirmed and all its stock is reserved again.`;
  const missing = shortfalls.map(
    (line) => `${line.wanted - line.reserved} of ${line.wanted} × ${line.name} (${line.sku})`,
  );
  return `Order ${orderId} is confirmed, but no warehouse holds ${missing.join('; ')}: tell the customer what is back-ordered.`;
}

/**
 * An order's two decisions. Confirming is sent at once (it takes stock, nothing leaves the shop); a refund gives the
 * money back through the provider and cannot be undone, so it is asked again in the row first.
 */
function PaidOrderActions({ order, onDone }: { order: PaidOrder; onDone: (message: string) => Promise<void> }) {
  const api = useApi();
  const [asking, setAsking] = useState(false);
  const confirm = useMutation({
    mutationFn: () => api.call('staffPaidAfterReleaseConfirm', { body: { orderId: order.orderId } }),
    onSuccess: (confirmed) => onDone(confirmedText(confirmed)),
  });
  const refund = useMutation({
    mutationFn: () => api.call('staffPaidAfterReleaseRefund', { body: { orderId: order.orderId } }),
    onSuccess: (refunded) =>
      onDone(`Order ${refunded.orderId} is refunded, ${order.total} (refund ${refunded.refundReference}).`),
  });
  const failed = confirm.error ?? refund.error;
  return (
    <div className="space-y-2">
      {failed ? <FormError message={errorMessage(failed)} /> : null}
      {asking ? (
        <AskAgain
          question={`Refund ${order.total} to ${order.accountName} through ${order.paymentMethod}? It cannot be undone.`}
          yes="Yes, refund"
          yesLabel={`Yes, refund order ${order.orderId}`}
          busyText="Refunding…"
          busy={refund.isPending}
          onYes={() => refund.mutate()}
          onCancel={() => setAsking(false)}
        />
      ) : (
        <div className="flex gap-2">
          <button
            type="button"
            disabled={confirm.isPending}
            onClick={() => confirm.mutate()}
            aria-label={`Confirm order ${order.orderId}`}
            className={smallButtonClass}
          >
            {confirm.isPending ? 'Confirming…' : 'Confirm the order'}
          </button>
          <button
            type="button"
            onClick={() => setAsking(true)}
            aria-label={`Refund order ${order.orderId}`}
            className={smallButtonClass}
          >
            Refund
          </button>
        </div>
      )}
    </div>
  );
}

/**
 * Staff/PaidAfterRelease: card or PayPal payments that came back captured after their order had given its stock back
 * (docs/checkout.md 'Reservation and release'). Money was taken for stock no longer held, so staff confirm the order
 * (its stock taken again where it can be) or refund it; the list is empty while nothing waits.
 */
export function PaidAfterRelease() {
  const api = useApi();
  const queryClient = useQueryClient();
  const orders = useQuery(paidAfterReleaseQuery(api));
  const [done, setDone] = useState<string | null>(null);
  const decided = async (message: string) => {
    setDone(message);
    await queryClient.invalidateQueries({ queryKey: paidAfterReleaseQuery(api).queryKey });
  };

  return (
    <section aria-labelledby="paid-after-release" className="space-y-2">
      <h2 id="paid-after-release" className="text-lg font-semibold">
        Paid after the stock was released
      </h2>
      {done ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {done}
        </p>
      ) : null}
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
            These customers paid after their order's reservation lapsed. Confirm the order, which reserves its stock
            again where it can, or refund the payment.
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
                  <th scope="col" className="py-2 pr-4 text-right">
                    Total
                  </th>
                  <th scope="col" className="py-2">
                    Decision
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
                    <td className="py-2 pr-4 text-right tabular-nums">{order.total}</td>
                    <td className="py-2">
                      <PaidOrderActions order={order} onDone={decided} />
                    </td>
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
