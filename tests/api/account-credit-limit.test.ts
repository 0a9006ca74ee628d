import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreditLimit } from '../../src/contract/account';
import { invoices } from '../../src/server/db/schema';
import { creditPosition } from '../../src/server/modules/account/credit';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const DAY_MS = 86_400_000;

describe('Account/CreditLimit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
  });
  afterAll(() => t.close());

  async function customerWith(creditLimitCents: number, isRestrictedSalesRetailer = false) {
    const customer = await createCustomer(t.database.db, { creditLimitCents, isRestrictedSalesRetailer });
    const headers = bearer(await signIn(t.app, customer.email));
    const read = async () => {
      const response = await t.app.inject({ method: 'GET', url: api('Account/CreditLimit'), headers });
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as CreditLimit;
    };
    return { account: customer.account, read };
  }

  it('uses what outstanding invoices still owe: unpaid in full, partly paid in part, paid not at all', async () => {
    const { account, read } = await customerWith(1_000_000);
    // $550.00 each (4 × $125 + GST).
    await createInvoice(t.database.db, account.id, { issuedAt: new Date(NOW.getTime() - 5 * DAY_MS) });
    await createInvoice(t.database.db, account.id, {
      issuedAt: new Date(NOW.getTime() - 50 * DAY_MS),
      paidCents: 15_000,
    });
    await createInvoice(t.database.db, account.id, {
      issuedAt: new Date(NOW.getTime() - 90 * DAY_MS),
      paidCents: 55_000,
    });
    expect(await read()).toEqual({
      limit: '$10,000.00',
      limitValue: 1_000_000,
      used: '$950.00',
      usedValue: 95_000,
      available: '$9,050.00',
      availableValue: 905_000,
      isLimitReached: false,
    });
    expect(await creditPosition(t.database.db, account.id)).toEqual({
      limitCents: 1_000_000,
      usedCents: 95_000,
      availableCents: 905_000,
    });
  });

  it('frees credit when an invoice is paid', async () => {
    const { account, read } = await customerWith(100_000);
    const invoice = await createInvoice(t.database.db, account.id, { issuedAt: NOW });
    expect((await read()).availableValue).toBe(45_000);
    await t.database.db
      .update(invoices)
      .set({ paidCents: invoice.totalCents, paidAt: NOW })
      .where(eq(invoices.id, invoice.id));
    expect(await read()).toMatchObject({ usedValue: 0, availableValue: 100_000, isLimitReached: false });
  });

  it('reports the limit reached when the outstanding invoices use it all, never a negative amount available', async () => {
    const { account, read } = await customerWith(50_000);
    await createInvoice(t.database.db, account.id, { issuedAt: NOW });
    expect(await read()).toMatchObject({
      usedValue: 55_000,
      available: '$0.00',
      availableValue: 0,
      isLimitReached: true,
    });
  });

  it('treats a limit of zero as no credit at all', async () => {
    const { read } = await customerWith(0);
    expect(await read()).toMatchObject({ limitValue: 0, usedValue: 0, availableValue: 0, isLimitReached: true });
  });

  it("counts only the caller's own invoices", async () => {
    const busy = await customerWith(100_000);
    await createInvoice(t.database.db, busy.account.id, { issuedAt: NOW });
    const quiet = await customerWith(100_000);
    expect((await quiet.read()).usedValue).toBe(0);
  });

  it('shows a restricted sales retailer its credit too (only payment is closed to it)', async () => {
    const { read } = await customerWith(200_000, true);
    expect((await read()).availableValue).toBe(200_000);
  });
});
