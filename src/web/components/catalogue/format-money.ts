const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

/** Integer cents from the API as an en-AU dollar amount: 123456 → '$1,234.56'. */
export function formatCents(cents: number): string {
  return AUD.format(cents / 100);
}
