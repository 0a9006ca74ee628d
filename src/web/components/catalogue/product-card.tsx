import { Link } from '@tanstack/react-router';
import type { Picture } from '../../../contract/home';
import { AddToCartSlot } from './add-to-cart-slot';
import { CatalogueImage } from './catalogue-image';
import { EmailPick } from './email-pick';
import { type PricedProduct, ProductPrice } from './product-price';
import { PromotionBadges } from './promotion-badges';
import { StockBadge, type StockedProduct } from './stock-badge';

export type DetailPath = '/tyres/$slug' | '/wheels/$slug' | '/merchandise/$slug';

export interface CardProduct {
  readonly id: number;
  readonly sku: string;
  readonly slug: string;
  readonly name: string;
  readonly brand: string;
  readonly picture: Picture;
}

export type TradeCardFields = PricedProduct &
  StockedProduct & { readonly promotions: readonly { id: number; kind: 'CashBack4' | 'BuyXGetYFree'; label: string }[] };

/** Narrows a product of either answer to its trade fields; public answers have none. */
export function tradeFieldsOf(product: CardProduct | (CardProduct & TradeCardFields)): TradeCardFields | null {
  return 'priceDisplay' in product ? product : null;
}

/**
 * One search result, as a grid card or a dense list row. Trade fields (price, stock, promotions, the cart slot)
 * show only when the answer carries them, that is for signed-in customers.
 */
export function ProductCard({
  product,
  trade,
  detailPath,
  headline,
  specs,
  view,
  pickRole = 'single',
}: {
  product: CardProduct;
  trade: TradeCardFields | null;
  detailPath: DetailPath;
  headline: string;
  specs: readonly string[];
  view: 'grid' | 'list';
  /** In a staggered search the rear results pair with the front picked for the quote. */
  pickRole?: 'single' | 'rear';
}) {
  const title = (
    <Link
      to={detailPath}
      params={{ slug: product.slug }}
      className="text-sm font-semibold leading-snug hover:text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand sm:text-base"
    >
      {product.name}
    </Link>
  );
  const specLine = (
    <ul aria-label="Specifications" className="flex flex-wrap gap-1">
      {specs.map((spec) => (
        <li key={spec} className="rounded bg-panel px-1.5 py-0.5 text-[11px] font-medium text-black/70">
          {spec}
        </li>
      ))}
    </ul>
  );
  if (view === 'list') {
    return (
      <article aria-label={product.name} className="flex flex-wrap items-center gap-3 rounded border border-black/10 bg-white p-2 hover:border-black/25 sm:flex-nowrap">
        <CatalogueImage picture={product.picture} displayWidth={64} className="h-16 w-16 shrink-0 rounded" />
        <div className="min-w-0 flex-1 basis-[calc(100%-5rem)] space-y-1 sm:basis-auto">
          <p className="text-xs font-bold uppercase tracking-wide text-black/60">
            {product.brand} · <span className="font-mono normal-case">{product.sku}</span>
          </p>
          {title}
          <div className="flex flex-wrap items-center gap-2">
            <span className="font-mono text-sm font-semibold">{headline}</span>
            {specLine}
          </div>
        </div>
        {trade ? (
          <div className="flex w-full flex-wrap items-center justify-between gap-2 border-t border-black/5 pt-2 sm:w-auto sm:shrink-0 sm:flex-col sm:items-end sm:border-0 sm:pt-0 sm:text-right">
            <ProductPrice product={trade} />
            <StockBadge product={trade} name={product.name} />
            <PromotionBadges promotions={trade.promotions} />
            <AddToCartSlot productId={product.id} productName={product.name} />
            <EmailPick product={product} role={pickRole} />
          </div>
        ) : null}
      </article>
    );
  }
  return (
    <article aria-label={product.name} className="flex h-full flex-col gap-2 rounded border border-black/10 bg-white p-3 hover:border-black/25 hover:shadow-sm">
      <div className="relative">
        <CatalogueImage picture={product.picture} displayWidth={160} className="mx-auto h-28 w-full" />
        {trade ? (
          <div className="absolute left-0 top-0">
            <PromotionBadges promotions={trade.promotions} />
          </div>
        ) : null}
      </div>
      <p className="text-xs font-bold uppercase tracking-wide text-black/60">
        {product.brand} · <span className="font-mono normal-case">{product.sku}</span>
      </p>
      {title}
      <p className="font-mono text-sm font-semibold">{headline}</p>
      {specLine}
      {trade ? (
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 border-t border-black/5 pt-2">
          <ProductPrice product={trade} />
          <StockBadge product={trade} name={product.name} />
        </div>
      ) : null}
      {trade ? (
        <div className="flex items-center justify-between gap-2">
          <EmailPick product={product} role={pickRole} />
          <AddToCartSlot productId={product.id} productName={product.name} />
        </div>
      ) : null}
    </article>
  );
}
