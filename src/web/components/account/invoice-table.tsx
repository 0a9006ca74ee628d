import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { invoicePageQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { PagedTable, pagedHeadClass } from '../layout/paged-table';
import { formatDate } from '../../dates/dates';
import { InvoiceStandingCells } from './invoice-status-badge';

/** The account's invoices a page at a time, newest first; choosing an invoice number opens its details. */
export function InvoiceTable({
  page,
  search,
  onPage,
  onOpen,
}: {
  page: number;
  /** Narrows the list to invoices whose number, stock number or order reference contains it ('' for all). */
  search: string;
  onPage: (page: number) => void;
  onOpen: (invoiceNumber: string) => void;
}) {
  const api = useApi();
  const invoices = useQuery(invoicePageQuery(api, page, search));
  return (
    <PagedTable
      result={invoices}
      what="Your invoices"
      loading="Loading your invoices…"
      empty={
        <p className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
          {search ? `No invoice matches ‘${search}’.` : 'You have no invoices yet.'}
        </p>
      }
      summary={(data) => (
        <p className="text-sm text-black/70">
          {data.totalCount} invoices · outstanding in total{' '}
          <span className="font-semibold text-ink">{data.totalOutstanding}</span>
        </p>
      )}
      caption={(data) => `Invoices, page ${data.page} of ${data.totalPages}; amounts in AUD incl. GST`}
      head={
        <>
          <th scope="col" className={pagedHeadClass}>
            Invoice
          </th>
          <th scope="col" className={pagedHeadClass}>
            Your references
          </th>
          <th scope="col" className={pagedHeadClass}>
            Date
          </th>
          <th scope="col" className={pagedHeadClass}>
            Due date
          </th>
          <th scope="col" className={`${pagedHeadClass} text-right`}>
            Amount
          </th>
          <th scope="col" className={`${pagedHeadClass} text-right`}>
            Outstanding
          </th>
          <th scope="col" className={pagedHeadClass}>
            Status
          </th>
        </>
      }
      rows={(data) =>
        data.invoices.map((invoice) => (
          <tr
            key={invoice.id}
            className="cursor-pointer border-t border-black/5 hover:bg-panel/60"
            onClick={() => onOpen(invoice.invoiceNumber)}
          >
            <th scope="row" className="px-3 py-2 font-normal">
              <button
                type="button"
                className="font-mono font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
                onClick={(event) => {
                  event.stopPropagation();
                  onOpen(invoice.invoiceNumber);
                }}
              >
                {invoice.invoiceNumber}
              </button>
            </th>
            <td className="px-3 py-2">
              {[invoice.stockNumber, invoice.orderReference].filter((reference) => reference !== null).join(' · ')}
            </td>
            <td className="px-3 py-2">{formatDate(invoice.date)}</td>
            <td className="px-3 py-2">{formatDate(invoice.dueDate)}</td>
            <InvoiceStandingCells invoice={invoice} />
          </tr>
        ))
      }
      onPage={onPage}
    />
  );
}

/** Finds invoices by invoice number or by the buyer's own references (stock number, order reference). */
export function InvoiceSearch({ search, onSearch }: { search: string; onSearch: (text: string) => void }) {
  const [text, setText] = useState(search);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" aria-label="Find invoices" onSubmit={submit} className="flex flex-wrap items-end gap-2">
      <label className="space-y-1 text-sm">
        <span className="block font-semibold text-ink">Invoice, stock number or order reference</span>
        <input
          type="search"
          value={text}
          maxLength={35}
          onChange={(event) => setText(event.target.value)}
          className="block w-72 rounded border border-black/20 px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand"
        />
      </label>
      <button
        type="submit"
        className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
      >
        Find
      </button>
    </form>
  );
}
