import { CartFlyout } from '../cart/cart-flyout';
import { useCartItemCount } from '../cart/use-cart-item-count';
import { CartIcon } from './icons';

/** The header's cart icon with its item count; it opens the cart flyout. */
export function CartButton() {
  const count = useCartItemCount();
  const label = `Cart, ${count} ${count === 1 ? 'item' : 'items'}`;
  return (
    <CartFlyout
      trigger={
        <button
          type="button"
          aria-label={label}
          title={label}
          className="relative inline-flex h-10 w-10 items-center justify-center rounded-full text-ink hover:bg-panel focus-visible:outline-2 focus-visible:outline-brand"
        >
          <CartIcon className="h-6 w-6" />
          <span
            aria-hidden="true"
            className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-brand px-1 text-center text-[11px] font-bold leading-5 text-white"
          >
            {count}
          </span>
        </button>
      }
    />
  );
}
