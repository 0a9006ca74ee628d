import { useEffect, useRef, useState } from 'react';
import { secondaryButtonClass } from '../forms/form-controls';

/**
 * A secret the shop answers once (an integration key, a webhook's signing secret) and never again: focus moves here
 * so it is read out and can be copied at once.
 */
export function SecretShownOnce({
  heading,
  label,
  secret,
  what,
  onDone,
}: {
  heading: string;
  /** The accessible name of the field holding the secret. */
  label: string;
  secret: string;
  /** What the secret is called in the buttons: 'key', 'secret'. */
  what: string;
  onDone: () => void;
}) {
  const panel = useRef<HTMLDivElement>(null);
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => panel.current?.focus(), []);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('copied'),
      () => setCopied('failed'),
    );
  return (
    <div
      ref={panel}
      tabIndex={-1}
      role="region"
      aria-label={heading}
      className="max-w-2xl space-y-3 rounded-lg border-2 border-green-700 bg-green-50 p-4"
    >
      <h3 className="font-semibold">{heading}</h3>
      <p className="text-sm font-semibold">Copy it now: it will not be shown again.</p>
      <label className="block">
        <span className="sr-only">{label}</span>
        <input
          readOnly
          value={secret}
          onFocus={(event) => event.target.select()}
          className="block w-full rounded border border-black/20 bg-white px-3 py-2 font-mono text-sm"
        />
      </label>
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" onClick={() => void copy()} className={secondaryButtonClass}>
          Copy the {what}
        </button>
        <button type="button" onClick={onDone} className={secondaryButtonClass}>
          Done, hide it
        </button>
        <span role="status" className="text-sm">
          {copied === 'copied'
            ? 'Copied.'
            : copied === 'failed'
              ? `Could not copy: select the ${what} and copy it.`
              : ''}
        </span>
      </div>
    </div>
  );
}
