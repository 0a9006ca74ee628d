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
    <section
      aria-label={`Find ${products}`}
      className="rounded-lg border border-black/10 bg-panel p-2 sm:p-3 lg:flex lg:items-end lg:gap-4"
    >
      <div role="tablist" aria-label={`Search ${products} by`} className="mb-2 flex shrink-0 gap-1 lg:mb-0">
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
        <div className="grid gap-2 sm:gap-3 lg:flex-1 lg:grid-cols-[minmax(16rem,1fr)_auto] lg:items-end">{bySize}</div>
      ) : (
        <div className="lg:flex-1">{byVehicle}</div>
      )}
    </section>
  );
}
