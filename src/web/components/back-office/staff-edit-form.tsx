import { type FormEvent, type ReactNode, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { secondaryButtonClass } from '../forms/form-controls';
import { FormError, primaryButtonClass } from '../session/form-field';

/** What a back-office page gives the form that creates or edits one of its subjects. */
export interface StaffEditFormProps<Draft, Fields> {
  readonly initial: Draft;
  readonly submitLabel: string;
  readonly pending: boolean;
  readonly error: Error | null;
  readonly onSubmit: (fields: Fields) => void;
  readonly onCancel?: (() => void) | undefined;
}

/**
 * The draft as typed, one field set at a time, and the API's refusal read per field: the server checks every field
 * and the form shows each reason beside its field.
 */
export function useStaffDraft<Draft extends object, Fields>(initial: Draft, error: Error | null) {
  const [draft, setDraft] = useState(initial);
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft({ ...draft, [key]: value });
  const fieldError = (name: keyof Fields & string) => (error instanceof ApiError ? error.fieldError(name) : undefined);
  return { draft, set, fieldError };
}

/** The form around a back-office subject's fields: the refusal's message above, submit (and Cancel when editing) below. */
export function StaffEditForm({
  submitLabel,
  pending,
  error,
  onSubmit,
  onCancel,
  children,
}: {
  submitLabel: string;
  pending: boolean;
  error: Error | null;
  onSubmit: () => void;
  onCancel?: (() => void) | undefined;
  children: ReactNode;
}) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  const problem = errorMessage(error);
  return (
    <form onSubmit={submit} noValidate className="max-w-3xl space-y-5" aria-label={submitLabel}>
      <FormError message={problem} />
      {children}
      <div className="flex max-w-md gap-3">
        <button type="submit" disabled={pending} className={primaryButtonClass}>
          {pending ? 'Saving…' : submitLabel}
        </button>
        {onCancel ? (
          <button type="button" onClick={onCancel} className={secondaryButtonClass}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}
