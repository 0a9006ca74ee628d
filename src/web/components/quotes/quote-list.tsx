import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent } from 'react';
import { quoteListQuery } from '../../api/queries/quotes';
import { formatCalendarDay, formatDate } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';

const linkClass = 'font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand';

/** Finds quotes by the customer's name. */
export function QuoteSearch({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(String(new FormData(event.currentTarget).get('search') ?? '').trim());
  };
  return (
    <form role="search" aria-label="Find quotes" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className="text-sm font-semibold">
        Customer’s name
        <input
          name="search"
          defaultValue={search}
          maxLength={100}
          className="block rounded border border-black/20 px-2 py-1.5"
        />
      </label>
      <button type="submit" className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white">
        Search
      </button>
    </form>
  );
}

/** The account's quotes a page at a time, newest first. */
export function QuoteList({ page, search, onPage }: { page: number; search: string; onPage: (page: number) => void }) {
  const api = useApi();
  const quotes = useQuery(quoteListQuery(api, page, search));
  if (quotes.isPending) return <Spinner label="Loading your quotes…" />;
  if (quotes.isError) return <LoadError error={quotes.error} what="Your quotes" />;
  const data = quotes.data;
  if (data.quotes.length === 0) {
    return <p className="text-sm">{search ? `No quote is for a customer named ‘${search}’.` : 'No quotes yet.'}</p>;
  }
  return (
    <>
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{`Quotes, page ${data.page} of ${data.totalPages}; totals incl. GST`}</caption>
        <thead>
          <tr className="border-b border-black/20">
            <th className="py-2">Quote</th>
            <th className="py-2">Customer</th>
            <th className="py-2">Vehicle</th>
            <th className="py-2">Date</th>
            <th className="py-2">Valid until</th>
            <th className="py-2 text-right">Total incl. GST</th>
          </tr>
        </thead>
        <tbody>
          {data.quotes.map((quote) => (
            <tr key={quote.id} className="border-b border-black/5">
              <td className="py-2">
                <Link to="/my-account/quotes/$quoteId" params={{ quoteId: String(quote.id) }} className={linkClass}>
                  {quote.reference}
                </Link>
              </td>
              <td className="py-2">{quote.customerName}</td>
              <td className="py-2">{quote.vehicle}</td>
              <td className="py-2">{formatDate(quote.createdAt)}</td>
              <td className="py-2">{formatCalendarDay(quote.validUntil)}</td>
              <td className="py-2 text-right">{quote.total.formatted}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {data.totalPages > 1 ? (
        <nav aria-label="Quote pages" className="flex gap-3 text-sm">
          <button type="button" className={linkClass} disabled={page <= 1} onClick={() => onPage(page - 1)}>
            Previous
          </button>
          <span>
            Page {data.page} of {data.totalPages}
          </span>
          <button
            type="button"
            className={linkClass}
            disabled={page >= data.totalPages}
            onClick={() => onPage(page + 1)}
          >
            Next
          </button>
        </nav>
      ) : null}
    </>
  );
}
