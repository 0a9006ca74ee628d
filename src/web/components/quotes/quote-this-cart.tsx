import { Link } from '@tanstack/react-router';
import type { CartItem } from '../../../contract/cart';
import { addToQuoteDraft } from './quote-draft';

/** 'Quote this cart': the cart's products and quantities onto the quote being built, which then opens. */
export function QuoteThisCart({ items }: { items: readonly CartItem[] }) {
  return (
    <Link
      to="/my-account/quotes/new"
      className="ml-4 mt-2 inline-block text-sm font-semibold text-brand underline"
      onClick={() =>
        addToQuoteDraft(
          items.map((item) => ({ productId: item.productId, name: item.productName, quantity: item.quantity })),
        )
      }
    >
      Quote this cart
    </Link>
  );
}
