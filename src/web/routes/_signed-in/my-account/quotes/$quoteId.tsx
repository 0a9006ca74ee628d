import { createFileRoute } from '@tanstack/react-router';
import { QuotePage } from '../../../../components/quotes/quote-page';

export const Route = createFileRoute('/_signed-in/my-account/quotes/$quoteId')({
  staticData: { title: 'Quote' },
  component: QuoteRoute,
});

function QuoteRoute() {
  const { quoteId } = Route.useParams();
  const id = Number(quoteId);
  if (!Number.isSafeInteger(id) || id < 1) {
    return (
      <p role="alert" className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
        That is not a quote number.
      </p>
    );
  }
  return <QuotePage quoteId={id} />;
}
