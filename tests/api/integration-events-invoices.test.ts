import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectResult } from '../../src/contract/checkout';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { feedEvents } from '../support/event-feed';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { eventually } from '../support/eventually';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const CLIENT_TIME = { clientDateTime: '2026-11-22T13:00:00', timezone: 'Australia/Melbourne' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** A dealer paying invoices in the shop tells the ERP, invoice by invoice, in the transaction that settles them. */
describe('events out for invoices paid in the shop', () => {
  let t: TestApp;
  let accountId: number;
  let accountCode: string;
  let headers: Record<string, string>;
  let eventsKey: string;

  const feed = () => feedEvents(t.app, eventsKey);
  const startPayment = async (ids: number[]) => {
    const query = new URLSearchParams({ id: ids.join(','), ...CLIENT_TIME });
    const response = await t.app.inject({ method: 'GET', url: `${api('Payment/Invoice')}?${query}`, headers });
    expect(response.statusCode, response.body).toBe(200);
    const redirect = response.json() as RedirectResult;
    return Object.fromEntries(redirect.keys.map((key, index) => [key, redirect.values[index] ?? '']));
  };
  const choose = (fields: Record<string, string>, action: 'pay' | 'decline') =>
    t.app.inject({
      method: 'POST',
      url: api('PaymentSandbox/Complete'),
      headers: FORM,
      payload: new URLSearchParams({ ...fields, action }).toString(),
    });

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const customer = await createCustomer(t.database.db, { creditLimitCents: 1_000_000 });
    accountId = customer.account.id;
    accountCode = customer.account.code;
    headers = bearer(await signIn(t.app, customer.email));
    eventsKey = (await createIntegrationKey(t.database.db, 'erp', ['events'])).token;
  });
  afterAll(() => t.close());

  it('writes invoice.paid for each invoice the payment settles', async () => {
    const first = await createInvoice(t.database.db, accountId, { totalCents: 22_000 });
    const second = await createInvoice(t.database.db, accountId, { totalCents: 55_000, paidCents: 5_000 });
    const fields = await startPayment([first.id, second.id]);
    expect((await choose(fields, 'pay')).statusCode).toBe(303);

    const paidEvents = async () => (await feed()).filter((event) => event.type === 'invoice.paid');
    // The feed holds back events while any older transaction on the server is still running.
    await eventually(async () => (await paidEvents()).length === 2);
    const paid = await paidEvents();
    expect(paid.map((event) => event.data)).toEqual([
      {
        invoiceNumber: first.invoiceNumber,
        accountCode,
        paymentReference: fields.reference,
        paymentMethod: 'Payments.Card',
        amountPaidCents: 22_000,
        totalCents: 22_000,
        paidCents: 22_000,
        outstandingCents: 0,
        paidAt: '2026-11-22T02:00:00.000Z',
      },
      {
        invoiceNumber: second.invoiceNumber,
        accountCode,
        paymentReference: fields.reference,
        paymentMethod: 'Payments.Card',
        amountPaidCents: 50_000,
        totalCents: 55_000,
        paidCents: 55_000,
        outstandingCents: 0,
        paidAt: '2026-11-22T02:00:00.000Z',
      },
    ]);
    expect(paid.map((event) => event.occurredAt)).toEqual(['2026-11-22T02:00:00.000Z', '2026-11-22T02:00:00.000Z']);
  });

  it('writes no event when the payment is declined or its notification refused', async () => {
    const invoice = await createInvoice(t.database.db, accountId, { totalCents: 10_000 });
    const before = (await feed()).length;
    const declined = await startPayment([invoice.id]);
    expect((await choose(declined, 'decline')).statusCode).toBe(303);
    const tampered = await startPayment([invoice.id]);
    expect((await choose({ ...tampered, amount: '1.00' }, 'pay')).statusCode).toBeGreaterThanOrEqual(400);
    expect(await feed()).toHaveLength(before);
  });
});
