import type { InvoiceStatus } from '../contract/account';

export interface InvoiceAmounts {
  readonly totalCents: number;
  readonly paidCents: number;
  /** What a credit took off it (its order cancelled after it was issued). */
  readonly creditedCents: number;
  readonly dueAt: Date;
}

export interface InvoiceStanding {
  readonly status: InvoiceStatus;
  /** What is still owed: total less payments and credits, never below zero. */
  readonly outstandingCents: number;
}

/**
 * Credited once a credit settled what payments did not; Paid once payments cover the total; Overdue while something
 * is owed after the due instant; Open otherwise. The database's `owedCents` (src/server/modules/account/invoice-owed.ts)
 * is the same sum, for queries.
 */
export function invoiceStanding(invoice: InvoiceAmounts, now: Date): InvoiceStanding {
  const outstandingCents = Math.max(0, invoice.totalCents - invoice.paidCents - invoice.creditedCents);
  if (outstandingCents === 0) return { status: invoice.creditedCents > 0 ? 'Credited' : 'Paid', outstandingCents };
  return { status: now.getTime() > invoice.dueAt.getTime() ? 'Overdue' : 'Open', outstandingCents };
}
