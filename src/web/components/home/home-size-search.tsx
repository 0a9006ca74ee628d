import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { readTypedTyreSearch } from '../catalogue/tyre-finder';

/**
 * The first thing on a customer's home page (issue 16, 'search first'): the tyre size box, with the cursor in it.
 * Enter opens the tyre search for what was typed, read as the tyre page's own box reads it ('2656517' → 265/65R17).
 */
export function HomeSizeSearch() {
  const navigate = useNavigate();
  const inputId = useId();
  const errorId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readTypedTyreSearch(text);
    if ('error' in read) setError(read.error);
    else void navigate({ to: '/tyres', search: read.size ? { size: read.size } : { q: read.q } });
  };
  return (
    <form role="search" aria-label="Tyre search" onSubmit={submit} className="w-full max-w-2xl space-y-1">
      <label htmlFor={inputId} className="text-xs font-bold uppercase tracking-wide text-white/80">
        Tyre size or product search
      </label>
      <div className="flex gap-2">
        <input
          ref={box}
          id={inputId}
          type="search"
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
          className="w-full rounded border border-white/30 bg-white px-3 py-2 font-mono text-base text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        />
        <button
          type="submit"
          className="rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          Search
        </button>
      </div>
      {error ? (
        <p id={errorId} role="alert" className="rounded bg-white px-2 py-1 text-xs font-medium text-brand-dark">
          {error}
        </p>
      ) : null}
    </form>
  );
}
