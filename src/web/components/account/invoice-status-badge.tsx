import type { InvoiceStatus } from '../../../contract/account';

const statusClass: Record<InvoiceStatus, string> = {
  Paid: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  Open: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  Overdue: 'bg-brand/10 text-brand-dark ring-brand/30',
};

export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusClass[status]}`}>{status}</span>
  );
}
