import type { CheckoutData } from '../../../contract/checkout';
import { formatAud } from '../cart/format-aud';

/** GST in Australia: 10%. */
export const GST_PERCENT = 10;

/**
 * docs/checkout.md 'Totals': GST is computed once, on the GST-exclusive order total (never per line), as 10% of
 * it rounded half up to the cent: $0.05 of GST-exclusive total is $0.005 of GST, which rounds to $0.01.
 */
export function gstOf(exclusiveCents: number): number {
  return Math.floor((exclusiveCents * GST_PERCENT + 50) / 100);
}

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

const money = (cents: number) => ({ formatted: formatAud(cents), cents });

export function orderTotalsAnswer(totals: OrderTotalsCents): CheckoutData['orderTotals'] {
  return {
    subTotal: money(totals.subtotalCents),
    shipping: money(totals.shippingCents),
    tax: money(totals.taxCents),
    orderTotalDiscount: money(totals.discountCents),
    orderTotal: money(totals.totalCents),
  };
}
