import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { RedirectResult } from '../../src/contract/checkout';
import type { PaymentResult } from '../../src/contract/payment';
import { invoices, payments } from '../../src/server/db/schema';
import { signed } from '../../src/server/integrations/payments/gateway-signature';
import { FIXTURE_PASSWORD, bearer, createCustomer } from '../support/fixtures';
import { creditPosition } from '../../src/server/modules/account/credit';
import { createInvoice, invoiceById } from '../support/invoice-fixtures';
import { createOrder, orderById } from '../support/order-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const SECRET = 'payment-gateway-secret-for-tests-0123456789';
const CLIENT_TIME = { clientDateTime: '2026-11-22T13:00:00', timezone: 'Australia/Melbourne' };

const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

function fieldsOf(redirect: RedirectResult): Record<string, string> {
  return Object.fromEntries(redirect.keys.map((key, index) => [key, redirect.values[index] ?? '']));
}

// API_KEY is set: the sandbox and the notification must work without it, as browsers' form posts and providers cannot send it.
describe('the sandbox hosted payment page pays invoices the way a real provider would', () => {
  let t: TestApp;
  let accountId: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { PAYMENT_GATEWAY_SECRET: SECRET, API_KEY: 'gateway-key' } });
    const customer = await createCustomer(t.database.db, { creditLimitCents: 100_000 });
    accountId = customer.account.id;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      headers: { 'x-api-key': 'gateway-key' },
      payload: { email: customer.email, password: FIXTURE_PASSWORD },
    });
    headers = { ...bearer(signedIn.json() as AuthResult), 'x-api-key': 'gateway-key' };
  });
  afterAll(() => t.close());

  const startInvoicePayment = async (ids: number[]) => {
    const query = new URLSearchParams({ id: ids.join(','), ...CLIENT_TIME });
    const response = await t.app.inject({ method: 'GET', url: `${api('Payment/Invoice')}?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as RedirectResult;
  };
  // The browser's posts carry no API key and no bearer token: a form post cannot add headers.
  const post = (url: string, fields: Record<string, string>) =>
    t.app.inject({ method: 'POST', url, headers: FORM, payload: form(fields) });
  const choose = (fields: Record<string, string>, action: 'pay' | 'decline') =>
    post(api('PaymentSandbox/Complete'), {
      ...fields,
      action,
      cardName: 'Test Cardholder',
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/34',
      cardCvc: '123',
    });
  const resultOf = async (reference: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `${api('Payment/Result')}?reference=${reference}`,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as PaymentResult;
  };

  it('answers a Redirect to the sandbox with signed fields, shows the sandbox page, and Pay settles both invoices', async () => {
    const first = await createInvoice(t.database.db, accountId, { totalCents: 22_000 });
    const second = await createInvoice(t.database.db, accountId, { totalCents: 55_000, paidCents: 5_000 });
    const before = (await creditPosition(t.database.db, accountId)).usedCents;

    const redirect = await startInvoicePayment([first.id, second.id]);
    expect(redirect.url).toBe('/yhi/api/PaymentSandbox/Pay');
    expect(redirect.keys).toHaveLength(redirect.values.length);
    const fields = fieldsOf(redirect);
    expect(fields).toMatchObject({
      amount: '720.00',
      currency: 'AUD',
      description: `Invoice ${first.invoiceNumber}, ${second.invoiceNumber}`,
    });
    expect(fields.reference).toMatch(/^PAY-[0-9A-F]{16}$/);
    const reference = fields.reference ?? '';
    expect(fields.returnUrl).toBe(`/my-account/payment?paid=${reference}`);
    expect(fields.failUrl).toBe(`/my-account/payment?failed=${reference}`);
    expect(fields.signature).toMatch(/^[0-9a-f]{64}$/);

    const [stored] = await t.database.db.select().from(payments).where(eq(payments.reference, reference));
    expect(stored).toMatchObject({
      status: 'Pending',
      kind: 'Invoice',
      method: 'Payments.Card',
      amountCents: 72_000,
      ...CLIENT_TIME,
    });

    const page = await post(redirect.url, fields);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toContain('This is a sandbox.');
    expect(page.body).toContain('$720.00 AUD');
    expect(page.body).toContain(reference);
    expect(page.body).toContain('value="4242 4242 4242 4242"');
    expect(page.body).toMatch(/<button type="submit" name="action" value="pay">Pay<\/button>/);
    expect(page.body).toMatch(/<button type="submit" name="action" value="decline" formnovalidate>Decline<\/button>/);
    expect(page.body).toContain('action="/yhi/api/PaymentSandbox/Complete"');

    const back = await choose(fields, 'pay');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/my-account/payment?paid=${reference}`);

    expect(await invoiceById(t.database.db, first.id)).toMatchObject({ paidCents: 22_000, paidAt: NOW });
    expect(await invoiceById(t.database.db, second.id)).toMatchObject({ paidCents: 55_000, paidAt: NOW });
    expect((await creditPosition(t.database.db, accountId)).usedCents).toBe(before - 72_000);
    expect(await resultOf(reference)).toEqual({
      reference,
      kind: 'Invoice',
      status: 'Completed',
      amount: '$720.00',
      amountCents: 72_000,
      message: null,
      orderId: null,
      invoiceNumbers: [first.invoiceNumber, second.invoiceNumber].sort(),
    });

    // The invoices are no longer outstanding.
    const again = await t.app.inject({
      method: 'GET',
      url: `${api('Payment/Invoice')}?${new URLSearchParams({ id: String(first.id), ...CLIENT_TIME })}`,
      headers,
    });
    expect(again.statusCode).toBe(400);
  });

  it('Decline leaves the invoice unpaid, keeps the message for the page and returns with ?failed=', async () => {
    const invoice = await createInvoice(t.database.db, accountId, { totalCents: 33_000 });
    const before = (await creditPosition(t.database.db, accountId)).usedCents;
    const fields = fieldsOf(await startInvoicePayment([invoice.id]));
    const back = await choose(fields, 'decline');
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/my-account/payment?failed=${fields.reference}`);
    expect(await invoiceById(t.database.db, invoice.id)).toMatchObject({ paidCents: 0, paidAt: null });
    expect((await creditPosition(t.database.db, accountId)).usedCents).toBe(before);
    expect(await resultOf(fields.reference ?? '')).toMatchObject({
      status: 'Failed',
      message: 'The card was declined.',
    });

    // Once declined, the page does not offer the payment again: it sends the browser back to the failure page.
    const page = await post(api('PaymentSandbox/Pay'), fields);
    expect(page.statusCode).toBe(303);
    expect(page.headers.location).toBe(`/my-account/payment?failed=${fields.reference}`);
    // A new attempt is a new payment.
    const retry = fieldsOf(await startInvoicePayment([invoice.id]));
    expect(retry.reference).not.toBe(fields.reference);
  });

  it('refuses requests not signed by the shop: an altered amount, a forged signature, a changed return address', async () => {
    const invoice = await createInvoice(t.database.db, accountId, { totalCents: 44_000 });
    const fields = fieldsOf(await startInvoicePayment([invoice.id]));
    const tampered = [
      { ...fields, amount: '0.01' },
      { ...fields, signature: 'f'.repeat(64) },
      { ...fields, returnUrl: 'https://evil.example/' },
      signed('not-the-shops-secret-not-the-shops-secret', { ...fields, amount: '0.01' }),
      Object.fromEntries(Object.entries(fields).filter(([key]) => key !== 'signature')),
    ];
    for (const forged of tampered) {
      const page = await post(api('PaymentSandbox/Pay'), forged);
      expect(page.statusCode).toBe(400);
      expect(page.body).toContain('was not made by the shop, or was changed on the way');
      const paid = await choose(forged, 'pay');
      expect(paid.statusCode).toBe(400);
    }
    expect(await invoiceById(t.database.db, invoice.id)).toMatchObject({ paidCents: 0 });
    expect(await resultOf(fields.reference ?? '')).toMatchObject({ status: 'Pending' });
  });

  it('completes a payment once however often the provider calls back, concurrent callbacks included', async () => {
    const invoice = await createInvoice(t.database.db, accountId, { totalCents: 10_000 });
    const fields = fieldsOf(await startInvoicePayment([invoice.id]));
    // The invoice grows after the payment started (a late adjustment), so a second application would show: 200.00 paid.
    await t.database.db.update(invoices).set({ totalCents: 30_000 }).where(eq(invoices.id, invoice.id));
    const notification = signed(SECRET, {
      reference: fields.reference ?? '',
      status: 'Approved',
      amount: '100.00',
      message: '',
    });
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        t.app.inject({ method: 'POST', url: api('Payment/Notify'), headers: FORM, payload: form(notification) }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
    expect(answers[0]?.json()).toEqual({ reference: fields.reference, status: 'Completed' });
    // A late Decline and the browser's own return change nothing either.
    const lateDecline = signed(SECRET, {
      reference: fields.reference ?? '',
      status: 'Declined',
      amount: '100.00',
      message: 'Too late',
    });
    expect(
      (await t.app.inject({ method: 'POST', url: api('Payment/Notify'), payload: lateDecline })).json(),
    ).toMatchObject({ status: 'Completed' });
    expect((await choose(fields, 'pay')).headers.location).toBe(`/my-account/payment?paid=${fields.reference}`);
    expect(await invoiceById(t.database.db, invoice.id)).toMatchObject({ paidCents: 10_000, paidAt: null });
    expect(await resultOf(fields.reference ?? '')).toMatchObject({ status: 'Completed', message: null });
  });

  it('refuses notifications with a wrong signature or amount, and unknown references', async () => {
    const invoice = await createInvoice(t.database.db, accountId, { totalCents: 12_300 });
    const { reference = '' } = fieldsOf(await startInvoicePayment([invoice.id]));
    const notify = (payload: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: api('Payment/Notify'), payload });
    const forged = await notify(
      signed('not-the-shops-secret-not-the-shops-secret', {
        reference,
        status: 'Approved',
        amount: '123.00',
        message: '',
      }),
    );
    expect(forged.statusCode).toBe(403);
    expect(forged.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(
      (await notify(signed(SECRET, { reference, status: 'Approved', amount: '1.00', message: '' }))).statusCode,
    ).toBe(400);
    expect(
      (
        await notify(
          signed(SECRET, { reference: 'PAY-0000000000000000', status: 'Approved', amount: '123.00', message: '' }),
        )
      ).statusCode,
    ).toBe(404);
    expect((await notify({ reference })).statusCode).toBe(400);
    expect(await invoiceById(t.database.db, invoice.id)).toMatchObject({ paidCents: 0 });
  });

  it('pays an order awaiting payment and marks it Paid; a declined card marks it PaymentFailed, after which it cannot be paid', async () => {
    const startOrderPayment = async (orderId: number) => {
      const query = new URLSearchParams({ id: String(orderId), ...CLIENT_TIME });
      return t.app.inject({ method: 'GET', url: `${api('Payment/Order')}?${query}`, headers });
    };
    const fieldsOfStart = async (orderId: number) => {
      const response = await startOrderPayment(orderId);
      expect(response.statusCode, response.body).toBe(200);
      return fieldsOf(response.json() as RedirectResult);
    };
    const refusedOrder = await createOrder(t.database.db, accountId, { totalCents: 19_900 });
    const declined = await fieldsOfStart(refusedOrder.id);
    expect(declined.returnUrl).toBe(`/checkout/success/${refusedOrder.id}?paid=${declined.reference}`);
    expect((await choose(declined, 'decline')).headers.location).toBe(
      `/checkout/success/${refusedOrder.id}?failed=${declined.reference}`,
    );
    expect(await orderById(t.database.db, refusedOrder.id)).toMatchObject({
      status: 'PaymentFailed',
      paidAt: null,
      stockReleasedAt: NOW,
    });
    // Its stock went back: the customer places the order again from the cart, which stayed as it was.
    const retry = await startOrderPayment(refusedOrder.id);
    expect(retry.statusCode).toBe(400);
    expect(retry.json()).toMatchObject({ detail: expect.stringContaining('no longer holds its stock') });

    const order = await createOrder(t.database.db, accountId, { totalCents: 19_900 });
    const paid = await fieldsOfStart(order.id);
    expect((await choose(paid, 'pay')).headers.location).toBe(`/checkout/success/${order.id}?paid=${paid.reference}`);
    expect(await orderById(t.database.db, order.id)).toMatchObject({ status: 'Paid', paidAt: NOW });
    expect(await resultOf(paid.reference ?? '')).toMatchObject({
      kind: 'Order',
      orderId: order.id,
      status: 'Completed',
      amount: '$199.00',
    });
  });
});
