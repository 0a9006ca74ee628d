import type { ReactNode } from 'react';

export type FinderMode = 'size' | 'vehicle';

/** The frame of the tyre and wheel finders: 'By size' / 'By vehicle' tabs above what the chosen tab searches by. */
export function FinderTabs({
  products,
  mode,
  onChoose,
  bySize,
  byVehicle,
}: {
  /** 'tyres' or 'wheels', for the accessible names. */
  products: string;
  mode: FinderMode;
  onChoose: (mode: FinderMode) => void;
  bySize: ReactNode;
  byVehicle: ReactNode;
}) {
  return (
    <section aria-label={`Find ${products}`} className="rounded-lg border border-black/10 bg-panel p-3">
      <div role="tablist" aria-label={`Search ${products} by`} className="mb-3 flex gap-1">
        {(['size', 'vehicle'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            aria-selected={mode === tab}
            onClick={() => onChoose(tab)}
            className="rounded px-3 py-1.5 text-sm font-semibold text-black/70 hover:bg-white aria-selected:bg-ink aria-selected:text-white focus-visible:outline-2 focus-visible:outline-brand"
          >
            {tab === 'size' ? 'By size' : 'By vehicle'}
          </button>
        ))}
      </div>
      {mode === 'size' ? (
        <div className="grid gap-3 lg:grid-cols-[minmax(16rem,1fr)_auto] lg:items-end">{bySize}</div>
      ) : (
        byVehicle
      )}
    </section>
  );
}
