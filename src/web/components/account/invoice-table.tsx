import { useQuery } from '@tanstack/react-query';
import { invoicePageQuery } from '../../api/queries/account';
import { useApi } from '../../session/session-context';
import { ResultsPager } from '../catalogue/results-pager';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';
import { formatDate } from '../../dates/dates';
import { InvoiceStandingCells } from './invoice-status-badge';

const headClass = 'px-3 py-2 font-semibold';

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
  if (invoices.error) return <LoadError error={invoices.error} what="Your invoices" />;
  if (!invoices.data) return <Spinner label="Loading your invoices…" />;
  const { data } = invoices;
  if (data.totalCount === 0) {
    return <p className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">You have no invoices yet.</p>;
  }
  return (
    <div className="space-y-3">
      <p className="text-sm text-black/70">
        {data.totalCount} invoices · outstanding in total <span className="font-semibold text-ink">{data.totalOutstanding}</span>
      </p>
      <div className="overflow-x-auto rounded-lg border border-black/10 bg-white shadow-sm">
        <table className="w-full text-left text-sm" aria-busy={invoices.isPlaceholderData || undefined}>
          <caption className="sr-only">
            Invoices, page {data.page} of {data.totalPages}; amounts in AUD incl. GST
          </caption>
          <thead className="bg-panel">
            <tr>
              <th scope="col" className={headClass}>
                Invoice
              </th>
              <th scope="col" className={headClass}>
                Date
              </th>
              <th scope="col" className={headClass}>
                Due date
              </th>
              <th scope="col" className={`${headClass} text-right`}>
                Amount
              </th>
              <th scope="col" className={`${headClass} text-right`}>
                Outstanding
              </th>
              <th scope="col" className={headClass}>
                Status
              </th>
            </tr>
          </thead>
          <tbody>
            {data.invoices.map((invoice) => (
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
            ))}
          </tbody>
        </table>
      </div>
      <ResultsPager page={data.page} totalPages={data.totalPages} onPage={onPage} />
    </div>
  );
}
