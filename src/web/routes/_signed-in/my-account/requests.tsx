import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { requestKindLabels } from '../../../../contract/requests';
import { accountRequestsQuery } from '../../../api/queries/requests';
import { RequestStatusBadge } from '../../../components/account/request-status-badge';
import { PagedTable, pagedHeadClass } from '../../../components/layout/paged-table';
import { formatDate } from '../../../dates/dates';
import { useApi } from '../../../session/session-context';
import { OfferedTo } from '../../../components/layout/not-for-your-role';

const searchSchema = z.object({ page: z.coerce.number().int().min(1).optional().catch(undefined) });

export const Route = createFileRoute('/_signed-in/my-account/requests')({
  validateSearch: searchSchema,
  staticData: { title: 'Returns and claims' },
  component: () => (
    <OfferedTo may="seeRequests" what="Returns and claims">
      <RequestsPage />
    </OfferedTo>
  ),
});

function RequestsPage() {
  const { page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const api = useApi();
  const requests = useQuery(accountRequestsQuery(api, page));
  return (
    <div className="mx-auto max-w-7xl space-y-4 px-4 py-8 sm:px-6">
      <h1 className="text-2xl font-bold text-ink">Returns and claims</h1>
      <PagedTable
        result={requests}
        what="Your returns and claims"
        loading="Loading your returns and claims…"
        empty={
          <p role="status" className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
            You have not sent a return or warranty claim yet.
          </p>
        }
        summary={(data) => (
          <p role="status" className="text-sm text-black/70">
            {data.totalCount} {data.totalCount === 1 ? 'request' : 'requests'}
          </p>
        )}
        caption={(data) => `Returns and warranty claims, page ${data.page} of ${data.totalPages}`}
        head={
          <>
            {['Reference', 'Sent', 'Kind', 'Status'].map((heading) => (
              <th key={heading} scope="col" className={pagedHeadClass}>
                {heading}
              </th>
            ))}
          </>
        }
        rows={(data) =>
          data.items.map((request) => (
            <tr key={request.reference} className="border-t border-black/5">
              <th scope="row" className="px-3 py-2 font-mono font-normal">
                {request.reference}
              </th>
              <td className="px-3 py-2">{formatDate(request.submittedAt)}</td>
              <td className="px-3 py-2">{requestKindLabels[request.kind]}</td>
              <td className="px-3 py-2">
                <RequestStatusBadge status={request.status} />
              </td>
            </tr>
          ))
        }
        onPage={(next) => void navigate({ search: { page: next } })}
      />
    </div>
  );
}
