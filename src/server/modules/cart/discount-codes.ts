interface DiscountWindow {
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
}

/** A code applies from its start (if any) to its end (if any), both included. */
export function isDiscountCodeActive(window: DiscountWindow, now: Date): boolean {
  return (window.startsAt === null || window.startsAt <= now) && (window.endsAt === null || now <= window.endsAt);
}

/**
 * Why a discount code is refused, or null when it applies now: the one wording Cart/Discount and Checkout/Discount
 * both answer (SPEC.md §8 'Discount failure' shows it under the field).
 */
export function discountRefusal(code: DiscountWindow | null, now: Date): string | null {
  if (!code) return 'This discount code is not valid.';
  if (code.endsAt !== null && code.endsAt < now) return 'This discount code has expired.';
  if (code.startsAt !== null && code.startsAt > now) return 'This discount code is not active yet.';
  return null;
}
