import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/api-error';
import { LoadError } from '../layout/load-error';
import { AddToCartSlot } from './add-to-cart-slot';
import { AddToQuoteButton } from '../quotes/add-to-quote-button';
import { CatalogueImage } from './catalogue-image';
import type { CardProduct, TradeCardFields } from './product-card';
import { ProductPrice } from './product-price';
import { PromotionBadges } from './promotion-badges';
import { stockSummary } from './stock-badge';
import { WarehouseBreakdown } from './warehouse-breakdown';
import { DeliveryText } from './delivery-text';

export type ListPath = '/tyres' | '/wheels' | '/merchandise';

/** One product: picture, specifications and, for customers, price, stock per warehouse and the cart slot. */
export function ProductDetail({
  product,
  trade,
  headline,
  specs,
  description,
  actions,
}: {
  product: CardProduct;
  /** null for visitors; undefined while the customer's price and stock load. */
  trade: TradeCardFields | null | undefined;
  headline: string;
  specs: readonly (readonly [string, string])[];
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <article aria-labelledby="product-name" className="grid gap-6 md:grid-cols-[minmax(0,22rem)_1fr]">
      <div className="rounded-lg border border-black/10 bg-white p-4">
        <CatalogueImage picture={product.picture} displayWidth={352} eager className="w-full" />
      </div>
      <div className="space-y-4">
        <div className="space-y-1">
          <p className="text-xs font-bold uppercase tracking-wide text-black/60">
            {product.brand} · SKU <span className="font-mono normal-case">{product.sku}</span>
          </p>
          <h2 id="product-name" className="text-2xl font-extrabold tracking-tight">
            {product.name}
          </h2>
          <p className="font-mono text-lg font-semibold">{headline}</p>
        </div>
        {trade === undefined ? (
          <div aria-hidden="true" className="h-40 animate-pulse rounded-lg bg-panel" />
        ) : trade ? (
          <section
            aria-label="Price and stock"
            className="grid gap-4 rounded-lg border border-black/10 p-4 sm:grid-cols-2"
          >
            <div className="space-y-2">
              <ProductPrice product={trade} size="lg" />
              <p className="text-sm font-semibold">{stockSummary(trade).label}</p>
              <DeliveryText delivery={trade.delivery} className="text-sm" />
              <PromotionBadges promotions={trade.promotions} />
              <AddToCartSlot productId={product.id} productName={product.name} />
              <AddToQuoteButton productId={product.id} productName={product.name} />
            </div>
            <WarehouseBreakdown inventories={trade.inventories} caption="Stock by warehouse" />
          </section>
        ) : (
          <p className="rounded border border-black/10 bg-panel px-3 py-2 text-sm">
            <Link to="/login" className="font-semibold text-brand hover:underline">
              Log in
            </Link>{' '}
            to see your price and stock.
          </p>
        )}
        {actions}
        <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-1 rounded-lg border border-black/10 p-4 text-sm">
          {specs.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-black/60">{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {description ? <p className="text-sm leading-relaxed text-black/75">{description}</p> : null}
      </div>
    </article>
  );
}

/** A detail page whose product could not be loaded: a missing slug in words, anything else as an error. */
export function ProductNotLoaded({ error, what, back }: { error: unknown; what: string; back: ListPath }) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <div className="space-y-3">
      {missing ? (
        <p className="text-lg font-bold">This {what} is not in the catalogue.</p>
      ) : (
        <LoadError error={error} what={`The ${what}`} />
      )}
      <Link to={back} className="text-sm font-semibold text-brand hover:underline">
        Back to the {what} search
      </Link>
    </div>
  );
}
