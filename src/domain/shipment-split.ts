import { formatDayMonth } from './calendar-dates';
import type { DeliveryPromise } from './delivery-promise';

/** How a quantity of one product goes out: what the warehouses send now, and what follows when inbound stock lands. */
export interface ShipmentSplit {
  readonly shipsNow: number;
  readonly backOrder: number;
  /** The calendar date ('YYYY-MM-DD') the back-ordered units are expected; null when nothing is back-ordered. */
  readonly expectedDate: string | null;
}

/**
 * docs/checkout.md 'Back-orders': `wanted` units of a product of which the warehouses hold `inStock`. What they
 * cannot send now is a back-order when the delivery promise for the whole quantity has a date (inbound stock with an
 * expected date covers it); otherwise the quantity cannot be ordered and the answer is null.
 */
export function shipmentSplit(wanted: number, inStock: number, promise: DeliveryPromise): ShipmentSplit | null {
  const shipsNow = Math.min(wanted, inStock);
  if (shipsNow === wanted) return { shipsNow, backOrder: 0, expectedDate: null };
  if (promise.date === null) return null;
  return { shipsNow, backOrder: wanted - shipsNow, expectedDate: promise.date };
}

/** 'expected 12 Dec', the delivery promise's words for a back-order's date. */
export function expectedWords(expectedDate: string): string {
  return `expected ${formatDayMonth(expectedDate)}`;
}

/**
 * 'Ships now: 4 · Back-order: 2, expected 10 Dec': a back-ordered line's split in the words the checkout and the cart
 * show it with.
 */
export function splitWords(line: { readonly shipsNow: number; readonly backOrder: number; readonly expected: string }) {
  return `Ships now: ${line.shipsNow} · Back-order: ${line.backOrder}, ${line.expected}`;
}

/**
 * A product's split shared out over the lines holding it, in cart order: the first lines ship now, the last units
 * wait. Answers each line's split, in the order given.
 */
export function splitOverLines(quantities: readonly number[], split: ShipmentSplit): ShipmentSplit[] {
  let now = split.shipsNow;
  return quantities.map((quantity) => {
    const shipsNow = Math.min(quantity, now);
    now -= shipsNow;
    const backOrder = quantity - shipsNow;
    return { shipsNow, backOrder, expectedDate: backOrder > 0 ? split.expectedDate : null };
  });
}
