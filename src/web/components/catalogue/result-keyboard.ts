import type { KeyboardEvent } from 'react';

/**
 * Marks the quantity boxes of a result list, which the arrow keys move between. It lives here, not with the quantity
 * pill, so the tyre finder's keyboard handling does not pull the pill and its machine into a visitor's first load.
 */
export const RESULT_QUANTITY = 'data-result-quantity';

const quantityBoxes = () => [...document.querySelectorAll<HTMLInputElement>(`[${RESULT_QUANTITY}]`)];

/** Puts the cursor in the first result's quantity box; answers whether there was one. */
export function focusFirstResult(): boolean {
  const first = quantityBoxes()[0];
  first?.focus();
  return first !== undefined;
}

/**
 * The counter's keyboard in a result list: ArrowDown / ArrowUp move from one result's quantity box to the
 * next or previous one, across the front and rear lists of a staggered search; a number then Enter adds it.
 */
export function moveBetweenResults(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  if (!(event.target instanceof HTMLElement) || !event.target.hasAttribute(RESULT_QUANTITY)) return;
  const boxes = quantityBoxes();
  const next = boxes[boxes.indexOf(event.target as HTMLInputElement) + (event.key === 'ArrowDown' ? 1 : -1)];
  if (!next) return;
  event.preventDefault();
  next.focus();
}
