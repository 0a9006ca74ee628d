import { Link } from '@tanstack/react-router';
import type { Picture } from '../../../contract/home';
import { AddToCartSlot } from './add-to-cart-slot';
import { AddToQuoteButton } from '../quotes/add-to-quote-button';
import { CatalogueImage } from './catalogue-image';
import { DeliveryText } from './delivery-text';
import { EmailPick } from './email-pick';
import { type PricedProduct, ProductPrice } from './product-price';
import { PromotionBadges } from './promotion-badges';
import { StockBadge, StockColumns, type StockedProduct } from './stock-badge';

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
  StockedProduct & {
    readonly promotions: readonly { id: number; kind: 'CashBack4' | 'BuyXGetYFree'; label: string }[];
    readonly delivery: { readonly text: string; readonly date: string | null };
  };

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
  pattern,
  pickRole = 'single',
}: {
  product: CardProduct;
  trade: TradeCardFields | null;
  detailPath: DetailPath;
  headline: string;
  specs: readonly string[];
  view: 'grid' | 'list';
  /** The list view's second column: a tyre's pattern, a wheel's design, an accessory's kind. */
  pattern: string;
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
  // Phones leave the chips out: the size line above says what the counter needs, and price and Add stay on screen.
  const specLine = (
    <ul aria-label="Specifications" className="hidden flex-wrap gap-1 sm:flex">
      {specs.map((spec) => (
        <li key={spec} className="rounded bg-panel px-1.5 py-0.5 text-[11px] font-medium text-black/70">
          {spec}
        </li>
      ))}
    </ul>
  );
  if (view === 'list') {
    return (
      <CounterRow
        product={product}
        trade={trade}
        detailPath={detailPath}
        headline={headline}
        pattern={pattern}
        pickRole={pickRole}
      />
    );
  }
  return (
    <article
      aria-label={product.name}
      className="flex h-full flex-col gap-2 rounded border border-black/10 bg-white p-3 hover:border-black/25 hover:shadow-sm"
    >
      <div className="relative">
        <CatalogueImage picture={product.picture} displayWidth={160} className="mx-auto h-20 w-full sm:h-28" />
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
          <DeliveryText delivery={trade.delivery} className="basis-full text-xs" />
        </div>
      ) : null}
      {trade ? (
        <div className="flex flex-wrap-reverse items-center justify-between gap-2">
          <EmailPick product={product} role={pickRole} />
          <AddToQuoteButton productId={product.id} productName={product.name} />
          <AddToCartSlot productId={product.id} productName={product.name} />
        </div>
      ) : null}
    </article>
  );
}

/** The list view's columns, shared by its header and its rows so they line up. */
export const COUNTER_ROW_COLUMNS = {
  trade: 'sm:grid sm:grid-cols-[6.5rem_minmax(0,1fr)_11.5rem_6.5rem_3rem_4rem_9.5rem_3.75rem]',
  public: 'sm:grid sm:grid-cols-[6.5rem_minmax(0,1fr)_12rem]',
} as const;

/**
 * One product a row for comparing at the counter: brand, pattern, size with load and speed, price by the
 * display mode, local and total stock, a quantity box with Add, and the Email tick. Phones wrap it onto two lines.
 */
function CounterRow({
  product,
  trade,
  detailPath,
  headline,
  pattern,
  pickRole,
}: {
  product: CardProduct;
  trade: TradeCardFields | null;
  detailPath: DetailPath;
  headline: string;
  pattern: string;
  pickRole: 'single' | 'rear';
}) {
  return (
    <article
      aria-label={product.name}
      className={`flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-black/10 px-2 py-1 hover:bg-panel/60 sm:items-center ${trade ? COUNTER_ROW_COLUMNS.trade : COUNTER_ROW_COLUMNS.public}`}
    >
      <span className="truncate text-xs font-bold uppercase tracking-wide text-black/60">{product.brand}</span>
      <span className="flex min-w-0 flex-col">
        <span className="flex min-w-0 items-center gap-1.5">
          <Link
            to={detailPath}
            params={{ slug: product.slug }}
            aria-label={product.name}
            title={product.name}
            className="truncate text-sm font-semibold hover:text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            {pattern}
          </Link>
          {trade && trade.promotions.length > 0 ? (
            <span
              title={trade.promotions.map((promotion) => promotion.label).join(', ')}
              className="shrink-0 rounded bg-brand px-1 text-[10px] font-bold text-white"
            >
              <span aria-hidden="true">PROMO</span>
              <span className="sr-only">{trade.promotions.map((promotion) => promotion.label).join(', ')}</span>
            </span>
          ) : null}
        </span>
        {trade ? <DeliveryText delivery={trade.delivery} className="truncate text-xs" /> : null}
      </span>
      <span className="whitespace-nowrap font-mono text-sm font-semibold">{headline}</span>
      {trade ? (
        <>
          <span className="ml-auto sm:ml-0">
            <ProductPrice product={trade} size="sm" />
          </span>
          <StockColumns product={trade} name={product.name} />
          <span className="justify-self-end">
            <AddToCartSlot productId={product.id} productName={product.name} />
          </span>
          <EmailPick product={product} role={pickRole} />
        </>
      ) : null}
    </article>
  );
}
