import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createStaff } from '../support/fixtures';
import { createOrder } from '../support/order-fixtures';
import { renderApp } from '../support/render-app';
import { signInStaff } from '../support/roles';
import { type TestApp, createTestApp } from '../support/test-app';

describe('staff see payments that came back after the stock was released', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('says so while none waits, and lists each one with its account, reference, dates and total', async () => {
    const staff = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    const quiet = renderApp(t, '/staff', staff);
    expect(await screen.findByText('No payment is waiting for a decision.')).toBeInTheDocument();
    quiet.unmount();

    const customer = await createCustomer(t.database.db, { name: 'Late Payer Tyres' });
    const order = await createOrder(t.database.db, customer.account.id, {
      status: 'PaidAfterRelease',
      paymentMethodSystemName: 'Payments.PayPal',
      totalCents: 22_000,
      stockReleasedAt: new Date('2026-11-21T23:30:00Z'),
      paidAt: new Date('2026-11-22T00:10:00Z'),
    });
    const view = renderApp(t, '/staff', staff);
    const table = await screen.findByRole('region', { name: 'Payments after release' });
    const row = within(table).getByRole('row', { name: new RegExp(`^${order.id} `) });
    expect(row).toHaveTextContent(`Late Payer Tyres (${customer.account.code})`);
    expect(row).toHaveTextContent('PayPal');
    expect(row).toHaveTextContent('22 Nov 2026');
    expect(row).toHaveTextContent('$220.00');
    view.unmount();
  });

  it('confirms an order from its row, asks again before a refund, and says what became of it', async () => {
    const staff = await signInStaff(t.app, (await createStaff(t.database.db, 'credit')).email);
    const customer = await createCustomer(t.database.db, { name: 'Second Chance Tyres' });
    const order = await createOrder(t.database.db, customer.account.id, {
      status: 'PaidAfterRelease',
      paymentMethodSystemName: 'Payments.Card',
      totalCents: 33_000,
      stockReleasedAt: new Date('2026-11-21T23:30:00Z'),
      paidAt: new Date('2026-11-22T00:10:00Z'),
    });
    const user = userEvent.setup();
    const view = renderApp(t, '/staff', staff);
    const table = await screen.findByRole('region', { name: 'Payments after release' });
    const row = within(table).getByRole('row', { name: new RegExp(`^${order.id} `) });

    await user.click(within(row).getByRole('button', { name: `Refund order ${order.id}` }));
    expect(within(row).getByRole('alert')).toHaveTextContent(
      'Refund $330.00 to Second Chance Tyres through Credit Card? It cannot be undone.',
    );
    expect(within(row).getByRole('button', { name: `Yes, refund order ${order.id}` })).toHaveFocus();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));

    await user.click(within(row).getByRole('button', { name: `Confirm order ${order.id}` }));
    expect(
      await screen.findByText(`Order ${order.id} is confirmed and all its stock is reserved again.`),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.queryByRole('row', { name: new RegExp(`^${order.id} `) })).not.toBeInTheDocument(),
    );
    view.unmount();
  });
});
