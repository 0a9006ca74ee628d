import type { RequestStatus } from '../../../contract/requests';

const statusClass: Record<RequestStatus, string> = {
  new: 'bg-sky-50 text-sky-800 ring-sky-600/30',
  'in review': 'bg-amber-50 text-amber-900 ring-amber-600/30',
  approved: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  declined: 'bg-brand/10 text-brand-dark ring-brand/30',
  closed: 'bg-slate-100 text-slate-700 ring-slate-500/30',
};

/** Where staff are with a request, as staff and the customer who sent it both see it. */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset ${statusClass[status]}`}
    >
      {status}
    </span>
  );
}
