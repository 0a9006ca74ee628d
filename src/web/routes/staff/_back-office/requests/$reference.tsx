import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import {
  type RequestDetail,
  type RequestStatus,
  requestKindLabels,
  requestStatusSchema,
  requestStatuses,
} from '../../../../../contract/requests';
import { errorMessage } from '../../../../api/api-error';
import { requestAssigneesQuery, requestKeys, staffRequestQuery } from '../../../../api/queries/requests';
import { AuditEntries } from '../../../../components/back-office/audit-table';
import { RequestStatusBadge } from '../../../../components/account/request-status-badge';
import { LoadError } from '../../../../components/layout/load-error';
import { Spinner } from '../../../../components/layout/spinner';
import { FormError } from '../../../../components/session/form-field';
import { formatLongDateTime } from '../../../../dates/dates';
import { useApi } from '../../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/requests/$reference')({
  staticData: { title: 'Request', crumb: 'Request' },
  component: RequestPage,
});

const sectionClass = 'space-y-3 rounded-lg border border-black/10 bg-white p-4 shadow-sm';
const headingClass = 'text-lg font-bold text-ink';
const controlClass =
  'block w-full rounded border border-black/20 px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand';
const buttonClass =
  'rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60';
const secondaryButtonClass =
  'rounded border border-black/20 px-4 py-2 text-sm font-semibold text-ink hover:bg-panel focus-visible:outline-2 focus-visible:outline-brand';
const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';

/** Statuses the sender is told of and that end the work on a request: staff confirm them first. */
const CONFIRMED_STATUSES: readonly RequestStatus[] = ['declined', 'closed', 'approved'];

function RequestPage() {
  const { reference } = Route.useParams();
  const api = useApi();
  const request = useQuery(staffRequestQuery(api, reference));
  if (request.error) return <LoadError error={request.error} what={`Request ${reference}`} />;
  if (!request.data) return <Spinner label="Loading the request…" />;
  const detail = request.data;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="font-mono text-xl font-bold text-ink">{detail.reference}</h2>
        <RequestStatusBadge status={detail.status} />
        <span className="text-sm text-black/70">
          {requestKindLabels[detail.kind]} from {detail.senderName} ({detail.senderEmail})
          {detail.accountCode ? `, account ${detail.accountCode}` : ''}, received{' '}
          {formatLongDateTime(detail.submittedAt)}
        </span>
      </div>
      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="request-fields" className={sectionClass}>
          <h3 id="request-fields" className={headingClass}>
            What was sent
          </h3>
          <dl className="grid grid-cols-[minmax(0,12rem)_1fr] gap-x-4 gap-y-1 text-sm">
            {detail.fields.map((field) => (
              <div key={field.label} className="contents">
                <dt className="font-semibold text-black/70">{field.label}</dt>
                <dd className="whitespace-pre-wrap break-words">{field.value}</dd>
              </div>
            ))}
          </dl>
          {detail.photos.length > 0 ? (
            <>
              <h4 className="font-semibold text-ink">Photos</h4>
              <p className="text-xs text-black/60">
                Each link opens the photo for a few minutes; this page renews them.
              </p>
              <ul className="list-disc space-y-1 pl-5 text-sm">
                {detail.photos.map((photo) => (
                  <li key={photo.url}>
                    <a href={photo.url} target="_blank" rel="noopener noreferrer" className={linkClass}>
                      Open photo {photo.originalFileName}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <div className="space-y-6">
          {/* Keyed by what they show, so each form starts from the request as it now stands. */}
          <StatusForm key={detail.status} detail={detail} />
          <AssignForm key={detail.assignee?.id ?? 'nobody'} detail={detail} />
        </div>
      </div>
      <NotesSection detail={detail} />
      <section aria-labelledby="request-audit" className={sectionClass}>
        <h3 id="request-audit" className={headingClass}>
          Changes
        </h3>
        <AuditEntries entries={detail.audit} label={`Staff changes to ${detail.reference}`} />
      </section>
    </div>
  );
}

/** A change answers the request as it now stands; the page shows it and the queue reloads. */
function useRequestChange<T>(reference: string, change: (input: T) => Promise<RequestDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (detail) => {
      queryClient.setQueryData(requestKeys.one(reference), detail);
      void queryClient.invalidateQueries({ queryKey: requestKeys.all, refetchType: 'none' });
    },
  });
}

function StatusForm({ detail }: { detail: RequestDetail }) {
  const api = useApi();
  const [status, setStatus] = useState<RequestStatus>(detail.status);
  const [confirming, setConfirming] = useState(false);
  const change = useRequestChange(detail.reference, (next: RequestStatus) =>
    api.call('staffRequestStatus', { body: { reference: detail.reference, status: next } }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (status === detail.status) return;
    if (CONFIRMED_STATUSES.includes(status) && !confirming) {
      setConfirming(true);
      return;
    }
    setConfirming(false);
    change.mutate(status);
  };
  return (
    <section aria-labelledby="request-status" className={sectionClass}>
      <h3 id="request-status" className={headingClass}>
        Status
      </h3>
      <form onSubmit={submit} className="space-y-3">
        <label className="block space-y-1 text-sm font-semibold text-ink">
          <span className="block">New status</span>
          <select
            className={controlClass}
            value={status}
            onChange={(event) => {
              setStatus(requestStatusSchema.parse(event.target.value));
              setConfirming(false);
            }}
          >
            {requestStatuses.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </label>
        {confirming ? (
          <div role="alert" className="space-y-3 rounded border border-brand/30 bg-brand/5 p-3 text-sm">
            <p>
              Mark {detail.reference} as {status}? The sender sees the new status under My Account.
            </p>
            <div className="flex gap-3">
              <button type="submit" className={buttonClass} disabled={change.isPending}>
                Yes, mark it {status}
              </button>
              <button type="button" className={secondaryButtonClass} onClick={() => setConfirming(false)}>
                Cancel
              </button>
            </div>
          </div>
        ) : (
          <button type="submit" className={buttonClass} disabled={change.isPending || status === detail.status}>
            Change status
          </button>
        )}
        <FormError message={errorMessage(change.error)} />
      </form>
    </section>
  );
}

function AssignForm({ detail }: { detail: RequestDetail }) {
  const api = useApi();
  const members = useQuery(requestAssigneesQuery(api));
  const [assignee, setAssignee] = useState(detail.assignee ? String(detail.assignee.id) : '');
  const change = useRequestChange(detail.reference, (next: 'me' | number | null) =>
    api.call('staffRequestAssign', { body: { reference: detail.reference, assignee: next } }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(assignee === '' ? null : Number(assignee));
  };
  return (
    <section aria-labelledby="request-assignee" className={sectionClass}>
      <h3 id="request-assignee" className={headingClass}>
        Assigned to
      </h3>
      <p className="text-sm">{detail.assignee ? `${detail.assignee.name} (${detail.assignee.email})` : 'Nobody'}</p>
      <form onSubmit={submit} className="flex flex-wrap items-end gap-3">
        <label className="min-w-48 flex-1 space-y-1 text-sm font-semibold text-ink">
          <span className="block">Assign to</span>
          <select className={controlClass} value={assignee} onChange={(event) => setAssignee(event.target.value)}>
            <option value="">Nobody</option>
            {(members.data ?? []).map((member) => (
              <option key={member.id} value={member.id}>
                {member.name} ({member.role})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={secondaryButtonClass} disabled={change.isPending}>
          Assign
        </button>
        <button type="button" className={buttonClass} disabled={change.isPending} onClick={() => change.mutate('me')}>
          Assign to me
        </button>
      </form>
      <FormError message={errorMessage(change.error ?? members.error)} />
    </section>
  );
}

function NotesSection({ detail }: { detail: RequestDetail }) {
  const api = useApi();
  const [text, setText] = useState('');
  const change = useRequestChange(detail.reference, (note: string) =>
    api.call('staffRequestNote', { body: { reference: detail.reference, text: note } }),
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate(text, { onSuccess: () => setText('') });
  };
  return (
    <section aria-labelledby="request-notes" className={sectionClass}>
      <h3 id="request-notes" className={headingClass}>
        Internal notes
      </h3>
      {detail.notes.length === 0 ? (
        <p className="text-sm text-black/70">No notes yet. The sender never sees notes.</p>
      ) : (
        <ol className="space-y-2 text-sm">
          {detail.notes.map((note) => (
            <li key={note.id} className="rounded border border-black/10 p-2">
              <p className="text-xs text-black/60">
                {note.staffEmail}, {formatLongDateTime(note.at)}
              </p>
              <p className="whitespace-pre-wrap break-words">{note.text}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={submit} className="space-y-2">
        <label className="block space-y-1 text-sm font-semibold text-ink">
          <span className="block">Add a note</span>
          <textarea
            className={controlClass}
            rows={3}
            maxLength={4000}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button type="submit" className={buttonClass} disabled={change.isPending || text.trim() === ''}>
          Add note
        </button>
        <FormError message={errorMessage(change.error)} />
      </form>
    </section>
  );
}
