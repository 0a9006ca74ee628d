import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import type { Quote } from '../../../contract/quotes';
import { cartKey } from '../../api/queries/cart';
import { quoteDetailsQuery } from '../../api/queries/quotes';
import { errorMessage } from '../../api/api-error';
import { formatCalendarDay, formatDate } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { useUserMay } from '../../session/user-may';
import { saveAttachment } from '../account/invoice-pdf';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';

const buttonClass =
  'rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand/90 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60';
const secondaryClass =
  'rounded border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand disabled:opacity-60';

/** The quote's lines and totals: the shop's prices to its customer, excl. GST per line, GST and the total incl. GST. */
function QuoteLines({ quote }: { quote: Quote }) {
  const rows = [
    ...quote.lines.map((line) => ({ key: `p${line.id}`, code: line.sku, description: line.name, ...line })),
    ...quote.services.map((service) => ({ key: `s${service.id}`, code: '', ...service })),
  ];
  return (
    <table className="w-full text-left text-sm">
      <caption className="sr-only">Quote lines, prices excl. GST</caption>
      <thead>
        <tr className="border-b border-black/20">
          <th className="py-2">Code</th>
          <th className="py-2">Description</th>
          <th className="py-2 text-right">Qty</th>
          <th className="py-2 text-right">Unit excl. GST</th>
          <th className="py-2 text-right">Total excl. GST</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-black/5">
            <td className="py-2 font-mono">{row.code}</td>
            <td className="py-2">{row.description}</td>
            <td className="py-2 text-right">{row.quantity}</td>
            <td className="py-2 text-right">{row.unitPrice.formatted}</td>
            <td className="py-2 text-right">{row.amount.formatted}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th colSpan={4} className="pt-3 text-right font-normal">
            Subtotal excl. GST
          </th>
          <td className="pt-3 text-right">{quote.subtotal.formatted}</td>
        </tr>
        <tr>
          <th colSpan={4} className="text-right font-normal">
            GST (10%)
          </th>
          <td className="text-right">{quote.gst.formatted}</td>
        </tr>
        <tr>
          <th colSpan={4} className="text-right">
            Total incl. GST
          </th>
          <td className="text-right font-bold">{quote.total.formatted}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** Download PDF, Print, and (for a buyer or the owner) Turn into cart. Not printed. */
function QuoteActions({ quote }: { quote: Quote }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const may = useUserMay();
  const download = useMutation({
    mutationFn: async () => saveAttachment(await api.raw('quotePdf', { query: { id: quote.id } }), 'quote.pdf'),
  });
  const toCart = useMutation({
    mutationFn: () => api.call('quoteToCart', { body: { id: quote.id } }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: cartKey });
      await navigate({ to: '/checkout' });
    },
  });
  const failure = errorMessage(download.error) ?? errorMessage(toCart.error);
  return (
    <div className="flex flex-wrap items-center gap-3 print:hidden">
      <button type="button" className={buttonClass} disabled={download.isPending} onClick={() => download.mutate()}>
        Download PDF
      </button>
      <button type="button" className={secondaryClass} onClick={() => window.print()}>
        Print
      </button>
      {may.turnQuoteIntoCart ? (
        <button type="button" className={secondaryClass} disabled={toCart.isPending} onClick={() => toCart.mutate()}>
          Turn into cart
        </button>
      ) : null}
      <Link to="/my-account/quotes" className="text-sm font-semibold text-brand hover:underline">
        All quotes
      </Link>
      {failure ? (
        <p role="alert" className="basis-full text-sm text-red-700">
          {failure}
        </p>
      ) : null}
    </div>
  );
}

/** A quote as the shop's customer reads it, printable as it stands (no navigation on paper). */
export function QuotePage({ quoteId }: { quoteId: number }) {
  const api = useApi();
  const quote = useQuery(quoteDetailsQuery(api, quoteId));
  if (quote.isPending) return <Spinner label="Loading the quote…" />;
  if (quote.isError) return <LoadError error={quote.error} what="The quote" />;
  const data = quote.data;
  return (
    <article data-print-page className="mx-auto max-w-4xl space-y-6 px-4 py-8 sm:px-6 print:p-0">
      <QuoteActions quote={data} />
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold">{data.shop.tradingName}</h1>
          {data.shop.abn ? <p className="text-sm">ABN {data.shop.abn}</p> : null}
        </div>
        <div className="text-right">
          <p className="text-xl font-bold">Quote {data.reference}</p>
          <p className="text-sm">Date {formatDate(data.createdAt)}</p>
          <p className="text-sm">Valid until {formatCalendarDay(data.validUntil)}</p>
        </div>
      </header>
      <section aria-label="Customer">
        <p className="font-semibold">For {data.customerName}</p>
        {data.vehicle ? <p className="text-sm">{data.vehicle}</p> : null}
      </section>
      <QuoteLines quote={data} />
      {data.notes ? <p className="whitespace-pre-line text-sm">{data.notes}</p> : null}
      {data.createdBy ? <p className="text-xs text-black/60">Prepared by {data.createdBy}</p> : null}
    </article>
  );
}
