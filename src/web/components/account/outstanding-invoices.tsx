import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { InvoiceSummary } from '../../../contract/account';
import { outstandingInvoicesQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { formatAud } from '../../../domain/money';
import { clientTime } from '../../dates/dates';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';
import { RedirectForm } from '../payment/redirect-form';
import { FormError, primaryButtonClass } from '../session/form-field';
import { formatDate } from '../../dates/dates';
import { InvoiceStandingCells } from './invoice-status-badge';

/** What the chosen invoices still owe, in cents. */
export function selectionTotalCents(invoices: readonly InvoiceSummary[], chosen: ReadonlySet<number>): number {
  return invoices.reduce((total, invoice) => (chosen.has(invoice.id) ? total + invoice.outstandingValue : total), 0);
}

function PayablePicker({ invoices }: { invoices: InvoiceSummary[] }) {
  const api = useApi();
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  const pay = useMutation({
    mutationFn: (ids: number[]) => api.call('paymentInvoice', { query: { id: ids.join(','), ...clientTime() } }),
  });
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = chosen.size === invoices.length;
  const total = selectionTotalCents(invoices, chosen);
  const leaving = pay.isPending || pay.isSuccess;
  return (
    <div className="space-y-4">
      <div className="overflow-x-auto rounded-lg border border-black/10 bg-white shadow-sm">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Outstanding invoices; choose the ones to pay</caption>
          <thead className="bg-panel">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <input
                  type="checkbox"
                  aria-label="Choose every outstanding invoice"
                  className="h-4 w-4 accent-brand"
                  checked={allChosen}
                  onChange={(event) =>
                    setChosen(event.target.checked ? new Set(invoices.map((invoice) => invoice.id)) : new Set())
                  }
                />
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Invoice
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Due date
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Amount
              </th>
              <th scope="col" className="px-3 py-2 text-right font-semibold">
                Outstanding
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {invoices.map((invoice) => (
              <tr key={invoice.id} className="border-t border-black/5">
                <td className="px-3 py-2">
                  <input
                    type="checkbox"
                    aria-label={`Pay invoice ${invoice.invoiceNumber}`}
                    className="h-4 w-4 accent-brand"
                    checked={chosen.has(invoice.id)}
                    onChange={(event) => toggle(invoice.id, event.target.checked)}
                  />
                </td>
                <th scope="row" className="px-3 py-2 font-mono font-semibold">
                  {invoice.invoiceNumber}
                </th>
                <td className="px-3 py-2">{formatDate(invoice.dueDate)}</td>
                <InvoiceStandingCells invoice={invoice} />
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-4 rounded-lg border border-black/10 bg-panel p-4">
        <p className="text-sm" aria-live="polite">
          {chosen.size === 0
            ? 'No invoices chosen'
            : `${chosen.size} ${chosen.size === 1 ? 'invoice' : 'invoices'} chosen`}{' '}
          · Total{' '}
          <span className="text-lg font-extrabold text-ink" data-testid="selection-total">
            {formatAud(total)}
          </span>
        </p>
        <button
          type="button"
          className={`${primaryButtonClass} sm:w-auto`}
          disabled={chosen.size === 0 || leaving}
          aria-busy={leaving || undefined}
          onClick={() => pay.mutate([...chosen])}
        >
          {leaving ? 'Opening the payment page…' : 'Pay selected'}
        </button>
      </div>
      <FormError message={pay.error ? `The payment could not be started: ${pay.error.message}` : null} />
      <p className="text-xs text-black/60">
        You pay by card on our payment provider's page and come back here afterwards.
      </p>
      {pay.data ? <RedirectForm redirect={pay.data} /> : null}
    </div>
  );
}

/** The invoices that still owe something, to choose and pay by card in one payment. */
export function OutstandingInvoices() {
  const api = useApi();
  const outstanding = useQuery(outstandingInvoicesQuery(api));
  return (
    <section aria-labelledby="outstanding-heading" className="space-y-3">
      <h2 id="outstanding-heading" className="text-lg font-bold text-ink">
        Outstanding invoices
      </h2>
      {outstanding.error ? <LoadError error={outstanding.error} what="Your outstanding invoices" /> : null}
      {outstanding.data === undefined ? (
        outstanding.error ? null : (
          <Spinner label="Loading your outstanding invoices…" />
        )
      ) : outstanding.data.length === 0 ? (
        <p className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
          Nothing is outstanding. Thank you!
        </p>
      ) : (
        // A new list (after a payment) starts a new choice.
        <PayablePicker key={outstanding.data.map((invoice) => invoice.id).join()} invoices={outstanding.data} />
      )}
    </section>
  );
}
