import { type InputHTMLAttributes, useId } from 'react';

/** A labelled input with its error underneath, tied together for screen readers. */
export function FormField({
  label,
  error,
  ...input
}: { label: string; error?: string | undefined } & InputHTMLAttributes<HTMLInputElement>) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1">
      <label htmlFor={id} className="block text-sm font-semibold text-ink">
        {label}
      </label>
      <input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className="block w-full rounded border border-black/20 px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand aria-[invalid]:border-brand"
        {...input}
      />
      {error ? (
        <p id={errorId} className="text-sm text-brand">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <div role="alert" className="rounded border border-brand/30 bg-brand/5 px-3 py-2 text-sm text-brand">
      {message}
    </div>
  );
}

export const primaryButtonClass =
  'inline-flex w-full items-center justify-center rounded bg-brand px-4 py-2.5 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand disabled:cursor-not-allowed disabled:opacity-60';
