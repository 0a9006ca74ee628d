import type { InvoiceStatus } from '../contract/account';

export interface InvoiceAmounts {
  readonly totalCents: number;
  readonly paidCents: number;
  readonly dueAt: Date;
}

export interface InvoiceStanding {
  readonly status: InvoiceStatus;
  /** What is still owed: total less payments, never below zero. */
  readonly outstandingCents: number;
}

/** Paid once payments cover the total; Overdue while something is owed after the due instant; Open otherwise. */
export function invoiceStanding(invoice: InvoiceAmounts, now: Date): InvoiceStanding {
  const outstandingCents = Math.max(0, invoice.totalCents - invoice.paidCents);
  if (outstandingCents === 0) return { status: 'Paid', outstandingCents };
  return { status: now.getTime() > invoice.dueAt.getTime() ? 'Overdue' : 'Open', outstandingCents };
}
