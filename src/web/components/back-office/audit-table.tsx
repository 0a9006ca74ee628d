import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { StaffAuditEntry } from '../../../contract/staff';
import { errorMessage } from '../../api/api-error';
import { staffAuditQuery } from '../../api/queries/staff';
import { formatLongDateTime } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { FormError } from '../session/form-field';

const shown = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value, null, 1));

/**
 * Staff changes, newest first: who, when, what, and the values before and after. The audit page lists them all; an
 * account's, order's or request's page lists its own (by account code or subject).
 */
export function AuditTable({
  accountCode,
  subjectType,
  subjectRef,
  label,
}: {
  accountCode?: string;
  subjectType?: string;
  subjectRef?: string;
  label: string;
}) {
  const api = useApi();
  const [page, setPage] = useState(1);
  const audit = useQuery(
    staffAuditQuery(api, {
      page,
      ...(accountCode ? { accountCode } : {}),
      ...(subjectType ? { subjectType } : {}),
      ...(subjectRef ? { subjectRef } : {}),
    }),
  );
  if (audit.isPending) {
    return (
      <p role="status" className="text-sm text-black/70">
        Loading changes…
      </p>
    );
  }
  if (audit.isError) {
    return <FormError message={errorMessage(audit.error)} />;
  }
  const { entries, total, pageSize } = audit.data;
  if (entries.length === 0) return <p className="text-sm text-black/70">No staff change is recorded yet.</p>;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="space-y-3">
      <AuditEntries entries={entries} label={label} />
      {pages > 1 ? (
        <div className="flex items-center gap-3 text-sm">
          <button
            type="button"
            disabled={page <= 1}
            onClick={() => setPage(page - 1)}
            className="rounded border border-black/20 px-3 py-1 disabled:opacity-50"
          >
            Newer
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            disabled={page >= pages}
            onClick={() => setPage(page + 1)}
            className="rounded border border-black/20 px-3 py-1 disabled:opacity-50"
          >
            Older
          </button>
        </div>
      ) : null}
    </div>
  );
}

/** Staff changes as a table: when, who, what, on which subject, and the values before and after. */
export function AuditEntries({ entries, label }: { entries: readonly StaffAuditEntry[]; label: string }) {
  if (entries.length === 0) return <p className="text-sm text-black/70">No staff change is recorded yet.</p>;
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={label}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
          <tr>
            <th scope="col" className="py-2 pr-4">
              When
            </th>
            <th scope="col" className="py-2 pr-4">
              Staff member
            </th>
            <th scope="col" className="py-2 pr-4">
              What
            </th>
            <th scope="col" className="py-2 pr-4">
              Subject
            </th>
            <th scope="col" className="py-2 pr-4">
              Before
            </th>
            <th scope="col" className="py-2">
              After
            </th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} className="border-b border-black/5 align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{formatLongDateTime(entry.at)}</td>
              <td className="py-2 pr-4">{entry.staffEmail}</td>
              <td className="py-2 pr-4">{entry.action}</td>
              <td className="py-2 pr-4">{entry.subject}</td>
              <td className="py-2 pr-4">
                <pre className="max-w-xs whitespace-pre-wrap break-words text-xs">{shown(entry.before)}</pre>
              </td>
              <td className="py-2">
                <pre className="max-w-xs whitespace-pre-wrap break-words text-xs">{shown(entry.after)}</pre>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
