import { PAGE_SIZES } from '../../../contract/catalogue-common';
import { type SortOption, sortOptions } from './catalogue-search-params';

export interface ResultsToolbarProps {
  readonly totalCount: number | null;
  readonly page: number;
  readonly pageSize: number;
  readonly sort: SortOption;
  readonly view: 'grid' | 'list';
  /** Visitors see no prices or stock, so they get no price or availability order either. */
  readonly priced: boolean;
  readonly updating: boolean;
  readonly onSort: (sort: SortOption) => void;
  readonly onPageSize: (pageSize: (typeof PAGE_SIZES)[number]) => void;
  readonly onView: (view: 'grid' | 'list') => void;
}

const selectClass =
  'rounded border border-black/15 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand';

/** Count, order, page size and grid/list above a result list. */
export function ResultsToolbar(props: ResultsToolbarProps) {
  const { totalCount, page, pageSize } = props;
  const first = totalCount ? (page - 1) * pageSize + 1 : 0;
  const last = totalCount ? Math.min(totalCount, page * pageSize) : 0;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-black/10 pb-2 text-sm">
      <p role="status" aria-live="polite" className="mr-auto font-semibold max-sm:w-full">
        {totalCount === null
          ? 'Searching…'
          : totalCount === 0
            ? 'No products'
            : `${first.toLocaleString('en-AU')}–${last.toLocaleString('en-AU')} of ${totalCount.toLocaleString('en-AU')} products`}
        {props.updating && totalCount !== null ? (
          <span className="ml-2 font-normal text-black/60">updating…</span>
        ) : null}
      </p>
      <label className="flex items-center gap-1.5">
        <span className="text-black/60">Sort</span>
        <select
          className={selectClass}
          value={props.sort}
          onChange={(event) => props.onSort(event.target.value as SortOption)}
        >
          {Object.entries(sortOptions)
            .filter(([, option]) => props.priced || !option.priced)
            .map(([value, option]) => (
              <option key={value} value={value}>
                {option.label}
              </option>
            ))}
        </select>
      </label>
      <label className="hidden items-center gap-1.5 sm:flex">
        <span className="text-black/60">Show</span>
        <select
          className={selectClass}
          value={pageSize}
          onChange={(event) => props.onPageSize(Number(event.target.value) as (typeof PAGE_SIZES)[number])}
        >
          {PAGE_SIZES.map((size) => (
            <option key={size} value={size}>
              {size}
            </option>
          ))}
        </select>
      </label>
      <div role="group" aria-label="Layout" className="flex overflow-hidden rounded border border-black/15">
        {(['grid', 'list'] as const).map((view) => (
          <button
            key={view}
            type="button"
            aria-pressed={props.view === view}
            onClick={() => props.onView(view)}
            className="px-2.5 py-1 text-xs font-semibold capitalize aria-pressed:bg-ink aria-pressed:text-white hover:bg-panel aria-pressed:hover:bg-ink focus-visible:outline-2 focus-visible:outline-brand"
          >
            {view}
          </button>
        ))}
      </div>
    </div>
  );
}
