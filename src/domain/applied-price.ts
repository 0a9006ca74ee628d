import { accountTradeCents } from './trade-price';

/** An account's own price for one product (imported as customer prices): from a quantity, within a window of dates. */
export interface CustomerPrice {
  readonly minQuantity: number;
  /** Calendar dates 'YYYY-MM-DD' in the shop's time zone, both inclusive; null leaves that end open. */
  readonly validFrom: string | null;
  readonly validTo: string | null;
  /** Cents excl. GST. */
  readonly priceCents: number;
}

/** What an account's price for one product is made of. */
export interface PriceBasis {
  /** The product's base trade price, cents excl. GST. */
  readonly tradeCents: number;
  /** The account's brand tier discount on the product's brand, basis points. */
  readonly discountBasisPoints: number;
  /** The account's own prices for the product, in any order. */
  readonly customerPrices: readonly CustomerPrice[];
}

export interface PriceBreak {
  readonly minQuantity: number;
  readonly priceCents: number;
}

/** Whether the price's window holds the date ('YYYY-MM-DD' compare as text in calendar order). */
export function customerPriceHolds(price: CustomerPrice, date: string): boolean {
  return (price.validFrom === null || price.validFrom <= date) && (price.validTo === null || date <= price.validTo);
}

const sinceOf = (price: CustomerPrice) => price.validFrom ?? '';

/**
 * The unit price an account pays for a product at a line's quantity on a date (a calendar date in the shop's time
 * zone): its own price whose window holds the date and whose minimum quantity the line reaches, the highest such
 * minimum winning and then the latest start; without one, the base trade price less the brand tier discount.
 * How much of it an account is shown (trade, RRP or nothing) is displayedPrice's rule, applied on top.
 */
export function appliedUnitCents(basis: PriceBasis, quantity: number, date: string): number {
  let best: CustomerPrice | null = null;
  for (const price of basis.customerPrices) {
    if (price.minQuantity > quantity || !customerPriceHolds(price, date)) continue;
    if (
      best === null ||
      price.minQuantity > best.minQuantity ||
      (price.minQuantity === best.minQuantity && sinceOf(price) > sinceOf(best))
    ) {
      best = price;
    }
  }
  return best === null ? accountTradeCents(basis.tradeCents, basis.discountBasisPoints) : best.priceCents;
}

/**
 * The quantities above 1 from which the price changes on the date, each with appliedUnitCents' price there: what a
 * product card shows as '4+ $X'.
 */
export function priceBreaks(basis: PriceBasis, date: string): PriceBreak[] {
  const quantities = [
    ...new Set(
      basis.customerPrices
        .filter((price) => price.minQuantity > 1 && customerPriceHolds(price, date))
        .map((price) => price.minQuantity),
    ),
  ].sort((a, b) => a - b);
  const breaks: PriceBreak[] = [];
  let previous = appliedUnitCents(basis, 1, date);
  for (const minQuantity of quantities) {
    const priceCents = appliedUnitCents(basis, minQuantity, date);
    if (priceCents !== previous) breaks.push({ minQuantity, priceCents });
    previous = priceCents;
  }
  return breaks;
}

/**
 * The unit price a tyre shop quotes its own customer for a product (docs/quotes.md): the RRP, or, when the account's
 * owner set a markup (basis points), the account's own price at the line's quantity (appliedUnitCents) with the markup
 * on it, rounded to the cent. The one pricing rule of quotes, for every role: a quote never carries the account's
 * price itself, so a counter user building one learns no trade figure from it.
 */
export function walkInUnitCents(rrpCents: number, accountCents: number, markupBasisPoints: number | null): number {
  return markupBasisPoints === null ? rrpCents : Math.round((accountCents * (10_000 + markupBasisPoints)) / 10_000);
}
