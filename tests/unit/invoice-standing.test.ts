import { describe, expect, it } from 'vitest';
import { invoiceStanding } from '../../src/domain/invoice-standing';

const DUE = new Date('2026-11-30T13:00:00Z');
const BEFORE_DUE = new Date('2026-11-30T12:59:59Z');
const AFTER_DUE = new Date('2026-11-30T13:00:01Z');
const invoice = (paidCents: number, creditedCents = 0) => ({
  totalCents: 11_000,
  paidCents,
  creditedCents,
  dueAt: DUE,
});

/** What an invoice owes and the status it shows, from its total, payments, credits and due instant. */
describe('invoiceStanding', () => {
  it('is Open while something is owed up to the due instant, and Overdue after it', () => {
    expect(invoiceStanding(invoice(1_000), BEFORE_DUE)).toEqual({ status: 'Open', outstandingCents: 10_000 });
    expect(invoiceStanding(invoice(1_000), DUE)).toEqual({ status: 'Open', outstandingCents: 10_000 });
    expect(invoiceStanding(invoice(1_000), AFTER_DUE)).toEqual({ status: 'Overdue', outstandingCents: 10_000 });
  });

  it('is Paid once payments cover the total, and never owes less than nothing', () => {
    expect(invoiceStanding(invoice(11_000), AFTER_DUE)).toEqual({ status: 'Paid', outstandingCents: 0 });
    expect(invoiceStanding(invoice(12_000), AFTER_DUE)).toEqual({ status: 'Paid', outstandingCents: 0 });
  });

  it('is Credited once a credit settled what payments did not, whether or not anything was paid', () => {
    expect(invoiceStanding(invoice(0, 11_000), AFTER_DUE)).toEqual({ status: 'Credited', outstandingCents: 0 });
    expect(invoiceStanding(invoice(4_000, 7_000), AFTER_DUE)).toEqual({ status: 'Credited', outstandingCents: 0 });
  });

  it('still owes what neither payments nor a credit covered', () => {
    expect(invoiceStanding(invoice(4_000, 5_000), BEFORE_DUE)).toEqual({ status: 'Open', outstandingCents: 2_000 });
  });
});
