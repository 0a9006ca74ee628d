import { useQuery } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import {
  requestKindLabels,
  requestKindSchema,
  requestKinds,
  requestStatusSchema,
  requestStatuses,
} from '../../../../../contract/requests';
import { requestAssigneesQuery, staffRequestsQuery } from '../../../../api/queries/requests';
import { RequestStatusBadge } from '../../../../components/account/request-status-badge';
import { PagedTable, pagedHeadClass } from '../../../../components/layout/paged-table';
import { formatDate } from '../../../../dates/dates';
import { useApi } from '../../../../session/session-context';

/** The filters live in the address, so a filtered queue survives a reload and can be shared with a colleague. */
const searchSchema = z.object({
  kind: requestKindSchema.optional().catch(undefined),
  status: requestStatusSchema.optional().catch(undefined),
  assignee: z
    .union([z.enum(['me', 'nobody']), z.coerce.number().int().positive()])
    .optional()
    .catch(undefined),
  search: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});
type Filters = z.infer<typeof searchSchema>;

export const Route = createFileRoute('/staff/_back-office/requests/')({
  validateSearch: searchSchema,
  staticData: { title: 'Requests', crumb: 'Requests' },
  component: RequestsPage,
});

const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';
const controlClass =
  'block w-full rounded border border-black/20 px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand';

function RequestsPage() {
  const { page = 1, ...filters } = Route.useSearch();
  const navigate = Route.useNavigate();
  const api = useApi();
  const requests = useQuery(staffRequestsQuery(api, { ...filters, page }));
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <div className="space-y-4">
      <p className="max-w-prose text-sm text-black/70">
        Returns, warranty claims, product enquiries and account applications, newest first. Open one to see what was
        sent, its photos and notes, and to assign it or change its status.
      </p>
      <RequestFilters
        key={JSON.stringify(filters)}
        value={filters}
        onApply={(next) => void navigate({ search: { ...next, page: undefined } })}
      />
      <PagedTable
        result={requests}
        what="The requests"
        loading="Loading requests…"
        empty={
          <p role="status" className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
            {filtered ? 'No request matches these filters.' : 'There are no requests yet.'}
          </p>
        }
        summary={(data) => (
          <p role="status" className="text-sm text-black/70">
            {data.totalCount} {data.totalCount === 1 ? 'request' : 'requests'}
          </p>
        )}
        caption={(data) => `Requests, page ${data.page} of ${data.totalPages}`}
        head={
          <>
            {['Reference', 'Kind', 'Received', 'From', 'Account', 'Status', 'Assigned to'].map((heading) => (
              <th key={heading} scope="col" className={pagedHeadClass}>
                {heading}
              </th>
            ))}
          </>
        }
        rows={(data) =>
          data.items.map((request) => (
            <tr key={request.reference} className="border-t border-black/5">
              <th scope="row" className="px-3 py-2 font-normal">
                <Link
                  to="/staff/requests/$reference"
                  params={{ reference: request.reference }}
                  className={`${linkClass} font-mono`}
                >
                  {request.reference}
                </Link>
              </th>
              <td className="px-3 py-2">{requestKindLabels[request.kind]}</td>
              <td className="px-3 py-2 whitespace-nowrap">{formatDate(request.submittedAt)}</td>
              <td className="px-3 py-2">
                {request.senderName}
                <span className="block text-xs text-black/60">{request.senderEmail}</span>
              </td>
              <td className="px-3 py-2">{request.accountCode ?? '—'}</td>
              <td className="px-3 py-2">
                <RequestStatusBadge status={request.status} />
              </td>
              <td className="px-3 py-2">{request.assignee?.name ?? '—'}</td>
            </tr>
          ))
        }
        onPage={(next) => void navigate({ search: (current) => ({ ...current, page: next }) })}
      />
    </div>
  );
}

function RequestFilters({ value, onApply }: { value: Omit<Filters, 'page'>; onApply: (next: Filters) => void }) {
  const api = useApi();
  const assignees = useQuery(requestAssigneesQuery(api));
  const [draft, setDraft] = useState(value);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, search: draft.search?.trim() || undefined });
  };
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-5 sm:items-end" aria-label="Filter requests">
      <label className="space-y-1 text-sm font-semibold text-ink">
        <span className="block">Kind</span>
        <select
          className={controlClass}
          value={draft.kind ?? ''}
          onChange={(event) =>
            setDraft({ ...draft, kind: searchSchema.shape.kind.parse(event.target.value || undefined) })
          }
        >
          <option value="">Every kind</option>
          {requestKinds.map((kind) => (
            <option key={kind} value={kind}>
              {requestKindLabels[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold text-ink">
        <span className="block">Status</span>
        <select
          className={controlClass}
          value={draft.status ?? ''}
          onChange={(event) =>
            setDraft({ ...draft, status: searchSchema.shape.status.parse(event.target.value || undefined) })
          }
        >
          <option value="">Every status</option>
          {requestStatuses.map((status) => (
            <option key={status} value={status}>
              {status}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold text-ink">
        <span className="block">Assigned to</span>
        <select
          className={controlClass}
          value={draft.assignee === undefined ? '' : String(draft.assignee)}
          onChange={(event) =>
            setDraft({ ...draft, assignee: searchSchema.shape.assignee.parse(event.target.value || undefined) })
          }
        >
          <option value="">Anyone or nobody</option>
          <option value="me">Me</option>
          <option value="nobody">Nobody</option>
          {(assignees.data ?? []).map((member) => (
            <option key={member.id} value={member.id}>
              {member.name}
            </option>
          ))}
        </select>
      </label>
      <label className="space-y-1 text-sm font-semibold text-ink">
        <span className="block">Search</span>
        <input
          type="search"
          className={controlClass}
          value={draft.search ?? ''}
          placeholder="Reference, name, email, account"
          onChange={(event) => setDraft({ ...draft, search: event.target.value })}
        />
      </label>
      <button
        type="submit"
        className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Show requests
      </button>
    </form>
  );
}
