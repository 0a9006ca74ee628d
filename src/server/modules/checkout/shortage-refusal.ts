import type { CartState } from '../../../contract/cart';
import { problems } from '../../http/problem';
import type { Shortage } from './stock-allocation';

/** One cart line holding a product that is short: the line's own product or one of its wheel's accessories. */
interface ShortLine {
  readonly cartItemId: number;
  readonly name: string;
  readonly shortage: Shortage;
}

/**
 * The cart lines a shortage belongs to. Stock is allocated per product (the same wheel on two lines is taken once),
 * so every line holding the product is named, each with the product's total wanted.
 */
function shortLinesOf(cart: CartState, shortages: readonly Shortage[]): ShortLine[] {
  return shortages.flatMap((shortage) =>
    cart.items.flatMap((item) => {
      if (item.productId === shortage.productId) return [{ cartItemId: item.id, name: item.productName, shortage }];
      const accessory = item.accessoryInfo?.accessories.find((entry) => entry.sku === shortage.sku);
      return accessory ? [{ cartItemId: item.id, name: accessory.name, shortage }] : [];
    }),
  );
}

/** 'Falken ZE914 205/55R16 (T3): only 2 of 4 can ship now' */
export function shortageWords(name: string, shortage: Shortage): string {
  return `${name} (${shortage.sku}): only ${shortage.available} of ${shortage.wanted} can ship now`;
}

/**
 * docs/checkout.md 'Placing the order': a quantity the stock cannot cover is refused naming the line (its product,
 * its sku, how many can ship now) under the line's field `items[<cartItemId>]`, and with one line short the message
 * itself names it, so the customer knows which quantity to change.
 */
export function refuseShortages(quote: { readonly cart: CartState; readonly shortages: readonly Shortage[] }): void {
  if (quote.shortages.length === 0) return;
  const lines = shortLinesOf(quote.cart, quote.shortages);
  const reasons = lines.map((line) => ({
    name: `items[${line.cartItemId}]`,
    reason: shortageWords(line.name, line.shortage),
  }));
  const [only] = lines;
  const detail =
    lines.length === 1 && only
      ? `Not enough stock: ${shortageWords(only.name, only.shortage)}.`
      : 'Some items are no longer in stock in the quantity ordered.';
  throw problems.badRequest(detail, reasons);
}
