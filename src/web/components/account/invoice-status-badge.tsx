import type { InvoiceStatus, InvoiceSummary } from '../../../contract/account';

const statusClass: Record<InvoiceStatus, string> = {
  Paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  Open: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  Overdue: 'bg-brand/10 text-brand-dark ring-brand/30',
  Credited: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusClass[status]}`}
    >
      {status}
    </span>
  );
}

/** The amount, outstanding and status cells both invoice tables end their rows with. */
export function InvoiceStandingCells({
  invoice,
}: {
  invoice: Pick<InvoiceSummary, 'amount' | 'outstanding' | 'status'>;
}) {
  return (
    <>
      <td className="px-3 py-2 text-right">{invoice.amount}</td>
      <td className="px-3 py-2 text-right">{invoice.outstanding}</td>
      <td className="px-3 py-2">
        <InvoiceStatusBadge status={invoice.status} />
      </td>
    </>
  );
}
