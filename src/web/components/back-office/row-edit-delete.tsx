import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/api-error';
import { secondaryButtonClass } from '../forms/form-controls';
import { FormError } from '../session/form-field';

/**
 * A table row's Edit and Delete. Deleting is asked again in the row, with what it does, before it is sent; the
 * buttons name the row's subject (`named`), so a screen reader's list of buttons says which row each acts on.
 */
export function RowEditDelete({
  named,
  question,
  onEdit,
  remove,
}: {
  named: string;
  question: string;
  onEdit: () => void;
  remove: UseMutationResult<unknown, Error, void>;
}) {
  const [confirming, setConfirming] = useState(false);
  // The Delete button gives way to the question: focus goes to its answer, not back to the top of the page.
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  return confirming ? (
    <div role="alert" className="space-y-2">
      <p className="text-sm font-semibold text-brand">{question}</p>
      <FormError message={remove.error instanceof ApiError ? remove.error.message : null} />
      <div className="flex gap-2">
        <button
          ref={confirmButton}
          type="button"
          disabled={remove.isPending}
          onClick={() => remove.mutate()}
          aria-label={`Yes, delete ${named}`}
          className="rounded bg-brand px-3 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:opacity-60"
        >
          {remove.isPending ? 'Deleting…' : 'Yes, delete'}
        </button>
        <button type="button" onClick={() => setConfirming(false)} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </div>
  ) : (
    <div className="flex gap-2">
      <button type="button" onClick={onEdit} aria-label={`Edit ${named}`} className={secondaryButtonClass}>
        Edit
      </button>
      <button
        type="button"
        onClick={() => setConfirming(true)}
        aria-label={`Delete ${named}`}
        className={secondaryButtonClass}
      >
        Delete
      </button>
    </div>
  );
}
