import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetails, InvoicePage } from '../../src/contract/account';
import { createCheckoutFixture, signedInDealer } from '../support/checkout-fixtures';
import { pdfText } from '../support/pdf-text';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * The buyer's own references given at checkout (stock number, order reference) are on the tax invoice, in the list,
 * the dialog's answer and the PDF, and the invoices can be found by them.
 */
describe('the invoice carries the buyer’s references', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let invoiceNumber: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const fixture = await createCheckoutFixture(t.database.db, NOW);
    await t.app.catalogue.reload();
    const { calls: dealer, ...session } = await signedInDealer(t.app, t.database.db);
    headers = session.headers;
    await dealer.add(fixture.tyres.t5, 1);
    await dealer.completed({
      stockNumber: 'STK-4417',
      orderNumber: 'PO_Ref 9%',
      paymentMethod: 'Payments.TradingAccount',
    });
    await dealer.add(fixture.tyres.t5, 1);
    await dealer.completed({ paymentMethod: 'Payments.TradingAccount' });
    const all = (await invoices('')).invoices;
    expect(all).toHaveLength(2);
    invoiceNumber = all.find((invoice) => invoice.stockNumber !== null)?.invoiceNumber ?? '';
  });
  afterAll(() => t.close());

  const invoices = async (search: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: api(`Account/Invoices${search ? `?search=${encodeURIComponent(search)}` : ''}`),
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as InvoicePage;
  };

  it('lists each invoice with its stock number and order reference, null when the order had none', async () => {
    const listed = (await invoices('')).invoices.map(({ stockNumber, orderReference }) => ({
      stockNumber,
      orderReference,
    }));
    expect(listed).toEqual(
      expect.arrayContaining([
        { stockNumber: 'STK-4417', orderReference: 'PO_Ref 9%' },
        { stockNumber: null, orderReference: null },
      ]),
    );
  });

  it('finds invoices by stock number, order reference or invoice number, in any case, with % and _ as typed', async () => {
    for (const search of ['stk-4417', 'po_ref', 'Ref 9%', invoiceNumber.toLowerCase()]) {
      const found = await invoices(search);
      expect(
        found.invoices.map((invoice) => invoice.invoiceNumber),
        search,
      ).toEqual([invoiceNumber]);
      expect(found.totalCount, search).toBe(1);
    }
    expect((await invoices('po%ref')).invoices).toEqual([]);
    expect((await invoices('STK-9999')).totalCount).toBe(0);
  });

  it('answers them in the invoice details and draws them on the PDF', async () => {
    const details = await t.app.inject({
      method: 'GET',
      url: api(`Account/InvoiceDetails?invoiceNumber=${invoiceNumber}`),
      headers,
    });
    expect(details.json()).toMatchObject({
      stockNumber: 'STK-4417',
      orderReference: 'PO_Ref 9%',
    } satisfies Partial<InvoiceDetails>);
    const pdf = await t.app.inject({
      method: 'GET',
      url: api(`Account/InvoicePdf?invoiceNumber=${invoiceNumber}`),
      headers,
    });
    const text = pdfText(pdf.rawPayload);
    expect(text).toContain('Stock number');
    expect(text).toContain('STK-4417');
    expect(text).toContain('Order reference');
    expect(text).toContain('PO_Ref 9%');
  });
});
