import { type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes, useId } from 'react';

const controlClass =
  'block w-full rounded border border-black/20 bg-white px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand aria-[invalid]:border-brand';

function FieldFrame({
  id,
  label,
  hint,
  error,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: string | undefined;
  error?: string | undefined;
  required?: boolean | undefined;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
        {required ? null : <span className="font-normal text-black/70"> (optional)</span>}
      </label>
      {children}
      {hint && !error ? (
        <p id={`${id}-hint`} className="text-xs text-black/60">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-brand">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function describedBy(id: string, hint?: string, error?: string): string | undefined {
  if (error) return `${id}-error`;
  return hint ? `${id}-hint` : undefined;
}

interface Common {
  readonly label: string;
  readonly hint?: string | undefined;
  readonly error?: string | undefined;
  readonly required?: boolean | undefined;
}

export function TextInput({
  label,
  hint,
  error,
  required,
  ...input
}: Common & Omit<React.InputHTMLAttributes<HTMLInputElement>, 'required'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass}
        {...input}
      />
    </FieldFrame>
  );
}

export function TextArea({
  label,
  hint,
  error,
  required,
  ...textarea
}: Common & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'required'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <textarea
        id={id}
        rows={5}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass}
        {...textarea}
      />
    </FieldFrame>
  );
}

export function SelectInput({
  label,
  hint,
  error,
  required,
  options,
  placeholder = 'Choose…',
  ...select
}: Common & {
  options: readonly { value: string; label: string }[];
  placeholder?: string;
} & Omit<SelectHTMLAttributes<HTMLSelectElement>, 'required'>) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} required={required}>
      <select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-required={required || undefined}
        aria-describedby={describedBy(id, hint, error)}
        className={controlClass}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function CheckboxInput({
  label,
  error,
  checked,
  onChange,
  onBlur,
}: {
  label: ReactNode;
  error?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <div className="flex items-start gap-2">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="mt-0.5 h-4 w-4 accent-brand"
        />
        <label htmlFor={id} className="text-sm text-ink">
          {label}
        </label>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-brand">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FieldGroup({ legend, children }: { legend: string; children: ReactNode }) {
  return (
    <fieldset className="space-y-4 rounded-lg border border-black/10 bg-white p-5 shadow-sm">
      <legend className="px-1 text-base font-bold text-ink">{legend}</legend>
      {children}
    </fieldset>
  );
}

export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded border border-black/20 bg-white px-3 py-2 text-sm font-semibold text-ink hover:bg-panel focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60';

/** A compact button for actions on one row of a table. */
export const smallButtonClass = 'rounded border border-black/20 px-3 py-1 text-sm font-semibold hover:bg-black/5';
