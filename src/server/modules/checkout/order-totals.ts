import type { CheckoutData } from '../../../contract/checkout';
import { gstOf } from '../../../domain/gst';
import { money } from '../../../domain/money';

export interface TotalsInput {
  /** Lines and accessories excl. GST, after promotions, before the discount code. */
  readonly subtotalCents: number;
  /** What the discount code takes off the lines. */
  readonly discountCents: number;
  readonly shippingCents: number;
}

export interface OrderTotalsCents extends TotalsInput {
  readonly taxCents: number;
  readonly totalCents: number;
}

export function orderTotalsOf(input: TotalsInput): OrderTotalsCents {
  const exclusive = input.subtotalCents - input.discountCents + input.shippingCents;
  const taxCents = gstOf(exclusive);
  return { ...input, taxCents, totalCents: exclusive + taxCents };
}

/**
 * SPEC.md §3's orderTotals, as the presentation has them: subTotal is the subtotal excl. GST after the discount
 * (the presentation's, the cart's), orderTotalDiscount what that discount took off, and orderTotal = subTotal +
 * shipping + tax. An order stores its subtotal before the discount; the answer never shows that one.
 */
export function orderTotalsAnswer(totals: OrderTotalsCents): CheckoutData['orderTotals'] {
  return {
    subTotal: money(totals.subtotalCents - totals.discountCents),
    shipping: money(totals.shippingCents),
    tax: money(totals.taxCents),
    orderTotalDiscount: money(totals.discountCents),
    orderTotal: money(totals.totalCents),
  };
}
