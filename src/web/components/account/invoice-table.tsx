import { useQuery } from '@tanstack/react-query';
import { invoicePageQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { PagedTable, pagedHeadClass } from '../layout/paged-table';
import { formatDate } from '../../dates/dates';
import { InvoiceStandingCells } from './invoice-status-badge';

/** The account's invoices a page at a time, newest first; choosing an invoice number opens its details. */
export function InvoiceTable({
  page,
  onPage,
  onOpen,
}: {
  page: number;
  onPage: (page: number) => void;
  onOpen: (invoiceNumber: string) => void;
}) {
  const api = useApi();
  const invoices = useQuery(invoicePageQuery(api, page));
  return (
    <PagedTable
      result={invoices}
      what="Your invoices"
      loading="Loading your invoices…"
      empty={
        <p className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
          You have no invoices yet.
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
