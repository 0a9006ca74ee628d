import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedirectResult } from '../../src/contract/checkout';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

/** The element saying 'This is a sandbox.', and its font size as the page's own stylesheet sets it. */
function sandboxNotice(html: string) {
  document.documentElement.innerHTML = /<html[^>]*>([\s\S]*)<\/html>/.exec(html)?.[1] ?? '';
  const note = document.querySelector('[role="note"]');
  const says = [...(note?.querySelectorAll('*') ?? [])].find((element) => element.textContent === 'This is a sandbox.');
  return {
    firstInMain: document.querySelector('main')?.firstElementChild === note,
    fontSize: says ? window.getComputedStyle(says).fontSize : undefined,
    title: document.title,
  };
}

describe('the sandbox card page says it is a sandbox, first and in large type', () => {
  let t: TestApp;
  let fields: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const customer = await createCustomer(t.database.db, { creditLimitCents: 100_000 });
    const invoice = await createInvoice(t.database.db, customer.account.id, { totalCents: 22_000 });
    const query = new URLSearchParams({
      id: String(invoice.id),
      clientDateTime: '2026-11-22T13:00:00',
      timezone: 'Australia/Melbourne',
    });
    const started = await t.app.inject({
      method: 'GET',
      url: `${api('Payment/Invoice')}?${query}`,
      headers: bearer(await signIn(t.app, customer.email)),
    });
    const redirect = started.json() as RedirectResult;
    fields = Object.fromEntries(redirect.keys.map((key, index) => [key, redirect.values[index] ?? '']));
  }, 60_000);
  afterAll(() => t.close());

  it('on the payment page', async () => {
    const page = await t.app.inject({
      method: 'POST',
      url: api('PaymentSandbox/Pay'),
      headers: FORM,
      payload: new URLSearchParams(fields).toString(),
    });
    expect(page.statusCode, page.body).toBe(200);
    expect(sandboxNotice(page.body)).toEqual({
      firstInMain: true,
      fontSize: '2.5rem',
      title: 'Sandbox payment (sandbox: no money moves)',
    });
  });

  it('on the page refusing a request it cannot honour', async () => {
    const page = await t.app.inject({
      method: 'POST',
      url: api('PaymentSandbox/Pay'),
      headers: FORM,
      payload: new URLSearchParams({ ...fields, amount: '1.00' }).toString(),
    });
    expect(page.statusCode).toBe(400);
    expect(sandboxNotice(page.body)).toMatchObject({ firstInMain: true, fontSize: '2.5rem' });
  });
});
