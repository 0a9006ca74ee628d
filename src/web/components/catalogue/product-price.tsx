import { type PricedAnswer, shownPrice } from '../../../domain/shown-price';
import { useCounterPriceMode } from './counter-price-mode';
import { formatAud } from '../../../domain/money';

export type PricedProduct = PricedAnswer & {
  /** The account's quantity breaks (trade answers only). */
  readonly priceBreaks?: readonly { readonly minQuantity: number; readonly priceCents: number }[];
};

/** '4+ $140.00' for each break, shown only beside a trade price. */
function PriceBreaks({ product }: { product: PricedProduct }) {
  const breaks = product.priceBreaks ?? [];
  if (breaks.length === 0) return null;
  return (
    <p className="text-[11px] font-semibold text-black/80" data-testid="price-breaks">
      {breaks.map((entry) => `${entry.minQuantity}+ ${formatAud(entry.priceCents)}`).join(' · ')}
    </p>
  );
}

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
      {price.label === 'Trade' ? <PriceBreaks product={product} /> : null}
    </div>
  );
}
