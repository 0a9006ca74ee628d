import type { ReactNode } from 'react';
import { COUNTER_ROW_COLUMNS } from './product-card';
import { moveBetweenResults } from './result-keyboard';

/**
 * The frame of a result list: a grid of cards, or the dense list with its column header. Both take the counter's
 * keyboard (arrows between quantity boxes, a number and Enter to add).
 */
export function ResultItems({
  view,
  priced,
  children,
}: {
  view: 'grid' | 'list';
  priced: boolean;
  children: ReactNode;
}) {
  if (view === 'grid') {
    return (
      <ul onKeyDown={moveBetweenResults} className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-4">
        {children}
      </ul>
    );
  }
  return (
    <div className="rounded border border-black/10 bg-white">
      <div
        aria-hidden="true"
        className={`hidden gap-x-3 border-b border-black/15 bg-panel px-2 py-1 text-[11px] font-bold uppercase tracking-wide text-black/60 ${priced ? COUNTER_ROW_COLUMNS.trade : COUNTER_ROW_COLUMNS.public}`}
      >
        <span>Brand</span>
        <span>Pattern</span>
        <span>Size</span>
        {priced ? (
          <>
            <span className="text-right">Price</span>
            <span className="text-right">Local</span>
            <span className="text-right">Total</span>
            <span className="text-right">Qty</span>
            <span />
          </>
        ) : null}
      </div>
      <ul onKeyDown={moveBetweenResults}>{children}</ul>
    </div>
  );
}
