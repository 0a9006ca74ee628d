import type { DiscountCodeUses } from './discount-code-uses';

interface DiscountWindow {
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
}

interface DiscountLimits {
  /** How many placed orders of one account may carry it; null for no limit. */
  readonly usesPerAccount: number | null;
  /** How many placed orders in all may carry it; null for no limit. */
  readonly usesInTotal: number | null;
}

/** A code applies from its start (if any) to its end (if any), both included. */
export function isDiscountCodeActive(window: DiscountWindow, now: Date): boolean {
  return (window.startsAt === null || window.startsAt <= now) && (window.endsAt === null || now <= window.endsAt);
}

/**
 * Why a discount code is refused, or null when it applies now: the one wording Cart/Discount, Checkout/Discount and
 * placing the order answer (SPEC.md §8 'Discount failure' shows it under the field). A code at its limit is refused
 * for the next order: the uses counted are orders already placed.
 */
export function discountRefusal(
  code: (DiscountWindow & DiscountLimits) | null,
  uses: DiscountCodeUses,
  now: Date,
): string | null {
  if (!code) return 'This discount code is not valid.';
  if (code.endsAt !== null && code.endsAt < now) return 'This discount code has expired.';
  if (code.startsAt !== null && code.startsAt > now) return 'This discount code is not active yet.';
  if (code.usesInTotal !== null && uses.total >= code.usesInTotal) return 'This discount code has been used up.';
  if (code.usesPerAccount !== null && uses.byAccount >= code.usesPerAccount) {
    return 'Your account has already used this discount code as often as it may.';
  }
  return null;
}
