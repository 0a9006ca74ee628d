import { errorMessage } from '../../api/api-error';

/** A failed load, in words: the server's detail, or the communication error (SPEC.md §8). */
export function LoadError({ error, what }: { error: unknown; what: string }) {
  const message = errorMessage(error);
  return (
    <p role="alert" className="rounded border border-brand/30 bg-brand/5 px-4 py-3 text-sm text-brand-dark">
      {what} could not be loaded: {message}
    </p>
  );
}
