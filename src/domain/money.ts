import type { Money } from '../contract/order-presentation';

// Money is integer cents everywhere (DESIGN.md §5); this module is the only place cents become text, on the
// server and in the browser alike, so a dollar amount reads the same in every answer, mail, page and PDF.

const AUD = new Intl.NumberFormat('en-AU', { style: 'currency', currency: 'AUD' });

const AUD_COMPACT = new Intl.NumberFormat('en-AU', {
  style: 'currency',
  currency: 'AUD',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** Integer cents as en-AU dollars: 123450 → '$1,234.50'. */
export function formatAud(cents: number): string {
  return AUD.format(cents / 100);
}

/** Integer cents as a short en-AU amount for a chart's axis: 123450 → '$1.2K'. */
export function formatAudCompact(cents: number): string {
  return AUD_COMPACT.format(cents / 100);
}

/** An amount as the API carries money: formatted and in cents. */
export function money(cents: number): Money {
  return { formatted: formatAud(cents), cents };
}

/** Cents as the plain decimal string payment providers exchange: 12345 → '123.45'. */
export function decimalOfCents(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A provider's decimal string back to cents ('123.45' → 12345); null when it is not one. */
export function centsOfDecimal(amount: string): number | null {
  const match = /^(\d{1,9})\.(\d{2})$/.exec(amount);
  return match ? Number(match[1]) * 100 + Number(match[2]) : null;
}
