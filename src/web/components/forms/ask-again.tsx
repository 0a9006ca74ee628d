import { useEffect, useRef } from 'react';
import { errorMessage } from '../../api/api-error';
import { FormError } from '../session/form-field';
import { secondaryButtonClass } from './form-controls';

const yesButtonClass =
  'rounded bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60';

/**
 * Something that cannot be undone, asked again where its button was: the question, what went wrong last time, and
 * the answer. Focus goes to the answer as the question appears, not back to the top of the page, and the answer's
 * accessible name says what it acts on, so a screen reader's list of buttons tells the rows apart.
 */
export function AskAgain({
  question,
  yes,
  yesLabel,
  busyText,
  busy,
  error,
  onYes,
  onCancel,
}: {
  question: string;
  /** The answer's text, e.g. 'Yes, revoke'. */
  yes: string;
  /** The answer's accessible name, naming what it acts on. */
  yesLabel: string;
  /** The answer's text while it is being sent. */
  busyText: string;
  busy: boolean;
  /** Shown with the question; leave it out where the caller shows its own. */
  error?: unknown;
  onYes: () => void;
  onCancel: () => void;
}) {
  const yesButton = useRef<HTMLButtonElement>(null);
  useEffect(() => yesButton.current?.focus(), []);
  return (
    <div role="alert" className="space-y-2">
      <p className="text-sm font-semibold text-brand">{question}</p>
      {error === undefined ? null : <FormError message={errorMessage(error)} />}
      <div className="flex gap-2">
        <button
          ref={yesButton}
          type="button"
          disabled={busy}
          onClick={onYes}
          aria-label={yesLabel}
          className={yesButtonClass}
        >
          {busy ? busyText : yes}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </div>
  );
}
