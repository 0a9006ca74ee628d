const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Cents as en-AU dollars, '$1,234.50'. */
export function formatAud(cents: number): string {
  return AUD.format(cents / 100);
}
