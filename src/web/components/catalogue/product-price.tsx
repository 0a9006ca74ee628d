import { type PricedAnswer, shownPrice } from '../../../domain/shown-price';
import { useCounterPriceMode } from './counter-price-mode';
import { formatAud } from '../../../domain/money';

export type PricedProduct = PricedAnswer;

/** A product's price in the mode the screen shows (the counter switch), excl. GST (SPEC.md §1). */
export function ProductPrice({ product, size = 'md' }: { product: PricedProduct; size?: 'sm' | 'md' | 'lg' }) {
  const price = shownPrice(product, useCounterPriceMode());
  if (!price) return <p className="text-xs text-black/60">Price hidden</p>;
  if (size === 'sm') {
    // The dense list: one figure a row, the mode and GST note small beneath it.
    return (
      <div className="text-right leading-none" data-testid="product-price">
        <p className="text-sm font-bold tabular-nums">
          <span className="sr-only">{price.label} price </span>
          {formatAud(price.cents)}
        </p>
        <p className="text-[10px] text-black/60">{price.label} ea excl. GST</p>
      </div>
    );
  }
  return (
    <div className="leading-tight" data-testid="product-price">
      <p className={size === 'lg' ? 'text-2xl font-extrabold' : 'text-lg font-bold'}>
        <span className="sr-only">{price.label} price </span>
        {formatAud(price.cents)}
      </p>
      <p className="text-[11px] text-black/60">
        {price.label} ea excl. GST
        {price.rrpCents !== null ? <> · RRP {formatAud(price.rrpCents)}</> : null}
      </p>
    </div>
  );
}
