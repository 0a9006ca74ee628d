/** The Programs menu button's look, shared with the placeholder that holds its place until the menu's chunk arrives. */
export const programsTriggerClass =
  'inline-flex items-center gap-1 rounded px-3 py-2 text-sm font-semibold uppercase tracking-wide text-ink hover:text-brand focus-visible:outline-2 focus-visible:outline-brand data-[state=open]:text-brand';
