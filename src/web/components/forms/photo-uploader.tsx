import { useSelector } from '@xstate/react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import type { UploadedFile } from '../../../contract/forms';
import { UPLOAD_EXTENSIONS, uploadTokenRequestSchema } from '../../../contract/upload';
import { useCaptchaTokenSource } from '../../captcha/captcha-token-source';
import { callWithCaptcha } from '../../forms/captcha-submission';
import { useApi } from '../../session/session-context';
import { setBlobMetadata, uploadBlob } from '../../uploads/blob-writer';
import { type UploadActor, type UploadOverrides, type UploadServices, startUpload } from '../../uploads/upload-file';
import { secondaryButtonClass } from './form-controls';

interface PhotoUpload {
  readonly key: string;
  readonly file: File;
  readonly actor: UploadActor;
}

function useUploadServices(): UploadServices<File> {
  const api = useApi();
  const getToken = useCaptchaTokenSource();
  return useMemo(
    () => ({
      requestUploadTarget: ({ fileName, fileSize }) =>
        callWithCaptcha('captchaRetry:upload', getToken, (captchaToken) =>
          api.call('uploadToken', { body: { fileName, fileSize, captchaToken } }),
        ),
      uploadBlob,
      setBlobMetadata,
      log: (message, error) => console.warn(message, error),
    }),
    [api, getToken],
  );
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

function UploadRow({
  upload,
  onUploaded,
  onRemove,
}: {
  upload: PhotoUpload;
  onUploaded: (file: UploadedFile) => void;
  onRemove: () => void;
}) {
  const progress = useSelector(upload.actor, (snapshot) => snapshot.context.progress);
  const status = useSelector(upload.actor, (snapshot) =>
    snapshot.matches('done') ? 'done' : snapshot.matches('failed') ? 'failed' : 'busy',
  );
  const blobName = useSelector(upload.actor, (snapshot) => snapshot.context.target?.fileName ?? null);
  const reported = useRef(false);
  useEffect(() => {
    if (status === 'done' && blobName && !reported.current) {
      reported.current = true;
      onUploaded({ fileName: blobName, originalFileName: upload.file.name });
    }
  }, [status, blobName, onUploaded, upload.file.name]);
  const percent = Math.round(progress * 100);
  return (
    <li className="flex flex-wrap items-center gap-3 rounded border border-black/10 bg-panel px-3 py-2 text-sm">
      <span className="min-w-0 flex-1 truncate font-semibold text-ink">{upload.file.name}</span>
      <span className="text-black/60">{formatSize(upload.file.size)}</span>
      <progress
        className="h-2 w-32 accent-brand"
        max={100}
        value={percent}
        aria-label={`Upload of ${upload.file.name}`}
        aria-valuetext={`${percent}%`}
      />
      <span aria-live="polite" className={status === 'failed' ? 'text-brand' : 'text-black/70'}>
        {status === 'done' ? 'Uploaded' : status === 'failed' ? 'Upload failed' : `Uploading ${percent}%`}
      </span>
      <button
        type="button"
        className={secondaryButtonClass}
        onClick={onRemove}
        aria-label={`Remove ${upload.file.name}`}
      >
        Remove
      </button>
    </li>
  );
}

/**
 * Photos for a warranty claim: each file goes straight to blob storage (its own upload machine, with progress);
 * the form gets the blob names of the uploads that finished.
 */
export function PhotoUploader({
  label,
  value,
  onChange,
  onBusyChange,
  error,
  max,
  uploadOverrides,
}: {
  label: string;
  value: readonly UploadedFile[];
  onChange: (files: UploadedFile[]) => void;
  onBusyChange: (busy: boolean) => void;
  error?: string | undefined;
  max: number;
  /** Tests: the model-based view test supplies the upload actors and observes them. */
  uploadOverrides?: UploadOverrides;
}) {
  const id = useId();
  const services = useUploadServices();
  const [uploads, setUploads] = useState<PhotoUpload[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const current = useRef(value);
  useEffect(() => {
    current.current = value;
  }, [value]);
  const pending = useRef(0);

  const choose = (files: FileList | null) => {
    setRefusal(null);
    const chosen = [...(files ?? [])];
    if (uploads.length + chosen.length > max) {
      setRefusal(`Add at most ${max} photos`);
      return;
    }
    const started: PhotoUpload[] = [];
    for (const file of chosen) {
      const check = uploadTokenRequestSchema.safeParse({ fileName: file.name, fileSize: file.size });
      if (!check.success) {
        setRefusal(`${file.name}: ${check.error.issues[0]?.message ?? 'this file cannot be uploaded'}`);
        continue;
      }
      const { actor, result } = startUpload(file, services, uploadOverrides);
      pending.current += 1;
      onBusyChange(true);
      void result.finally(() => {
        pending.current -= 1;
        if (pending.current === 0) onBusyChange(false);
      });
      started.push({ key: `${actor.id}-${Date.now()}-${Math.random()}`, file, actor });
    }
    setUploads((list) => [...list, ...started]);
  };

  const remove = (upload: PhotoUpload) => {
    upload.actor.stop();
    setUploads((list) => list.filter((item) => item !== upload));
    const blobName = upload.actor.getSnapshot().context.target?.fileName;
    if (blobName) {
      current.current = current.current.filter((file) => file.fileName !== blobName);
      onChange([...current.current]);
    }
  };

  const accept = Object.keys(UPLOAD_EXTENSIONS).join(',');
  const message = refusal ?? error;
  return (
    <div className="space-y-2">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <p id={`${id}-hint`} className="text-xs text-black/60">
        JPEG, PNG, WebP, HEIC or PDF, up to 15 MB each. Include the fault, the whole tyre, and the sidewall with the DOT
        code.
      </p>
      <input
        id={id}
        type="file"
        multiple
        accept={accept}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : `${id}-hint`}
        onChange={(event) => {
          choose(event.target.files);
          event.target.value = '';
        }}
        className="block w-full text-sm file:mr-3 file:rounded file:border-0 file:bg-ink file:px-3 file:py-2 file:text-sm file:font-semibold file:text-white"
      />
      {message ? (
        <p id={`${id}-error`} className="text-sm text-brand">
          {message}
        </p>
      ) : null}
      {uploads.length > 0 ? (
        <ul className="space-y-2" aria-label="Photos">
          {uploads.map((upload) => (
            <UploadRow
              key={upload.key}
              upload={upload}
              onUploaded={(file) => {
                // Two uploads can finish before the form re-renders: keep the list current between them.
                current.current = [...current.current, file];
                onChange([...current.current]);
              }}
              onRemove={() => remove(upload)}
            />
          ))}
        </ul>
      ) : null}
    </div>
  );
}
