import { PAGE_SIZES } from '../../../contract/catalogue-common';
import type { ReactNode } from 'react';

export interface ResultsToolbarProps {
  readonly totalCount: number | null;
  readonly page: number;
  readonly pageSize: number;
  readonly view: 'grid' | 'list';
  /** Sort and 'Can arrive by' (SearchOrder) when the search box they sit beside is not shown (a vehicle search). */
  readonly order?: ReactNode;
  readonly updating: boolean;
  readonly onPageSize: (pageSize: (typeof PAGE_SIZES)[number]) => void;
  readonly onView: (view: 'grid' | 'list') => void;
}

const selectClass =
  'rounded border border-black/15 bg-white px-2 py-1 text-sm focus-visible:outline-2 focus-visible:outline-brand';

/** Count, page size and grid/list above a result list (the order sits beside the search box: SearchOrder). */
export function ResultsToolbar(props: ResultsToolbarProps) {
  const { totalCount, page, pageSize } = props;
  const first = totalCount ? (page - 1) * pageSize + 1 : 0;
  const last = totalCount ? Math.min(totalCount, page * pageSize) : 0;
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2 border-b border-black/10 pb-2 text-sm">
      <p role="status" aria-live="polite" className="mr-auto font-semibold">
        {totalCount === null
          ? 'Searching…'
          : totalCount === 0
            ? 'No products'
            : `${first.toLocaleString('en-AU')}–${last.toLocaleString('en-AU')} of ${totalCount.toLocaleString('en-AU')} products`}
        {props.updating && totalCount !== null ? (
          <span className="ml-2 font-normal text-black/60">updating…</span>
        ) : null}
      </p>
      {props.order ? <div className="flex flex-wrap items-end gap-2 max-sm:w-full">{props.order}</div> : null}
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
