import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { formatTyreSize, parseTyreSize } from '../../../domain/tyre-size';
import { focusOnArrival } from '../layout/focus-on-arrival';

export const TYPED_SIZE_HINT = 'Type a size such as 265/65R17, 2656517 or 265 65 17.';

/** What the size box searches: a size in its canonical spelling, or free text (undefined when nothing is typed). */
export type TypedTyreSearch = { size: string; q: undefined } | { q: string | undefined; size: undefined };

/**
 * What the size box's text searches: a size in its canonical spelling ('2656517' → 265/65R17), else free text (brand,
 * pattern, SKU); text that starts like a size but is not one is refused with a hint.
 */
export function readTypedTyreSearch(text: string): TypedTyreSearch | { error: string } {
  const typed = text.trim();
  const size = typed ? parseTyreSize(typed) : null;
  if (size) return { size: formatTyreSize(size), q: undefined };
  if (/^(LT|P)?\s*\d/i.test(typed)) return { error: TYPED_SIZE_HINT };
  return { q: typed || undefined, size: undefined };
}

/** How a page dresses the size box: its own colours around the same form. */
export interface TyreSizeInputLook {
  readonly form: string;
  readonly label: string;
  readonly input: string;
  readonly button: string;
  readonly error: string;
}

/**
 * One box for a size the way a counter hand types it ('2656517', '265 65 17', 'LT265/75R16'), or any text, with the
 * cursor in it on arrival unless the customer is already somewhere (focusOnArrival): the tyre page's finder and the
 * customer's home both search through it. A size that is not one shows the hint instead of searching.
 */
export function TyreSizeInput({
  label,
  initial = '',
  look,
  formLabel,
  inputProps,
  beside,
  onSearch,
}: {
  label: string;
  initial?: string;
  look: TyreSizeInputLook;
  /** The search landmark's name, where a page has more than one. */
  formLabel?: string;
  /** What the page adds to the box (its keyboard shortcuts). */
  inputProps?: InputHTMLAttributes<HTMLInputElement> & Readonly<Record<`data-${string}`, string>>;
  /** What sits between the box and its Search button (the tyre page's order and arrival day), in tab order. */
  beside?: ReactNode;
  onSearch: (read: TypedTyreSearch) => void;
}) {
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    focusOnArrival(box.current);
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readTypedTyreSearch(text);
    if ('error' in read) setError(read.error);
    else onSearch(read);
  };
  return (
    <form role="search" aria-label={formLabel} onSubmit={submit} className={look.form}>
      {/* Each field over its own label, in one row: what sits beside the box lines up with it. */}
      <div className="flex flex-wrap items-end gap-x-2 gap-y-1">
        <div className="min-w-0 flex-1 basis-48 space-y-1 max-sm:basis-full">
          <label htmlFor={inputId} className={`block ${look.label}`}>
            {label}
          </label>
          <input
            ref={box}
            id={inputId}
            type="search"
            {...inputProps}
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(null);
            }}
            placeholder="2656517, 265/65R17 112H, brand…"
            autoComplete="off"
            spellCheck={false}
            aria-invalid={error !== null}
            aria-describedby={error ? errorId : undefined}
            className={look.input}
          />
        </div>
        {beside}
        <button type="submit" className={look.button}>
          Search
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className={look.error}>
          {error}
        </p>
      ) : null}
    </form>
  );
}
