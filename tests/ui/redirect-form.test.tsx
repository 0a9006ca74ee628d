import { render } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { RedirectResult } from '../../src/contract/checkout';
import { RedirectForm } from '../../src/web/components/payment/redirect-form';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

/** Captures the forms the page submits (jsdom cannot navigate). */
function captureSubmits() {
  const submitted: HTMLFormElement[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    submitted.push(this);
  });
  return submitted;
}

describe('the hidden payment form posts the Redirect result to the provider', () => {
  let t: TestApp;
  let redirect: RedirectResult;

  beforeAll(async () => {
    t = await createTestApp();
    const customer = await createCustomer(t.database.db);
    const invoice = await createInvoice(t.database.db, customer.account.id, { totalCents: 43_210 });
    const query = new URLSearchParams({
      id: String(invoice.id),
      clientDateTime: '2026-11-22T13:00:00',
      timezone: 'Australia/Perth',
    });
    const response = await t.app.inject({
      method: 'GET',
      url: `${api('Payment/Invoice')}?${query}`,
      headers: bearer(await signIn(t.app, customer.email)),
    });
    redirect = response.json() as RedirectResult;
  }, 60_000);
  afterAll(() => t.close());

  it('submits once, by POST to the url, one field per key with its value, and the provider accepts them', async () => {
    const submitted = captureSubmits();
    const { rerender } = render(<RedirectForm redirect={redirect} />);
    expect(submitted).toHaveLength(1);
    const form = submitted[0] as HTMLFormElement;
    expect(form.method).toBe('post');
    expect(form.getAttribute('action')).toBe(redirect.url);
    expect(form.hidden).toBe(true);
    const posted = [...new FormData(form).entries()];
    expect(posted).toEqual(redirect.keys.map((key, index) => [key, redirect.values[index]]));

    // What the browser would send is what the sandbox page takes as signed by the shop.
    const page = await t.app.inject({
      method: 'POST',
      url: redirect.url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(posted as [string, string][]).toString(),
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('$432.10 AUD');

    rerender(<RedirectForm redirect={redirect} />);
    expect(submitted).toHaveLength(1);
  });

  it('keeps values exactly, characters HTML would mangle included, and submits again for a new result', async () => {
    const submitted = captureSubmits();
    const first: RedirectResult = {
      url: 'https://pay.example.com/hosted?x=1',
      keys: ['a', 'b'],
      values: ['<&>"\' é', ''],
    };
    const { rerender } = render(<RedirectForm redirect={first} />);
    expect([...new FormData(submitted[0] as HTMLFormElement).entries()]).toEqual([
      ['a', '<&>"\' é'],
      ['b', ''],
    ]);
    expect((submitted[0] as HTMLFormElement).action).toBe('https://pay.example.com/hosted?x=1');
    rerender(<RedirectForm redirect={{ ...first, values: ['2', '3'] }} />);
    expect(submitted).toHaveLength(2);
    expect([...new FormData(submitted[1] as HTMLFormElement).entries()]).toEqual([
      ['a', '2'],
      ['b', '3'],
    ]);
  });
});
