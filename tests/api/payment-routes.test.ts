import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectResult } from '../../src/contract/checkout';
import { payments } from '../../src/server/db/schema';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { createOrder } from '../support/order-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const CLIENT_TIME = { clientDateTime: '2026-11-22T13:00:00', timezone: 'Australia/Sydney' };

function fieldsOf(redirect: RedirectResult): Record<string, string> {
  return Object.fromEntries(redirect.keys.map((key, index) => [key, redirect.values[index] ?? '']));
}

describe("Payment/Invoice and Payment/Order: only the caller's outstanding invoices and unpaid orders", () => {
  let t: TestApp;
  let dealer: { accountId: number; headers: Record<string, string> };
  let other: { accountId: number; headers: Record<string, string> };
  let retailer: { accountId: number; headers: Record<string, string> };

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const account = async (values: { isRestrictedSalesRetailer?: boolean } = {}) => {
      const customer = await createCustomer(t.database.db, values);
      return { accountId: customer.account.id, headers: bearer(await signIn(t.app, customer.email)) };
    };
    dealer = await account();
    other = await account();
    retailer = await account({ isRestrictedSalesRetailer: true });
  });
  afterAll(() => t.close());

  const get = (route: string, headers: Record<string, string>, query: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: `${api(route)}?${new URLSearchParams(query)}`, headers });

  it("answers the hosted page's url, keys and values for an outstanding invoice and stores the client's time", async () => {
    const invoice = await createInvoice(t.database.db, dealer.accountId, { totalCents: 12_345 });
    const response = await get('Payment/Invoice', dealer.headers, { id: String(invoice.id), ...CLIENT_TIME });
    expect(response.statusCode, response.body).toBe(200);
    const redirect = response.json() as RedirectResult;
    expect(redirect.keys).toEqual([
      'reference',
      'amount',
      'currency',
      'description',
      'returnUrl',
      'failUrl',
      'notifyUrl',
      'timestamp',
      'signature',
    ]);
    const fields = fieldsOf(redirect);
    expect(fields).toMatchObject({
      amount: '123.45',
      currency: 'AUD',
      notifyUrl: '/yhi/api/Payment/Notify',
      timestamp: NOW.toISOString(),
    });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, fields.reference ?? ''));
    expect(payment).toMatchObject({
      accountId: dealer.accountId,
      kind: 'Invoice',
      orderId: null,
      amountCents: 12_345,
      status: 'Pending',
      ...CLIENT_TIME,
      createdAt: NOW,
    });
  });

  it("answers 404 for another account's invoice, alone or among the caller's own, and starts no payment", async () => {
    const own = await createInvoice(t.database.db, dealer.accountId);
    const theirs = await createInvoice(t.database.db, other.accountId);
    const before = (await t.database.db.select().from(payments)).length;
    for (const id of [String(theirs.id), `${own.id},${theirs.id}`, '999999']) {
      const response = await get('Payment/Invoice', dealer.headers, { id, ...CLIENT_TIME });
      expect(response.statusCode, id).toBe(404);
      expect(response.json()).toMatchObject({ isError: true, detail: 'Invoice not found.' });
    }
    expect(await t.database.db.select().from(payments)).toHaveLength(before);
  });

  it('answers 400 for a paid invoice', async () => {
    const paid = await createInvoice(t.database.db, dealer.accountId, {
      totalCents: 5_000,
      paidCents: 5_000,
      issuedAt: NOW,
    });
    const response = await get('Payment/Invoice', dealer.headers, { id: String(paid.id), ...CLIENT_TIME });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ detail: `Invoice ${paid.invoiceNumber} is already paid.` });
  });

  it('refuses restricted sales retailers (403) and visitors (401)', async () => {
    const invoice = await createInvoice(t.database.db, retailer.accountId);
    expect(
      (await get('Payment/Invoice', retailer.headers, { id: String(invoice.id), ...CLIENT_TIME })).statusCode,
    ).toBe(403);
    expect((await get('Payment/Invoice', {}, { id: String(invoice.id), ...CLIENT_TIME })).statusCode).toBe(401);
    expect((await get('Payment/Order', {}, { id: '1', ...CLIENT_TIME })).statusCode).toBe(401);
  });

  it('answers 400 with the field named for a bad clientDateTime, time zone or id', async () => {
    const invoice = await createInvoice(t.database.db, dealer.accountId);
    const id = String(invoice.id);
    const cases: [Record<string, string>, string][] = [
      [{ id, clientDateTime: '22/11/2026 13:00', timezone: 'Australia/Sydney' }, 'clientDateTime'],
      [{ id, clientDateTime: '2026-11-22T13:00', timezone: 'Australia/Sydney' }, 'clientDateTime'],
      [{ id, clientDateTime: '2026-11-22T13:00:00', timezone: 'Mars/Olympus_Mons' }, 'timezone'],
      [{ id, clientDateTime: '2026-11-22T13:00:00' }, 'timezone'],
      [{ id: 'abc', ...CLIENT_TIME }, 'id'],
      [{ id: `${id},`, ...CLIENT_TIME }, 'id'],
    ];
    for (const [query, field] of cases) {
      const response = await get('Payment/Invoice', dealer.headers, query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(
        (response.json() as { validationErrors: { name: string }[] }).validationErrors.map((error) => error.name),
      ).toContain(field);
    }
    const badOrder = await get('Payment/Order', dealer.headers, {
      id: '1',
      clientDateTime: 'now',
      timezone: 'Australia/Sydney',
    });
    expect(badOrder.statusCode).toBe(400);
  });

  it("starts a card payment for an order awaiting payment, and refuses placed, paid and other accounts' orders", async () => {
    const awaiting = await createOrder(t.database.db, dealer.accountId, { totalCents: 45_600 });
    const response = await get('Payment/Order', dealer.headers, { id: String(awaiting.id), ...CLIENT_TIME });
    expect(response.statusCode, response.body).toBe(200);
    const fields = fieldsOf(response.json() as RedirectResult);
    expect(fields).toMatchObject({
      amount: '456.00',
      description: `Order ${awaiting.id}`,
      returnUrl: `/checkout/success/${awaiting.id}?paid=${fields.reference}`,
    });
    const [payment] = await t.database.db
      .select()
      .from(payments)
      .where(eq(payments.reference, fields.reference ?? ''));
    expect(payment).toMatchObject({ kind: 'Order', orderId: awaiting.id, amountCents: 45_600, ...CLIENT_TIME });

    const onAccount = await createOrder(t.database.db, dealer.accountId, {
      status: 'Placed',
      paymentMethodSystemName: 'Payments.TradingAccount',
    });
    const paid = await createOrder(t.database.db, dealer.accountId, { status: 'Paid', paidAt: NOW });
    for (const order of [onAccount, paid]) {
      expect((await get('Payment/Order', dealer.headers, { id: String(order.id), ...CLIENT_TIME })).statusCode).toBe(
        400,
      );
    }
    const theirs = await createOrder(t.database.db, other.accountId);
    expect((await get('Payment/Order', dealer.headers, { id: String(theirs.id), ...CLIENT_TIME })).statusCode).toBe(
      404,
    );
  });

  it("answers Payment/Result only for the caller's own payments", async () => {
    const invoice = await createInvoice(t.database.db, dealer.accountId);
    const { reference = '' } = fieldsOf(
      (
        await get('Payment/Invoice', dealer.headers, { id: String(invoice.id), ...CLIENT_TIME })
      ).json() as RedirectResult,
    );
    expect((await get('Payment/Result', dealer.headers, { reference })).json()).toMatchObject({
      reference,
      status: 'Pending',
      invoiceNumbers: [invoice.invoiceNumber],
    });
    expect((await get('Payment/Result', other.headers, { reference })).statusCode).toBe(404);
  });

  it('answers no PayPal client id while PayPal is not configured', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: api('Payment/PayPalSettings'), headers: dealer.headers })).json(),
    ).toEqual({ clientId: null });
  });
});

describe('with a real payment gateway and PayPal configured', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  it('posts to the gateway with absolute return addresses, serves no sandbox, and lets the page post and load PayPal', async () => {
    t = await createTestApp({
      now: NOW,
      env: {
        PAYMENT_GATEWAY_URL: 'https://pay.example.com/hosted',
        PUBLIC_URL: 'https://trade.example.com',
        PAYPAL_CLIENT_ID: 'client-id-1',
        PAYPAL_CLIENT_SECRET: 'client-secret-1',
      },
    });
    const customer = await createCustomer(t.database.db);
    const headers = bearer(await signIn(t.app, customer.email));
    const invoice = await createInvoice(t.database.db, customer.account.id, { totalCents: 1_000 });
    const response = await t.app.inject({
      method: 'GET',
      url: `${api('Payment/Invoice')}?${new URLSearchParams({ id: String(invoice.id), ...CLIENT_TIME })}`,
      headers,
    });
    const redirect = response.json() as RedirectResult;
    expect(redirect.url).toBe('https://pay.example.com/hosted');
    const fields = fieldsOf(redirect);
    expect(fields.returnUrl).toBe(`https://trade.example.com/my-account/payment?paid=${fields.reference}`);
    expect(fields.notifyUrl).toBe('https://trade.example.com/yhi/api/Payment/Notify');

    const sandbox = await t.app.inject({
      method: 'POST',
      url: api('PaymentSandbox/Pay'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
    expect(sandbox.statusCode).toBe(404);

    const csp = String(sandbox.headers['content-security-policy']);
    expect(csp).toContain("form-action 'self' https://pay.example.com");
    expect(csp).toMatch(/script-src 'self' https:\/\/www\.paypal\.com/);
    expect((await t.app.inject({ method: 'GET', url: api('Payment/PayPalSettings'), headers })).json()).toEqual({
      clientId: 'client-id-1',
    });
  });
});
