/** Previous / page x of y / next under a result list. */
export function ResultsPager({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  if (totalPages <= 1) return null;
  const buttonClass =
    'rounded border border-black/15 px-3 py-1.5 text-sm font-semibold hover:border-brand hover:text-brand disabled:pointer-events-none disabled:opacity-40 focus-visible:outline-2 focus-visible:outline-brand';
  return (
    <nav aria-label="Pages" className="flex items-center justify-center gap-3 pt-4">
      <button type="button" className={buttonClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </button>
      <span className="text-sm text-black/70">
        Page {page} of {totalPages}
      </span>
      <button type="button" className={buttonClass} disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </button>
    </nav>
  );
}
