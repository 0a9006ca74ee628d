import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { signIn } from '../support/fixtures';
import { createOrderHistoryFixture } from '../support/order-history-fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
let t: TestApp;
let setup: Awaited<ReturnType<typeof createOrderHistoryFixture>>;
let session: AuthResult;

beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  setup = await createOrderHistoryFixture(t);
  session = await signIn(t.app, setup.dealerEmail);
}, 60_000);
afterAll(() => t.close());

const ordersTable = (name: RegExp = /Orders, page 1 of 1/) => screen.findByRole('table', { name });
const bodyRows = (table: HTMLElement) => within(table).getAllByRole('row').slice(1);

describe('the orders page (/my-account/orders)', () => {
  it('is linked from the My Account tabs and lists the orders newest first with en-AU dates, references, status and AUD totals', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account', session);
    const tabs = await screen.findByRole('navigation', { name: 'My account' });
    await user.click(within(tabs).getByRole('link', { name: 'Orders' }));
    const table = await ordersTable();
    expect(window.location.pathname).toBe('/my-account/orders');
    const rows = bodyRows(table);
    expect(rows).toHaveLength(3);
    const newest = within(rows[0] as HTMLElement);
    expect(newest.getByRole('link', { name: `Order ${setup.orders.beanies}` })).toBeInTheDocument();
    expect(newest.getByText('20 Nov 2026')).toBeInTheDocument();
    expect(newest.getByText('STK-OTHER')).toBeInTheDocument();
    expect(newest.getByText('Invoiced')).toBeInTheDocument();
    const oldest = within(rows[2] as HTMLElement);
    expect(oldest.getByText('PO-ABC')).toBeInTheDocument();
    expect(oldest.getByText(/^\$[\d,]+\.\d\d$/)).toBeInTheDocument();
    expect(oldest.getByRole('link', { name: /^INV/ })).toHaveAttribute(
      'href',
      expect.stringContaining('/my-account/invoices?invoice='),
    );
    expect(within(rows[1] as HTMLElement).getByText('Awaiting payment')).toBeInTheDocument();
  });

  it('searches by stock number and filters by status and dates, keeping the filters in the URL', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/orders', session);
    await ordersTable();
    // The form is drawn again from the URL after each search: ask for it afresh.
    const form = () => within(screen.getByRole('search', { name: 'Search your orders' }));
    await user.type(form().getByLabelText('Search'), 'hilux');
    await user.click(form().getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('search')).toBe('hilux'));
    await waitFor(async () => expect(bodyRows(await ordersTable())).toHaveLength(1));
    expect(screen.getByRole('link', { name: `Order ${setup.orders.wheels}` })).toBeInTheDocument();

    await user.click(form().getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(window.location.search).toBe(''));
    await user.selectOptions(screen.getByLabelText('Status'), 'Awaiting payment');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('status')).toBe('PendingPayment'));
    await waitFor(async () => expect(bodyRows(await ordersTable())).toHaveLength(1));
    expect(screen.getByRole('link', { name: `Order ${setup.orders.card}` })).toBeInTheDocument();
  });

  it('reads the filters from the URL on arrival, says when nothing matches, and refuses a backwards date range', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/orders?from=2026-11-02&to=2026-11-02', session);
    const table = await ordersTable();
    expect(bodyRows(table)).toHaveLength(1);
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-02');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2026-11-01');
    expect(await screen.findByRole('alert')).toHaveTextContent("The 'To' date is before the 'From' date.");
    expect(to).toHaveAttribute('aria-invalid', 'true');

    renderApp(t, '/my-account/orders?search=no-such-order', session);
    expect(await screen.findByText('No orders match your search.')).toBeInTheDocument();
  });

  it('opens an order with its lines, the accessories under their wheel, the totals and the invoice link', async () => {
    const user = userEvent.setup();
    renderApp(t, '/my-account/orders?search=hilux', session);
    await ordersTable();
    await user.click(screen.getByRole('link', { name: `Order ${setup.orders.wheels}` }));
    expect(await screen.findByRole('heading', { name: `Order ${setup.orders.wheels}` })).toBeInTheDocument();
    expect(screen.getByText('Vehicle: Toyota HiLux N80 SR5 4x4')).toBeInTheDocument();
    expect(
      screen.getByRole('row', { name: /Accessory of Delta Six .*: Gorilla Conical Nut M12x1.5/ }),
    ).toBeInTheDocument();
    expect(
      screen.getByRole('checkbox', { name: 'Order again: Delta Six 17x8.5 6x139.7 +10 Gloss Black' }),
    ).not.toBeChecked();
    expect(screen.getByRole('link', { name: /^Invoice INV/ })).toBeInTheDocument();
    expect(within(screen.getByLabelText('Order totals')).getByText('Total (incl. GST)')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: '← All orders' }));
    await waitFor(() => expect(window.location.pathname).toBe('/my-account/orders'));
  });

  it('another account’s order is not shown', async () => {
    renderApp(t, `/my-account/orders/${setup.orders.wheels}`, await signIn(t.app, setup.otherEmail));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `There is no order ${setup.orders.wheels} on your account.`,
    );
  });
});
