import { useMutation, useQuery } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import type { InvoiceDetails } from '../../../contract/account';
import { invoiceDetailsQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { secondaryButtonClass } from '../forms/form-controls';
import { CloseIcon } from '../layout/icons';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';
import { FormError } from '../session/form-field';
import { formatDate } from '../../dates/dates';
import { downloadInvoicePdf } from './invoice-pdf';
import { BackOrderedLines } from '../orders/back-ordered-lines';
import { InvoiceStatusBadge } from './invoice-status-badge';
import { PresentedLinesTable, PresentedTotals } from '../checkout/order-presentation-view';

function TotalRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-4 ${strong ? 'border-t border-black/10 pt-1 font-bold text-ink' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function InvoiceBody({ invoice }: { invoice: InvoiceDetails }) {
  return (
    <div className="space-y-5 text-sm">
      <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="font-semibold">Date</dt>
          <dd>{formatDate(invoice.date)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold">Due</dt>
          <dd>{formatDate(invoice.dueDate)}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold">Account</dt>
          <dd>
            {invoice.accountCode} · {invoice.accountName}
          </dd>
        </div>
        <div className="flex gap-2">
          <dt className="font-semibold">Status</dt>
          <dd>
            <InvoiceStatusBadge status={invoice.status} />
          </dd>
        </div>
        {invoice.stockNumber ? (
          <div className="flex gap-2">
            <dt className="font-semibold">Stock number</dt>
            <dd>{invoice.stockNumber}</dd>
          </div>
        ) : null}
        {invoice.orderReference ? (
          <div className="flex gap-2">
            <dt className="font-semibold">Order reference</dt>
            <dd>{invoice.orderReference}</dd>
          </div>
        ) : null}
        <div className="flex gap-2 sm:col-span-2">
          <dt className="font-semibold">Bill to</dt>
          <dd>{invoice.billingAddress.join(', ')}</dd>
        </div>
      </dl>
      <div className="overflow-x-auto">
        <PresentedLinesTable presentation={invoice.presentation} mode="Trade" />
      </div>
      <BackOrderedLines lines={invoice.backOrders} headingLevel={3} />
      <div className="ml-auto max-w-xs space-y-1" role="group" aria-label="Invoice totals">
        <PresentedTotals presentation={invoice.presentation} mode="Trade" />
        <dl className="space-y-1">
          <TotalRow label="Paid" value={invoice.paid} />
          <TotalRow label="Outstanding" value={invoice.outstanding} strong />
        </dl>
      </div>
      <section aria-labelledby="invoice-payments-heading" className="space-y-2">
        <h3 id="invoice-payments-heading" className="font-bold text-ink">
          Payments
        </h3>
        {invoice.payments.length === 0 ? (
          <p className="text-black/70">No payments yet.</p>
        ) : (
          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-black/10">
                <th scope="col" className="py-1 font-semibold">
                  Date
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Method
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Reference
                </th>
                <th scope="col" className="py-1 text-right font-semibold">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {invoice.payments.map((payment) => (
                <tr key={`${payment.reference}-${payment.date}`} className="border-b border-black/5">
                  <td className="py-1">{formatDate(payment.date)}</td>
                  <td className="py-1">{payment.method}</td>
                  <td className="py-1 font-mono text-xs">{payment.reference}</td>
                  <td className="py-1 text-right">{payment.amount}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <p className="text-xs text-black/60">Payment terms: {invoice.paymentTerms}</p>
      </section>
    </div>
  );
}

/** 'Download PDF': the invoice as the server renders it, saved under the server's file name. */
export function DownloadInvoicePdfButton({ invoiceNumber }: { invoiceNumber: string }) {
  const api = useApi();
  const download = useMutation({ mutationFn: () => downloadInvoicePdf(api, invoiceNumber) });
  return (
    <div className="space-y-2">
      <button
        type="button"
        className={secondaryButtonClass}
        disabled={download.isPending}
        aria-busy={download.isPending || undefined}
        onClick={() => download.mutate()}
      >
        {download.isPending ? 'Preparing PDF…' : 'Download PDF'}
      </button>
      <FormError message={download.error ? `The PDF could not be downloaded: ${download.error.message}` : null} />
    </div>
  );
}

/** One invoice in a dialog: lines, totals with GST, payments, and its PDF. Closing it clears `invoiceNumber`. */
export function InvoiceDetailsDialog({
  invoiceNumber,
  onClose,
}: {
  invoiceNumber: string | undefined;
  onClose: () => void;
}) {
  const api = useApi();
  const details = useQuery({ ...invoiceDetailsQuery(api, invoiceNumber ?? ''), enabled: invoiceNumber !== undefined });
  return (
    <Dialog.Root open={invoiceNumber !== undefined} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/40" />
        <Dialog.Content className="fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[min(48rem,95vw)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl">
          <div className="mb-4 flex items-start justify-between gap-4">
            <Dialog.Title className="text-lg font-bold text-ink">Invoice {invoiceNumber}</Dialog.Title>
            <Dialog.Close
              aria-label="Close"
              className="inline-flex h-10 w-10 items-center justify-center rounded hover:bg-panel"
            >
              <CloseIcon className="h-6 w-6" />
            </Dialog.Close>
          </div>
          <Dialog.Description className="sr-only">Lines, GST, totals and payments of the invoice</Dialog.Description>
          {details.error ? <LoadError error={details.error} what="The invoice" /> : null}
          {details.data ? (
            <div className="space-y-5">
              <InvoiceBody invoice={details.data} />
              <DownloadInvoicePdfButton invoiceNumber={details.data.invoiceNumber} />
            </div>
          ) : details.error ? null : (
            <Spinner label="Loading the invoice…" />
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
