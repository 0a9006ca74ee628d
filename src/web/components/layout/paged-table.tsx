import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ResultsPager } from '../catalogue/results-pager';
import { LoadError } from './load-error';
import { Spinner } from './spinner';

/** A column head of a paged table. */
export const pagedHeadClass = 'px-3 py-2 font-semibold';

/** What a page of an account's list answers besides its rows. */
interface PageOf {
  readonly totalCount: number;
  readonly page: number;
  readonly totalPages: number;
}

/**
 * One page of an account's list (invoices, orders) as a table with its pager, and the list's loading, error and
 * empty states. While the next page loads the table stays, marked busy.
 */
export function PagedTable<T extends PageOf>({
  result,
  what,
  loading,
  empty,
  summary,
  caption,
  head,
  rows,
  onPage,
}: {
  result: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPlaceholderData'>;
  /** The list, as a load error names it ('Your invoices'). */
  what: string;
  loading: string;
  /** Shown instead of the table when the list has nothing. */
  empty: ReactNode;
  summary: (data: T) => ReactNode;
  /** The table's caption, for screen readers: what it lists and which page. */
  caption: (data: T) => string;
  /** The head row's cells. */
  head: ReactNode;
  rows: (data: T) => ReactNode;
  onPage: (page: number) => void;
}) {
  if (result.error) return <LoadError error={result.error} what={what} />;
  if (!result.data) return <Spinner label={loading} />;
  const { data } = result;
  if (data.totalCount === 0) return empty;
  return (
    <div className="space-y-3">
      {summary(data)}
      <div className="overflow-x-auto rounded-lg border border-black/10 bg-white shadow-sm">
        <table className="w-full text-left text-sm" aria-busy={result.isPlaceholderData || undefined}>
          <caption className="sr-only">{caption(data)}</caption>
          <thead className="bg-panel">
            <tr>{head}</tr>
          </thead>
          <tbody>{rows(data)}</tbody>
        </table>
      </div>
      <ResultsPager page={data.page} totalPages={data.totalPages} onPage={onPage} />
    </div>
  );
}
