import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccountWithDetails } from '../support/account-fixtures';
import { signIn } from '../support/fixtures';
import { createInvoice } from '../support/invoice-fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api, createTestApp } from '../support/test-app';

const DAY = 86_400_000;
const NOW = new Date('2026-11-20T01:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
}, 60_000);
afterAll(() => t.close());

/** A dealer owing three invoices ($220.00, $550.00 with $50.00 paid, $110.00 overdue) and one paid invoice. */
async function owingDealer() {
  const customer = await createAccountWithDetails(t.database.db, { creditLimitCents: 200_000 });
  const accountId = customer.account.id;
  const invoices = {
    recent: await createInvoice(t.database.db, accountId, {
      totalCents: 22_000,
      issuedAt: new Date(NOW.getTime() - 5 * DAY),
    }),
    partPaid: await createInvoice(t.database.db, accountId, {
      totalCents: 55_000,
      paidCents: 5_000,
      issuedAt: new Date(NOW.getTime() - 20 * DAY),
    }),
    overdue: await createInvoice(t.database.db, accountId, {
      totalCents: 11_000,
      issuedAt: new Date(NOW.getTime() - 45 * DAY),
    }),
    paid: await createInvoice(t.database.db, accountId, {
      totalCents: 33_000,
      paidCents: 33_000,
      issuedAt: new Date(NOW.getTime() - 70 * DAY),
    }),
  };
  return { session: await signIn(t.app, customer.email), invoices };
}

/** The fields of the hidden form the page posts to the payment provider, captured instead of leaving jsdom. */
function captureRedirectForm() {
  const posted: { action: string; fields: Record<string, string> }[] = [];
  vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(function (this: HTMLFormElement) {
    const fields = Object.fromEntries([...new FormData(this).entries()].map(([key, value]) => [key, String(value)]));
    posted.push({ action: this.getAttribute('action') ?? '', fields });
  });
  return posted;
}

/** What the sandbox page's Pay / Decline button posts (a browser's form post: no token, no API key). */
async function finishOnSandbox(fields: Record<string, string>, action: 'pay' | 'decline') {
  const response = await t.app.inject({
    method: 'POST',
    url: api('PaymentSandbox/Complete'),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      ...fields,
      action,
      cardName: 'Test Cardholder',
      cardNumber: '4242 4242 4242 4242',
      cardExpiry: '12/34',
      cardCvc: '123',
    }).toString(),
  });
  expect(response.statusCode, response.body).toBeLessThan(400);
  return String(response.headers.location);
}

function figure(label: string): string {
  const summary = within(screen.getByTestId('credit-summary'));
  return summary.getByText(label).nextSibling?.textContent ?? '';
}

describe('the payment tab (/my-account/payment)', () => {
  it('totals the chosen invoices, posts them to the payment page, and shows the paid return with the lower balance', async () => {
    const user = userEvent.setup();
    const { session, invoices } = await owingDealer();
    const posted = captureRedirectForm();
    const view = renderApp(t, '/my-account/payment', session);
    const table = await screen.findByRole('table', { name: /Outstanding invoices/ });
    await waitFor(() => expect(figure('Used')).toBe('$830.00'));
    expect(figure('Credit limit')).toBe('$2,000.00');
    expect(figure('Available')).toBe('$1,170.00');
    const rows = within(table).getAllByRole('row').slice(1);
    // Oldest due first; the paid invoice is not offered.
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([
      invoices.overdue.invoiceNumber,
      invoices.partPaid.invoiceNumber,
      invoices.recent.invoiceNumber,
    ]);
    expect(within(rows[0] as HTMLElement).getByText('Overdue')).toBeInTheDocument();
    const total = () => screen.getByTestId('selection-total').textContent;
    expect(total()).toBe('$0.00');
    expect(screen.getByRole('button', { name: 'Pay selected' })).toBeDisabled();

    await user.click(screen.getByRole('checkbox', { name: `Pay invoice ${invoices.partPaid.invoiceNumber}` }));
    expect(total()).toBe('$500.00');
    await user.click(screen.getByRole('checkbox', { name: `Pay invoice ${invoices.overdue.invoiceNumber}` }));
    expect(total()).toBe('$610.00');
    await user.click(screen.getByRole('checkbox', { name: 'Choose every outstanding invoice' }));
    expect(total()).toBe('$830.00');
    await user.click(screen.getByRole('checkbox', { name: 'Choose every outstanding invoice' }));
    expect(total()).toBe('$0.00');
    await user.click(screen.getByRole('checkbox', { name: `Pay invoice ${invoices.partPaid.invoiceNumber}` }));
    await user.click(screen.getByRole('checkbox', { name: `Pay invoice ${invoices.overdue.invoiceNumber}` }));

    await user.click(screen.getByRole('button', { name: 'Pay selected' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Opening the payment page…' })).toBeDisabled();
    const [redirect] = posted;
    expect(redirect?.action).toBe('/yhi/api/PaymentSandbox/Pay');
    expect(redirect?.fields).toMatchObject({ amount: '610.00', currency: 'AUD' });
    expect(redirect?.fields.description).toContain(invoices.partPaid.invoiceNumber);
    expect(redirect?.fields.description).toContain(invoices.overdue.invoiceNumber);

    const back = await finishOnSandbox(redirect?.fields ?? {}, 'pay');
    expect(back).toBe(`/my-account/payment?paid=${redirect?.fields.reference}`);
    view.unmount();
    renderApp(t, back, session);
    expect(await screen.findByText('Payment received. Thank you!')).toBeInTheDocument();
    await waitFor(() => expect(figure('Used')).toBe('$220.00'));
    expect(figure('Available')).toBe('$1,780.00');
    const after = await screen.findByRole('table', { name: /Outstanding invoices/ });
    expect(within(after).getAllByRole('row').slice(1)).toHaveLength(1);
  });

  it('says a declined payment did not go through and leaves the balance as it was', async () => {
    const user = userEvent.setup();
    const { session, invoices } = await owingDealer();
    const posted = captureRedirectForm();
    const view = renderApp(t, '/my-account/payment', session);
    await user.click(await screen.findByRole('checkbox', { name: `Pay invoice ${invoices.recent.invoiceNumber}` }));
    await user.click(screen.getByRole('button', { name: 'Pay selected' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    const back = await finishOnSandbox(posted[0]?.fields ?? {}, 'decline');
    expect(back).toBe(`/my-account/payment?failed=${posted[0]?.fields.reference}`);
    view.unmount();
    renderApp(t, back, session);
    expect(await screen.findByRole('alert')).toHaveTextContent('The payment did not go through.');
    await waitFor(() => expect(figure('Used')).toBe('$830.00'));
  });

  it('has no Payment tab for a restricted sales retailer, and the route refuses', async () => {
    const customer = await createAccountWithDetails(t.database.db, { isRestrictedSalesRetailer: true, state: 'QLD' });
    const session = await signIn(t.app, customer.email);
    const view = renderApp(t, '/my-account/invoices', session);
    const tabs = within(await screen.findByRole('navigation', { name: 'My account' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Details',
      'Orders',
      'Invoices',
      'Returns and claims',
      'Quotes',
      'Users',
      'Profile',
    ]);
    view.unmount();

    renderApp(t, '/my-account/payment', session);
    expect(await screen.findByText(/Payments are not made online for this account/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pay selected' })).not.toBeInTheDocument();
    expect(screen.queryByTestId('credit-summary')).not.toBeInTheDocument();
  });

  it('shows every tab to an account that may pay', async () => {
    const { session } = await owingDealer();
    renderApp(t, '/my-account/payment', session);
    const tabs = within(await screen.findByRole('navigation', { name: 'My account' }));
    expect(tabs.getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Details',
      'Payment',
      'Orders',
      'Invoices',
      'Returns and claims',
      'Quotes',
      'Users',
      'Profile',
    ]);
    expect(tabs.getByRole('link', { name: 'Payment' })).toHaveAttribute('aria-current', 'page');
  });
});
