import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { pdfText as pageText } from '../support/pdf-text';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('Account/InvoicePdf', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  let invoiceNumber: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const customer = await createCustomer(t.database.db, {
      code: 'C77001',
      name: 'Pdf Tyres & Wheels',
      deliveryAddress1: '5 Print Lane',
      deliveryCity: 'Ballarat',
      deliveryPostcode: '3350',
      state: 'VIC',
    });
    const other = await createCustomer(t.database.db);
    headers = bearer(await signIn(t.app, customer.email));
    otherHeaders = bearer(await signIn(t.app, other.email));
    const invoice = await createInvoice(t.database.db, customer.account.id, {
      invoiceNumber: 'INV00012345',
      issuedAt: new Date('2026-11-10T01:00:00Z'),
      lines: [
        {
          sku: 'MAR-20555',
          description: 'Marshal Matrac MU12 205/55R16 91V',
          category: 'Tyres',
          brand: 'Marshal',
          quantity: 4,
          unitPriceCents: 11_000,
        },
        {
          sku: 'VAL-TR413',
          description: 'Rubber valve TR413',
          category: 'Valves',
          brand: null,
          quantity: 4,
          unitPriceCents: 250,
        },
      ],
    });
    invoiceNumber = invoice.invoiceNumber;
  });
  afterAll(() => t.close());

  const pdf = (number: string, as = headers) =>
    t.app.inject({ method: 'GET', url: api(`Account/InvoicePdf?invoiceNumber=${number}`), headers: as });

  it('downloads a PDF named after the invoice', async () => {
    const response = await pdf(invoiceNumber);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('attachment; filename="YHI-invoice-INV00012345.pdf"');
    expect(response.headers['cache-control']).toBe('private, no-store');
    const bytes = response.rawPayload;
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.subarray(-6).toString('latin1')).toContain('%%EOF');
  });

  it('prints the company, the account, its billing address, the lines, GST, totals, terms and due date', async () => {
    const text = pageText((await pdf(invoiceNumber)).rawPayload);
    for (const expected of [
      'YHI Trade',
      'YHI Trade Pty Ltd',
      'ABN 99 041 123 456',
      'Tax Invoice',
      'INV00012345',
      'Pdf Tyres & Wheels (account C77001)',
      'Pdf Tyres & Wheels',
      '5 Print Lane',
      'Ballarat VIC 3350',
      'MAR-20555',
      'VAL-TR413',
      '$440.00',
      'GST (10%)',
      '$45.00',
      '$495.00',
      'Trading account, 30 days',
      '10/12/2026',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it("answers 404 (as a problem, not a PDF) for another account's invoice", async () => {
    const response = await pdf(invoiceNumber, otherHeaders);
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/problem+json');
    expect(response.headers['content-disposition']).toBeUndefined();
  });

  it('refuses visitors', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api(`Account/InvoicePdf?invoiceNumber=${invoiceNumber}`),
    });
    expect(response.statusCode).toBe(401);
  });
});
