/** GST in Australia: 10%. */
export const GST_PERCENT = 10;

/**
 * docs/checkout.md 'Totals': GST is computed once, on the GST-exclusive total (never per line), as 10% of it
 * rounded half up to the cent: $0.05 of GST-exclusive total is $0.005 of GST, which rounds to $0.01.
 */
export function gstOf(exclusiveCents: number): number {
  return Math.floor((exclusiveCents * GST_PERCENT + 50) / 100);
}
