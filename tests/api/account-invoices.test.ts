import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetails, InvoicePage } from '../../src/contract/account';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice, recordPayment } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS);

describe('Account/Invoices and Account/InvoiceDetails', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let otherInvoiceNumber: string;
  let customerEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const { db } = t.database;
    const customer = await createCustomer(db, {
      name: 'Invoice Tyres',
      billingAddress1: '1 Bill Street',
      billingCity: 'Geelong',
      billingPostcode: '3220',
      billingState: 'VIC',
    });
    const other = await createCustomer(db);
    customerEmail = customer.email;
    headers = bearer(await signIn(t.app, customer.email));
    otherHeaders = bearer(await signIn(t.app, other.email));
    // 25 invoices, one every 10 days: INV-A-00 is the newest.
    for (let index = 24; index >= 0; index -= 1) {
      const issuedAt = daysAgo(index * 10 + 1);
      await createInvoice(db, customer.account.id, {
        invoiceNumber: `INV-A-${String(index).padStart(2, '0')}`,
        issuedAt,
        // Old ones paid, INV-A-04 (41 days old) left unpaid and so overdue, the newest open.
        paidCents: index >= 5 ? 55_000 : 0,
        lines: [{ category: 'Tyres', brand: 'Marshal', quantity: 4, unitPriceCents: 12_500 }],
      });
    }
    const other1 = await createInvoice(db, other.account.id, { issuedAt: daysAgo(3), invoiceNumber: 'INV-B-01' });
    otherInvoiceNumber = other1.invoiceNumber;
  });
  afterAll(() => t.close());

  const list = (query: string, as = headers) =>
    t.app.inject({ method: 'GET', url: api(`Account/Invoices${query}`), headers: as });
  const details = (invoiceNumber: string, as = headers) =>
    t.app.inject({
      method: 'GET',
      url: api(`Account/InvoiceDetails?invoiceNumber=${encodeURIComponent(invoiceNumber)}`),
      headers: as,
    });

  it('pages the invoices newest first', async () => {
    const first = (await list('?page=1&pageSize=10')).json() as InvoicePage;
    expect(first).toMatchObject({ totalCount: 25, page: 1, pageSize: 10, totalPages: 3 });
    expect(first.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(
      Array.from({ length: 10 }, (_, index) => `INV-A-${String(index).padStart(2, '0')}`),
    );
    const last = (await list('?page=3&pageSize=10')).json() as InvoicePage;
    expect(last.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(
      Array.from({ length: 5 }, (_, index) => `INV-A-${String(index + 20).padStart(2, '0')}`),
    );
    const beyond = (await list('?page=4&pageSize=10')).json() as InvoicePage;
    expect(beyond.invoices).toEqual([]);
  });

  it('defaults to the first page of 20', async () => {
    const page = (await list('')).json() as InvoicePage;
    expect(page).toMatchObject({ page: 1, pageSize: 20, totalCount: 25 });
    expect(page.invoices).toHaveLength(20);
  });

  it('shows amount, outstanding and status: Open before the due date, Overdue after it, Paid when settled', async () => {
    const page = (await list('?page=1&pageSize=6')).json() as InvoicePage;
    const byNumber = new Map(page.invoices.map((invoice) => [invoice.invoiceNumber, invoice]));
    expect(byNumber.get('INV-A-00')).toMatchObject({
      status: 'Open',
      amount: '$550.00',
      amountValue: 55_000,
      outstanding: '$550.00',
      outstandingValue: 55_000,
    });
    expect(byNumber.get('INV-A-02')?.status).toBe('Open');
    expect(byNumber.get('INV-A-04')?.status).toBe('Overdue');
    expect(byNumber.get('INV-A-05')).toMatchObject({ status: 'Paid', outstandingValue: 0, outstanding: '$0.00' });
    expect(page.totalOutstandingValue).toBe(5 * 55_000);
    expect(page.totalOutstanding).toBe('$2,750.00');
    const first = page.invoices[0];
    expect(first && new Date(first.dueDate).getTime() - new Date(first.date).getTime()).toBe(30 * DAY_MS);
  });

  it('follows the clock: an open invoice becomes overdue once its due date has passed', async () => {
    t.clock.now = new Date(NOW.getTime() + 40 * DAY_MS);
    try {
      // A session does not last 40 days: sign in again at the later time.
      const later = bearer(await signIn(t.app, customerEmail));
      const page = (await list('?page=1&pageSize=1', later)).json() as InvoicePage;
      expect(page.invoices[0]?.status).toBe('Overdue');
    } finally {
      t.clock.now = NOW;
    }
  });

  it('lists only what still owes something when asked for outstanding invoices', async () => {
    const page = (await list('?pageSize=100&outstanding=true')).json() as InvoicePage;
    expect(page.invoices.map((invoice) => invoice.invoiceNumber)).toEqual([
      'INV-A-00',
      'INV-A-01',
      'INV-A-02',
      'INV-A-03',
      'INV-A-04',
    ]);
    expect(page).toMatchObject({ totalCount: 5, totalPages: 1, totalOutstandingValue: 5 * 55_000 });
    expect(((await list('?outstanding=false')).json() as InvoicePage).totalCount).toBe(25);
  });

  it('refuses bad paging', async () => {
    for (const query of ['?page=0', '?pageSize=101', '?page=abc', '?pageSize=-1', '?outstanding=yes']) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(400);
    }
  });

  it('answers one invoice with its lines, GST, totals and the payments made', async () => {
    const { db } = t.database;
    const partly = await createInvoice(db, await accountIdOf(headers), {
      invoiceNumber: 'INV-A-PART',
      issuedAt: daysAgo(5),
      shippingCents: 2_500,
      paidCents: 20_000,
      lines: [
        {
          sku: 'MAR-1',
          description: 'Marshal Matrac MU12 205/55R16',
          category: 'Tyres',
          brand: 'Marshal',
          quantity: 4,
          unitPriceCents: 11_000,
        },
        {
          sku: 'NUT-1',
          description: 'Wheel nut set',
          category: 'Wheel nuts',
          brand: null,
          quantity: 1,
          unitPriceCents: 3_999,
        },
      ],
    });
    await recordPayment(db, partly, 20_000, daysAgo(2));
    const response = await details('inv-a-part');
    expect(response.statusCode, response.body).toBe(200);
    const invoice = response.json() as InvoiceDetails;
    expect(invoice).toMatchObject({
      invoiceNumber: 'INV-A-PART',
      accountName: 'Invoice Tyres',
      billingAddress: ['Invoice Tyres', '1 Bill Street', 'Geelong VIC 3220'],
      subtotal: '$479.99',
      subtotalValue: 47_999,
      shippingValue: 2_500,
      gstValue: 5_050,
      gst: '$50.50',
      totalValue: 55_549,
      amountValue: 55_549,
      paidValue: 20_000,
      outstandingValue: 35_549,
      status: 'Open',
      paymentTerms: 'Trading account, 30 days',
    });
    expect(invoice.lines).toEqual([
      expect.objectContaining({
        sku: 'MAR-1',
        brand: 'Marshal',
        category: 'Tyres',
        quantity: 4,
        unitPrice: '$110.00',
        lineTotal: '$440.00',
        lineTotalValue: 44_000,
      }),
      expect.objectContaining({
        sku: 'NUT-1',
        brand: null,
        category: 'Wheel nuts',
        quantity: 1,
        lineTotalValue: 3_999,
      }),
    ]);
    expect(invoice.payments).toEqual([
      expect.objectContaining({
        amount: '$200.00',
        amountValue: 20_000,
        method: 'Card',
        date: daysAgo(2).toISOString(),
      }),
    ]);
  });

  it("answers 404 for another account's invoice number, exactly as for a number never issued", async () => {
    const foreign = await details(otherInvoiceNumber);
    expect(foreign.statusCode).toBe(404);
    const unknown = await details('INV-NEVER');
    expect(unknown.statusCode).toBe(404);
    expect(foreign.headers['content-type']).toContain('application/problem+json');
    // The owner sees it.
    expect((await details(otherInvoiceNumber, otherHeaders)).statusCode).toBe(200);
    const theirs = (await list('', otherHeaders)).json() as InvoicePage;
    expect(theirs.invoices.map((invoice) => invoice.invoiceNumber)).toEqual(['INV-B-01']);
  });

  it('refuses a malformed invoice number with 400', async () => {
    const response = await details('../../etc');
    expect(response.statusCode).toBe(400);
  });

  async function accountIdOf(as: Record<string, string>): Promise<number> {
    const response = await t.app.inject({ method: 'GET', url: api('Account/Details'), headers: as });
    const code = (response.json() as { accountCode: string }).accountCode;
    const row = await t.database.db.query.accounts.findFirst({ where: (table, { eq }) => eq(table.code, code) });
    if (!row) throw new Error('account not found');
    return row.id;
  }
});
