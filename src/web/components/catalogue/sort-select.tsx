import { type SortOption, sortOptions } from './catalogue-search-params';
import { pickerFieldClass, pickerLabelClass } from './vehicle-selects';

export const selectClass =
  'rounded border border-black/15 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand';

/**
 * The order of a result list, placed right after the section's search box: at the counter the order is the next
 * thing chosen after the size ('Available soonest': what can be fitted today), one or two Tabs away rather than past
 * every filter. Visitors see no prices or stock, so they get no price or availability order either.
 */
export function SortSelect({
  sort,
  priced,
  onSort,
  look = 'inline',
}: {
  sort: SortOption;
  priced: boolean;
  onSort: (sort: SortOption) => void;
  /** 'finder': labelled above, as the size pickers beside it are. */
  look?: 'inline' | 'finder';
}) {
  const finder = look === 'finder';
  return (
    <label className={finder ? 'block space-y-1 max-sm:space-y-0' : 'flex items-center gap-1.5 text-sm'}>
      {/* On a phone the finder's labels give the results the room, as the size box's does. */}
      <span className={finder ? `block ${pickerLabelClass} max-sm:sr-only` : 'text-black/60'}>Sort</span>
      <select
        className={finder ? `${pickerFieldClass} max-sm:py-1` : selectClass}
        value={sort}
        onChange={(event) => onSort(event.target.value as SortOption)}
      >
        {Object.entries(sortOptions)
          .filter(([, option]) => priced || !option.priced)
          .map(([value, option]) => (
            <option key={value} value={value}>
              {option.label}
            </option>
          ))}
      </select>
    </label>
  );
}
