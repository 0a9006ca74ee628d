import { asc, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDetails, CreditLimit, InvoiceDetails, InvoicePage } from '../../src/contract/account';
import type { AuthResult } from '../../src/contract/auth';
import type { PitPass } from '../../src/contract/pit-pass';
import type { RetailerSales } from '../../src/contract/sales';
import { DEMO_PASSWORD } from '../../src/domain/demo-logins';
import { invoiceLines, invoices, products } from '../../src/server/db/schema';
import { seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const catalogueSize = { tyres: 60, wheels: 30, merchandise: 20 };

describe('demo invoice history and account details (DESIGN.md §6)', () => {
  let t: TestApp;
  const sessions = new Map<string, Record<string, string>>();

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemoData(t.database.db, { now: NOW, catalogueSize });
    for (const email of ['dealer@demo.test', 'retailer@demo.test', 'onhold@demo.test']) {
      const response = await t.app.inject({
        method: 'POST',
        url: api('Authenticate/Login'),
        payload: { email, password: DEMO_PASSWORD },
      });
      sessions.set(email, { authorization: `Bearer ${(response.json() as AuthResult).token}` });
    }
  });
  afterAll(() => t.close());

  async function get<T>(email: string, path: string): Promise<T> {
    const response = await t.app.inject({ method: 'GET', url: api(path), headers: sessions.get(email) });
    expect(response.statusCode, `${email} ${path}: ${response.body}`).toBe(200);
    return response.json() as T;
  }

  it('gives each demo account contact details and addresses in its state', async () => {
    const dealer = await get<AccountDetails>('dealer@demo.test', 'Account/Details');
    expect(dealer).toMatchObject({
      accountCode: 'C10001',
      deliveryAddress: { state: 'VIC', postcode: '3166' },
      billingSameAsDelivery: false,
    });
    expect(dealer.phone).not.toBe('');
    const retailer = await get<AccountDetails>('retailer@demo.test', 'Account/Details');
    expect(retailer).toMatchObject({ deliveryAddress: { state: 'QLD' }, billingSameAsDelivery: true });
    const onHold = await get<AccountDetails>('onhold@demo.test', 'Account/Details');
    expect(onHold.deliveryAddress.state).toBe('NSW');
  });

  it('gives the dealer a year of mostly paid invoices, some open, one or two overdue, within its credit', async () => {
    const page = await get<InvoicePage>('dealer@demo.test', 'Account/Invoices?pageSize=100');
    expect(page.totalCount).toBeGreaterThanOrEqual(60);
    const statuses = page.invoices.map((invoice) => invoice.status);
    const count = (status: string) => statuses.filter((s) => s === status).length;
    expect(count('Paid')).toBeGreaterThan(page.totalCount * 0.8);
    expect(count('Open')).toBeGreaterThanOrEqual(2);
    expect(count('Overdue')).toBeGreaterThanOrEqual(1);
    expect(count('Overdue')).toBeLessThanOrEqual(2);
    const oldest = page.invoices.at(-1);
    expect(oldest && NOW.getTime() - Date.parse(oldest.date)).toBeGreaterThan(330 * 86_400_000);
    const credit = await get<CreditLimit>('dealer@demo.test', 'Account/CreditLimit');
    expect(credit.isLimitReached).toBe(false);
    expect(credit.usedValue).toBe(page.totalOutstandingValue);
    expect(credit.availableValue).toBeGreaterThan(credit.limitValue / 3);
  });

  it('numbers the history as checkout numbers invoices, from real catalogue products with brand and category', async () => {
    const page = await get<InvoicePage>('dealer@demo.test', 'Account/Invoices?pageSize=5');
    const first = page.invoices[0];
    expect(first?.invoiceNumber).toMatch(/^INV\d{8}$/);
    const details = await get<InvoiceDetails>(
      'dealer@demo.test',
      `Account/InvoiceDetails?invoiceNumber=${first?.invoiceNumber}`,
    );
    expect(details.lines.length).toBeGreaterThan(0);
    expect(details.subtotalValue).toBe(details.lines.reduce((sum, line) => sum + line.lineTotalValue, 0));
    expect(details.totalValue).toBe(details.subtotalValue + details.shippingValue + details.gstValue);
    const orphans = await t.database.db
      .select({ id: invoiceLines.id })
      .from(invoiceLines)
      .leftJoin(products, eq(products.id, invoiceLines.productId))
      .where(isNull(products.id));
    expect(orphans).toEqual([]);
    const paid = (await get<InvoicePage>('dealer@demo.test', 'Account/Invoices?pageSize=100')).invoices.find(
      (i) => i.status === 'Paid',
    );
    const paidDetails = await get<InvoiceDetails>(
      'dealer@demo.test',
      `Account/InvoiceDetails?invoiceNumber=${paid?.invoiceNumber}`,
    );
    expect(paidDetails.payments.reduce((sum, payment) => sum + payment.amountValue, 0)).toBe(paidDetails.totalValue);
  });

  it('puts the account on hold over its limit: overdue invoices and no credit', async () => {
    const credit = await get<CreditLimit>('onhold@demo.test', 'Account/CreditLimit');
    expect(credit.isLimitReached).toBe(true);
    expect(credit.usedValue).toBeGreaterThan(credit.limitValue);
    const page = await get<InvoicePage>('onhold@demo.test', 'Account/Invoices?pageSize=100');
    expect(page.invoices.some((invoice) => invoice.status === 'Overdue')).toBe(true);
  });

  it('gives the retailer purchases in most of the last 12 months, by category and brand', async () => {
    const sales = await get<RetailerSales>('retailer@demo.test', 'Sales/RetailerSales');
    expect(sales.months.filter((month) => month.totalValue > 0).length).toBeGreaterThanOrEqual(10);
    expect(sales.categories.map((category) => category.name)).toContain('Tyres');
    expect(sales.brands.length).toBeGreaterThan(2);
    expect((await get<CreditLimit>('retailer@demo.test', 'Account/CreditLimit')).isLimitReached).toBe(false);
  });

  it('gives the dealer a Pit Pass history: purchases, a bonus and redemptions', async () => {
    const standing = await get<PitPass>('dealer@demo.test', 'PitPass/Get');
    expect(standing.points).toBeGreaterThan(0);
    expect(standing.history.some((entry) => entry.description.startsWith('Purchase INV'))).toBe(true);
    expect(standing.history.some((entry) => entry.points < 0)).toBe(true);
    expect(standing.points).toBe(standing.history.reduce((sum, entry) => sum + entry.points, 0));
  });

  it('makes the same history again for the same seed and date', async () => {
    const snapshot = () =>
      t.database.db
        .select({
          number: invoices.invoiceNumber,
          total: invoices.totalCents,
          paid: invoices.paidCents,
          issuedAt: invoices.issuedAt,
        })
        .from(invoices)
        .orderBy(asc(invoices.issuedAt), asc(invoices.totalCents));
    const first = (await snapshot()).map(({ number: _number, ...rest }) => rest);
    await seedDemoData(t.database.db, { now: NOW, catalogueSize });
    const second = (await snapshot()).map(({ number: _number, ...rest }) => rest);
    expect(second).toEqual(first);
  });
});
