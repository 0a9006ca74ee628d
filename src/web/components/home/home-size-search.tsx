import { useNavigate } from '@tanstack/react-router';
import { TyreSizeInput, type TyreSizeInputLook } from '../catalogue/tyre-size-input';

/** The home hero's look of the size box: white on the dark hero. */
const homeLook: TyreSizeInputLook = {
  form: 'w-full max-w-2xl space-y-1',
  label: 'text-xs font-bold uppercase tracking-wide text-white/80',
  input:
    'w-full rounded border border-white/30 bg-white px-3 py-2 font-mono text-base text-ink focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
  button:
    'rounded bg-brand px-5 py-2 font-bold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white',
  error: 'rounded bg-white px-2 py-1 text-xs font-medium text-brand-dark',
};

/**
 * The first thing on a customer's home page ('search first'): the tyre size box, with the cursor in it.
 * Enter opens the tyre search for what was typed, read as the tyre page's own box reads it ('2656517' → 265/65R17).
 */
export function HomeSizeSearch() {
  const navigate = useNavigate();
  return (
    <TyreSizeInput
      label="Tyre size or product search"
      formLabel="Tyre search"
      look={homeLook}
      onSearch={(read) => void navigate({ to: '/tyres', search: read.size ? { size: read.size } : { q: read.q } })}
    />
  );
}
