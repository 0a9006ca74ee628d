import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type ImportJob, importEntityNames } from '../../../contract/imports';
import { staffImportJobsKey, staffImportJobsQuery } from '../../api/queries/staff-integration';
import { formatLongDateTime } from '../../dates/dates';
import { errorMessage } from '../../api/api-error';
import { useApi } from '../../session/session-context';
import { attachmentFileName } from '../account/invoice-pdf';
import { SelectInput, secondaryButtonClass } from '../forms/form-controls';
import { saveTextFile } from '../quick-order/save-text-file';
import { FormError, primaryButtonClass } from '../session/form-field';

/** The media type the import route reads a file as, by its extension (docs/integration.md, 'File formats'). */
const MEDIA_TYPES: Readonly<Record<string, string>> = {
  csv: 'text/csv',
  txt: 'text/csv',
  jsonl: 'application/x-ndjson',
  ndjson: 'application/x-ndjson',
  zip: 'application/zip',
};
const ACCEPTED = Object.keys(MEDIA_TYPES)
  .map((extension) => `.${extension}`)
  .join(',');

const entityOptions = importEntityNames.map((entity) => ({ value: entity, label: entity }));

/** Import jobs: an upload starts one through the integration API's importer; the list follows it while it runs. */
export function ImportJobs() {
  const api = useApi();
  const list = useQuery(staffImportJobsQuery(api));
  return (
    <section aria-labelledby="import-jobs" className="space-y-4">
      <h2 id="import-jobs" className="text-lg font-semibold">
        Import jobs
      </h2>
      <p className="max-w-prose text-sm text-black/70">
        A file uploaded here is imported as one sent to the integration API: good rows are applied, refused rows are
        kept with their reasons, and one import of each kind runs at a time. Sample files are in
        docs/integration/samples.
      </p>
      <UploadForm />
      {list.isPending ? (
        <p role="status" className="text-sm text-black/70">
          Loading the import jobs…
        </p>
      ) : list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : list.data.jobs.length === 0 ? (
        <p className="text-sm text-black/70">No import jobs yet.</p>
      ) : (
        <JobsTable jobs={list.data.jobs} />
      )}
    </section>
  );
}

function UploadForm() {
  const api = useApi();
  const queryClient = useQueryClient();
  const [entity, setEntity] = useState('');
  const [file, setFile] = useState<File | null>(null);
  // A new key after each upload empties the file input for the next.
  const [round, setRound] = useState(0);
  const upload = useMutation({
    mutationFn: async ({ chosen, name }: { chosen: File; name: string }) => {
      const extension = name.slice(name.lastIndexOf('.') + 1).toLowerCase();
      const type = MEDIA_TYPES[extension] ?? (chosen.type || 'application/octet-stream');
      return (await api.postFile('Staff/Import', { entity, fileName: name }, chosen, type)) as ImportJob;
    },
    onSuccess: async () => {
      setFile(null);
      setRound(round + 1);
      await queryClient.invalidateQueries({ queryKey: staffImportJobsKey });
    },
  });
  const [missing, setMissing] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = !entity ? 'Choose what the file imports' : !file ? 'Choose a file' : null;
    setMissing(problem);
    if (file && !problem) upload.mutate({ chosen: file, name: file.name });
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Start an import" className="max-w-md space-y-4">
      <FormError message={missing ?? errorMessage(upload.error)} />
      {upload.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          Import job {upload.data.id} started.
        </p>
      ) : null}
      <SelectInput
        label="Import"
        required
        options={entityOptions}
        value={entity}
        onChange={(event) => setEntity(event.target.value)}
      />
      <div className="space-y-1">
        <label htmlFor="import-file" className="block text-sm font-semibold text-ink">
          File
        </label>
        <input
          key={round}
          id="import-file"
          type="file"
          accept={ACCEPTED}
          aria-required
          aria-describedby="import-file-hint"
          onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          className="block w-full text-sm"
        />
        <p id="import-file-hint" className="text-xs text-black/60">
          CSV or JSON Lines; pictures as a zip
        </p>
      </div>
      <div className="max-w-xs">
        <button type="submit" disabled={upload.isPending} className={primaryButtonClass}>
          {upload.isPending ? 'Uploading…' : 'Upload and import'}
        </button>
      </div>
    </form>
  );
}

/** How far a job has got: the rows of the step under way, out of the rows read once applying. */
function progressOf(job: ImportJob): string {
  switch (job.state) {
    case 'queued':
      return 'Waiting';
    case 'validating':
      return `${job.progressRows} rows checked`;
    case 'applying':
      return `${job.progressRows} of ${job.counts.read} rows`;
    default:
      return `${job.counts.read - job.counts.failed} of ${job.counts.read} rows`;
  }
}

function JobsTable({ jobs }: { jobs: readonly ImportJob[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Import jobs list">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Import jobs, newest first</caption>
        <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
          <tr>
            {['Job', 'Entity', 'File', 'Started', 'State', 'Progress', 'Errors'].map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {jobs.map((job) => (
            <tr key={job.id} className="border-b border-black/5 align-top">
              <th scope="row" className="py-2 pr-4 font-semibold">
                {job.id}
              </th>
              <td className="py-2 pr-4">{job.entity}</td>
              <td className="py-2 pr-4">{job.fileName}</td>
              <td className="py-2 pr-4">
                {formatLongDateTime(job.createdAt)}
                <br />
                <span className="text-black/70">by {job.startedBy}</span>
              </td>
              <td className="py-2 pr-4">
                {job.state}
                {job.failure ? <p className="text-brand">{job.failure}</p> : null}
              </td>
              <td className="py-2 pr-4">{progressOf(job)}</td>
              <td className="py-2">
                {job.counts.failed}
                {job.counts.failed > 0 ? <ErrorsDownload jobId={job.id} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Staff/ImportErrors through the API client (bearer token), saved under the name the server gives it. */
function ErrorsDownload({ jobId }: { jobId: number }) {
  const api = useApi();
  const download = useMutation({
    mutationFn: async () => {
      const response = await api.raw('staffImportErrors', { query: { id: jobId } });
      const name = attachmentFileName(response.headers.get('content-disposition')) ?? `import-${jobId}-errors.csv`;
      saveTextFile(name, 'text/csv', await response.text());
    },
  });
  return (
    <div className="mt-1 space-y-1">
      <button
        type="button"
        onClick={() => download.mutate()}
        disabled={download.isPending}
        aria-label={`Download the errors of job ${jobId}`}
        className={secondaryButtonClass}
      >
        Download errors
      </button>
      <FormError message={errorMessage(download.error)} />
    </div>
  );
}
