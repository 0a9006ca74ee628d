import { CloseIcon } from '../layout/icons';

export interface FilterChip {
  readonly key: string;
  readonly label: string;
  readonly remove: () => void;
}

/** The filters in force, each removable, and one button to clear them all. */
export function ActiveFilters({ chips, onClear }: { chips: readonly FilterChip[]; onClear: () => void }) {
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-1.5">
      <span className="text-xs font-bold uppercase tracking-wide text-black/60">Filters</span>
      <ul className="contents">
        {chips.map((chip) => (
          <li key={chip.key}>
            <button
              type="button"
              onClick={chip.remove}
              aria-label={`Remove filter ${chip.label}`}
              className="inline-flex items-center gap-1 rounded-full border border-black/15 bg-white px-2 py-0.5 text-xs font-medium hover:border-brand hover:text-brand focus-visible:outline-2 focus-visible:outline-brand"
            >
              {chip.label}
              <CloseIcon className="h-3 w-3" />
            </button>
          </li>
        ))}
      </ul>
      <button type="button" onClick={onClear} className="text-xs font-semibold text-brand hover:underline">
        Clear filters
      </button>
    </div>
  );
}
