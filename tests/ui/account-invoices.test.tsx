import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { paymentInvoices, payments } from '../../src/server/db/schema';
import { createAccountWithDetails } from '../support/account-fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

const DAY = 86_400_000;
const NOW = new Date('2026-11-20T01:00:00Z');
let t: TestApp;
let session: AuthResult;
let detailed: { invoiceNumber: string };

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  const customer = await createAccountWithDetails(t.database.db);
  const accountId = customer.account.id;
  // 24 older invoices, then the newest one with lines and a part payment: 25 in all, two pages of 20.
  for (let index = 0; index < 24; index++) {
    await createInvoice(t.database.db, accountId, {
      issuedAt: new Date(NOW.getTime() - (60 + index) * DAY),
      totalCents: 22_000,
      paidCents: 22_000,
    });
  }
  const invoice = await createInvoice(t.database.db, accountId, {
    lines: [
      {
        sku: 'MH12-2055516',
        description: 'Marshal MH12 205/55R16 91V',
        brand: 'Marshal',
        quantity: 4,
        unitPriceCents: 12_345,
      },
      {
        sku: 'VALVE-TR413',
        description: 'Valve stem TR413',
        brand: null,
        category: 'Accessories',
        quantity: 4,
        unitPriceCents: 250,
      },
    ],
    issuedAt: new Date('2026-11-03T02:00:00Z'),
    paidCents: 20_000,
  });
  const [payment] = await t.database.db
    .insert(payments)
    .values({
      reference: 'PAY-FIXTURE-1',
      accountId,
      kind: 'Invoice',
      method: 'Payments.Card',
      amountCents: 20_000,
      status: 'Completed',
      createdAt: new Date('2026-11-10T02:00:00Z'),
      completedAt: new Date('2026-11-10T02:00:00Z'),
    })
    .returning();
  if (!payment) throw new Error('payment not created');
  await t.database.db
    .insert(paymentInvoices)
    .values({ paymentId: payment.id, invoiceId: invoice.id, amountCents: 20_000 });
  detailed = invoice;
  session = await signIn(t.app, customer.email);
}, 60_000);
afterAll(() => t.close());

describe('the invoices tab (/my-account/invoices)', () => {
  it('finds an invoice by its number, and says so when nothing matches', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/invoices', session);
    await screen.findByRole('table', { name: /Invoices, page 1 of 2/ });
    const search = screen.getByRole('searchbox', { name: 'Invoice, stock number or order reference' });
    await user.type(search, detailed.invoiceNumber.toLowerCase());
    await user.click(screen.getByRole('button', { name: 'Find' }));
    const table = await screen.findByRole('table', { name: /Invoices, page 1 of 1/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(1);
    expect(within(rows[0] as HTMLElement).getByRole('button', { name: detailed.invoiceNumber })).toBeInTheDocument();
    await user.clear(search);
    await user.type(search, 'no such reference');
    await user.click(screen.getByRole('button', { name: 'Find' }));
    expect(await screen.findByText('No invoice matches ‘no such reference’.')).toBeInTheDocument();
  });

  it('pages the invoices newest first with en-AU dates and AUD amounts', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/invoices', session);
    const table = await screen.findByRole('table', { name: /Invoices, page 1 of 2/ });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(20);
    const first = within(rows[0] as HTMLElement);
    expect(first.getByRole('button', { name: detailed.invoiceNumber })).toBeInTheDocument();
    expect(first.getByText('3 Nov 2026')).toBeInTheDocument();
    expect(first.getByText('3 Dec 2026')).toBeInTheDocument();
    // 4 × $123.45 + 4 × $2.50 = $503.80, GST $50.38: $554.18, $200.00 paid.
    expect(first.getByText('$554.18')).toBeInTheDocument();
    expect(first.getByText('$354.18')).toBeInTheDocument();
    expect(first.getByText('Open')).toBeInTheDocument();
    expect(screen.getByText('25 invoices · outstanding in total', { exact: false })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const second = await screen.findByRole('table', { name: /Invoices, page 2 of 2/ });
    expect(within(second).getAllByRole('row').slice(1)).toHaveLength(5);
    expect(within(second).getAllByText('Paid')).toHaveLength(5);
    expect(window.location.search).toContain('page=2');
  });

  it('opens an invoice with its lines, GST, totals and payments, and downloads its PDF under the server name', async () => {
    const user = userEvent.setup();
    const saved: { name: string; blob: Blob }[] = [];
    const blobs = new Map<string, Blob>();
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:test/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: (url: string) => blobs.delete(url),
    });
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      const blob = blobs.get(this.href);
      if (blob) saved.push({ name: this.download, blob });
    });

    renderApp(t, '/my-account/invoices', session);
    await user.click(await screen.findByRole('button', { name: detailed.invoiceNumber }));
    const dialog = within(await screen.findByRole('dialog', { name: `Invoice ${detailed.invoiceNumber}` }));
    expect(await dialog.findByText('Marshal MH12 205/55R16 91V')).toBeInTheDocument();
    expect(dialog.getByText('Valve stem TR413')).toBeInTheDocument();
    const totals = within(dialog.getByRole('group', { name: 'Invoice totals' }));
    expect(totals.getByText('Subtotal (excl. GST)').nextSibling).toHaveTextContent('$503.80');
    expect(totals.getByText('GST').nextSibling).toHaveTextContent('$50.38');
    expect(totals.getByText('Total (incl. GST)').nextSibling).toHaveTextContent('$554.18');
    expect(totals.getByText('Outstanding').nextSibling).toHaveTextContent('$354.18');
    expect(dialog.getByText('PAY-FIXTURE-1')).toBeInTheDocument();
    expect(dialog.getByText('10 Nov 2026')).toBeInTheDocument();
    expect(window.location.search).toContain(`invoice=${detailed.invoiceNumber}`);

    await user.click(dialog.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.name).toBe(`YHI-invoice-${detailed.invoiceNumber}.pdf`);
    const bytes = new Uint8Array(await (saved[0]?.blob as Blob).arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

    await user.click(dialog.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(window.location.search).not.toContain('invoice=');
  });

  it('says so when the invoice number is not one of the account', async () => {
    renderApp(t, '/my-account/invoices?invoice=INV-NOT-OURS', session);
    const dialog = within(await screen.findByRole('dialog', { name: 'Invoice INV-NOT-OURS' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('The invoice could not be loaded');
  });
});
