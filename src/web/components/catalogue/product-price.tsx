import { type PricedAnswer, shownPrice } from '../../../domain/shown-price';
import { useCounterPriceMode } from './counter-price-mode';
import { formatCents } from './format-money';

export type PricedProduct = PricedAnswer;

/** A product's price in the mode the screen shows (the counter switch), excl. GST (SPEC.md §1). */
export function ProductPrice({ product, size = 'md' }: { product: PricedProduct; size?: 'md' | 'lg' }) {
  const price = shownPrice(product, useCounterPriceMode());
  if (!price) return <p className="text-xs text-black/60">Price hidden</p>;
  return (
    <div className="leading-tight" data-testid="product-price">
      <p className={size === 'lg' ? 'text-2xl font-extrabold' : 'text-lg font-bold'}>
        <span className="sr-only">{price.label} price </span>
        {formatCents(price.cents)}
      </p>
      <p className="text-[11px] text-black/60">
        {price.label} ea excl. GST
        {price.rrpCents !== null ? <> · RRP {formatCents(price.rrpCents)}</> : null}
      </p>
    </div>
  );
}
