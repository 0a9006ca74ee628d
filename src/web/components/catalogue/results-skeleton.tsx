/** Placeholders in the shape of the result cards while the first answer loads. */
export function ResultsSkeleton({ view, count = 8 }: { view: 'grid' | 'list'; count?: number }) {
  return (
    <ul
      aria-hidden="true"
      className={view === 'grid' ? 'grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4' : 'space-y-2'}
    >
      {Array.from({ length: count }, (_, slot) => (
        <li
          key={slot}
          data-testid="result-skeleton"
          className={`animate-pulse rounded border border-black/5 bg-panel ${view === 'grid' ? 'h-72' : 'h-24'}`}
        />
      ))}
    </ul>
  );
}
