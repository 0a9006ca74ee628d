/**
 * A discount code as the shop stores and compares it: trimmed and in upper case (DESIGN.md §5, codes are read and
 * shown upper case), so what a customer types at the cart and what content staff save always meet.
 */
export function normalDiscountCode(entered: string): string {
  return entered.trim().toUpperCase();
}
