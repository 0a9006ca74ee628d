/** How an account sees prices (accounts.price_display). */
export type PriceDisplayMode = 'Trade' | 'RRP' | 'Hide';

/** The account's price: the trade price less its brand discount (basis points), rounded to the cent. */
export function accountTradeCents(tradeCents: number, discountBasisPoints: number): number {
  return Math.round((tradeCents * (10_000 - discountBasisPoints)) / 10_000);
}

export interface DisplayedPrice {
  readonly mode: PriceDisplayMode;
  /** The price the account pays (Trade), the retail price (RRP), or null (Hide). Cents excl. GST. */
  readonly priceCents: number | null;
  /** The recommended retail price, unless prices are hidden. */
  readonly rrpCents: number | null;
}

export function displayedPrice(mode: PriceDisplayMode, rrpCents: number, accountCents: number): DisplayedPrice {
  switch (mode) {
    case 'Trade':
      return { mode, priceCents: accountCents, rrpCents };
    case 'RRP':
      return { mode, priceCents: rrpCents, rrpCents };
    case 'Hide':
      return { mode, priceCents: null, rrpCents: null };
  }
}

/**
 * The unit price an account's cart, accessories step and checkout are answered in, by displayedPrice's rule: an RRP
 * account never receives a trade price. A Hide account is answered the trade price (these answers have no empty
 * price) and its screens show none.
 */
export function quotedUnitCents(mode: PriceDisplayMode, rrpCents: number, accountCents: number): number {
  return displayedPrice(mode, rrpCents, accountCents).priceCents ?? accountCents;
}
