import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditLimit } from '../../src/contract/account';
import { invoiceLines, invoices, orders } from '../../src/server/db/schema';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { orderStatusSetup } from '../support/order-status-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const INVOICES = 'invoice_number,account,issued,due,order_number,subtotal,discount,shipping,tax,total';
const LINES = 'invoice_number,line,sku,description,brand,category,quantity,unit_price,line_total';
const PAYMENTS = 'reference,invoice_number,amount,paid';

/**
 * The ERP issues the invoices (INVOICE_NUMBERS_FROM_ERP): an order on account makes none in the shop, the invoices,
 * their lines and the payments taken outside the shop are imported, and the credit used is what the invoices owe plus
 * the orders on account not yet invoiced.
 */
describe('invoices and payments from the ERP', () => {
  let t: TestApp;
  let importFile: FileImporter;
  let s: Awaited<ReturnType<typeof orderStatusSetup>>;
  let dealer: Awaited<ReturnType<Awaited<ReturnType<typeof orderStatusSetup>>['dealer']>>;
  let code: string;

  const credit = async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Account/CreditLimit'), headers: dealer.headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as CreditLimit;
  };
  const imported = async (entity: 'invoices' | 'invoice-lines' | 'invoice-payments', lines: string[]) =>
    importFile(entity, `${lines.join('\n')}\n`);
  const orderTotal = async (orderNumber: string) =>
    (
      await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.id, Number(orderNumber)))
    )[0]?.totalCents ?? NaN;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { INVOICE_NUMBERS_FROM_ERP: 'true' } });
    importFile = await createFileImporter(t, NOW);
    s = await orderStatusSetup(t, NOW);
    dealer = await s.dealer();
    code = dealer.customer.account.code;
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
  });

  it('counts an order on account towards the credit used until its invoice arrives, then the invoice instead', async () => {
    expect((await credit()).usedValue).toBe(0);
    const orderNumber = await s.placeOrder(dealer.calls);
    expect(
      await t.database.db
        .select()
        .from(invoices)
        .where(eq(invoices.orderId, Number(orderNumber))),
    ).toEqual([]);
    const total = await orderTotal(orderNumber);
    expect((await credit()).usedValue).toBe(total);

    // The ERP invoices the order at the amount it charges, which need not be the order's.
    const { job, refused } = await imported('invoices', [
      INVOICES,
      `ERP-1001,${code},2026-11-22,2026-12-22,${orderNumber},100.00,0,0,10.00,110.00`,
    ]);
    expect(refused).toEqual([]);
    expect(job.counts).toMatchObject({ created: 1, failed: 0 });
    expect((await credit()).usedValue).toBe(11_000);

    const history = await t.app.inject({ method: 'GET', url: api('Account/Invoices'), headers: dealer.headers });
    expect(history.body).toContain('ERP-1001');
  });

  it('stops counting an order cancelled before it was invoiced', async () => {
    const before = (await credit()).usedValue;
    const orderNumber = await s.placeOrder(dealer.calls, 1);
    expect((await credit()).usedValue).toBe(before + (await orderTotal(orderNumber)));
    const cancelled = await s.postStatus({ orderNumber, status: 'Cancelled', reason: 'Out of stock at supplier' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await credit()).usedValue).toBe(before);
  });

  it('takes the lines of an invoice by invoice and line number, and names the rows it refuses', async () => {
    await imported('invoices', [INVOICES, `ERP-2001,${code},2026-11-01,2026-11-30,,758.00,0,0,75.80,833.80`]);
    const { job, refused } = await imported('invoice-lines', [
      LINES,
      'ERP-2001,1,T1,Alpha Road One 265/65R17 112H,Alpha,Tyres,4,189.50,758.00',
      'ERP-9999,1,T1,Alpha Road One,Alpha,Tyres,4,189.50,758.00',
    ]);
    expect(job.counts).toMatchObject({ created: 1, failed: 1 });
    expect(refused).toEqual(['line 3: invoice_number: no invoice has this number (import the invoices first)']);
    const again = await imported('invoice-lines', [
      LINES,
      'ERP-2001,1,T1,Alpha Road One 265/65R17 112H,Alpha,Tyres,4,189.50,758.00',
    ]);
    expect(again.job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    const [invoice] = await t.database.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'ERP-2001'));
    const lines = await t.database.db
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoice?.id ?? 0));
    expect(lines).toMatchObject([{ lineNumber: 1, sku: 'T1', quantity: 4, unitPriceCents: 18_950 }]);
  });

  it('refuses an invoice that does not add up, to an unknown account, for another account or its order, or a second invoice of one order', async () => {
    const other = await s.dealer();
    const othersOrder = await s.placeOrder(other.calls, 1);
    const ownOrder = await s.placeOrder(dealer.calls, 1);
    const { refused } = await imported('invoices', [
      INVOICES,
      `ERP-3001,${code},2026-11-01,2026-11-30,,100.00,0,0,10.00,111.00`,
      `ERP-3002,NOBODY,2026-11-01,2026-11-30,,100.00,0,0,10.00,110.00`,
      `ERP-3003,${code},2026-11-01,2026-11-30,${othersOrder},100.00,0,0,10.00,110.00`,
      `ERP-2001,${other.customer.account.code},2026-11-01,2026-11-30,,758.00,0,0,75.80,833.80`,
      `ERP-3004,${code},2026-12-01,2026-11-30,,100.00,0,0,10.00,110.00`,
      `ERP-3005,${code},2026-11-01,2026-11-30,${ownOrder},100.00,0,0,10.00,110.00`,
      `ERP-3006,${code},2026-11-01,2026-11-30,${ownOrder},100.00,0,0,10.00,110.00`,
    ]);
    expect(refused).toEqual([
      'line 2: total: is not subtotal − discount + shipping + tax',
      'line 3: account: no account has this code',
      "line 4: order_number: is not one of this account's orders",
      `line 5: account: the invoice is to account ${code}`,
      'line 6: due: is before issued',
      `line 8: order_number: is invoiced as ERP-3005`,
    ]);
  });

  it('lowers what is owed by payments taken outside the shop, as levels, and refuses paying more than is owed', async () => {
    await imported('invoices', [INVOICES, `ERP-4001,${code},2026-11-01,2026-11-30,,500.00,0,0,50.00,550.00`]);
    const owed = (await credit()).usedValue;
    const first = await imported('invoice-payments', [PAYMENTS, 'EFT-1,ERP-4001,200.00,2026-11-20']);
    expect(first.job.counts).toMatchObject({ created: 1, failed: 0 });
    expect((await credit()).usedValue).toBe(owed - 20_000);

    // The same feed again changes nothing; a corrected amount moves the paid amount by the difference.
    expect(
      (await imported('invoice-payments', [PAYMENTS, 'EFT-1,ERP-4001,200.00,2026-11-20'])).job.counts,
    ).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    await imported('invoice-payments', [PAYMENTS, 'EFT-1,ERP-4001,250.00,2026-11-20']);
    expect((await credit()).usedValue).toBe(owed - 25_000);

    const over = await imported('invoice-payments', [PAYMENTS, 'EFT-2,ERP-4001,300.01,2026-11-21']);
    expect(over.refused).toEqual(['line 2: amount: is more than the invoice owes (300.00)']);

    const rest = await imported('invoice-payments', [PAYMENTS, 'EFT-2,ERP-4001,300.00,2026-11-21']);
    expect(rest.job.counts).toMatchObject({ created: 1, failed: 0 });
    const [paid] = await t.database.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'ERP-4001'));
    expect(paid).toMatchObject({ paidCents: 55_000, paidAt: new Date('2026-11-20T13:00:00Z') });
    expect((await credit()).usedValue).toBe(owed - 55_000);

    // 0 takes a payment back: the invoice owes it again.
    await imported('invoice-payments', [PAYMENTS, 'EFT-2,ERP-4001,0,2026-11-21']);
    const [reopened] = await t.database.db.select().from(invoices).where(eq(invoices.invoiceNumber, 'ERP-4001'));
    expect(reopened).toMatchObject({ paidCents: 25_000, paidAt: null });
  });
});
