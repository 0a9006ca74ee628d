import { Link } from '@tanstack/react-router';
import { addToQuoteDraft, useQuoteDraft } from './quote-draft';

const buttonClass =
  'rounded border border-brand px-3 py-1.5 text-sm font-semibold text-brand hover:bg-brand/5 focus-visible:outline-2 focus-visible:outline-brand';

/** 'Add to quote' on a product card or page: puts four of it on the quote being built (a set, as most are quoted). */
export function AddToQuoteButton({ productId, productName }: { productId: number; productName: string }) {
  const onQuote = useQuoteDraft().some((line) => line.productId === productId);
  if (onQuote) {
    return (
      <Link to="/my-account/quotes/new" className="text-sm font-semibold text-brand hover:underline">
        On the quote
      </Link>
    );
  }
  return (
    <button
      type="button"
      className={buttonClass}
      aria-label={`Add ${productName} to quote`}
      onClick={() => addToQuoteDraft([{ productId, name: productName, quantity: 4 }])}
    >
      Add to quote
    </button>
  );
}
