import type { PriceDisplayMode } from './trade-price';

/** The counter switch's choice: the account's own mode, or one forced for this screen or this quote. */
export type ShownPriceChoice = 'Account' | PriceDisplayMode;

export interface PricedAnswer {
  readonly priceDisplay: PriceDisplayMode;
  readonly priceCents: number | null;
  readonly rrpCents: number | null;
}

export interface ShownPrice {
  readonly label: 'Trade' | 'RRP';
  readonly cents: number;
  /** The RRP shown beside a trade price. */
  readonly rrpCents: number | null;
}

/**
 * The price a screen or a mailed quote shows. The choice can hide prices or drop to RRP, but never show more
 * than the account may see: an RRP account's answer carries no trade price, a Hide account's none at all.
 * Shared by the catalogue pages and Form/SelectAndEmail, so the quote shows what the screen showed.
 */
export function shownPrice(product: PricedAnswer, choice: ShownPriceChoice): ShownPrice | null {
  const mode = shownPriceMode(product.priceDisplay, choice);
  if (mode === 'Hide') return null;
  if (mode === 'Trade' && product.priceCents !== null) {
    return { label: 'Trade', cents: product.priceCents, rrpCents: product.rrpCents };
  }
  if (product.rrpCents !== null) return { label: 'RRP', cents: product.rrpCents, rrpCents: null };
  return null;
}

/**
 * Which prices a screen shows: the counter switch's choice, never more than the account's own mode allows
 * (Trade shows trade prices, RRP only retail prices, Hide none). The rule of shownPrice, for the cart, the
 * checkout and the success page, whose figures (totals, discounts) are trade money as a whole.
 */
export function shownPriceMode(account: PriceDisplayMode, choice: ShownPriceChoice): PriceDisplayMode {
  // 'Account' asks for nothing stricter than the account's own mode.
  if (choice === 'Hide' || account === 'Hide') return 'Hide';
  if (choice === 'RRP' || account === 'RRP') return 'RRP';
  return 'Trade';
}
