import { AskAgain } from '../forms/ask-again';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import { secondaryButtonClass } from '../forms/form-controls';

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
  return confirming ? (
    <AskAgain
      question={question}
      yes="Yes, delete"
      yesLabel={`Yes, delete ${named}`}
      busyText="Deleting…"
      busy={remove.isPending}
      error={remove.error}
      onYes={() => remove.mutate()}
      onCancel={() => setConfirming(false)}
    />
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
