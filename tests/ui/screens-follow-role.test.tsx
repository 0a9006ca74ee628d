import { screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAccountWithDetails } from '../support/account-fixtures';
import { createColleague, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' },
  });
}, 60_000);
afterAll(() => t.close());
afterEach(() => localStorage.clear());

async function openAccountAs(role: 'owner' | 'buyer' | 'counter', options: { canPayInvoices?: boolean } = {}) {
  const owner = await createAccountWithDetails(t.database.db);
  const email =
    role === 'owner' ? owner.email : (await createColleague(t.database.db, owner.account.id, role, options)).email;
  renderApp(t, '/my-account', await signIn(t.app, email));
  await screen.findByRole('form', { name: 'Account details' });
  const tabs = screen.getByRole('navigation', { name: 'My account' });
  return within(tabs)
    .getAllByRole('link')
    .map((link) => link.textContent);
}

/** The screens offer only what the server lets the user's role do (docs/accounts-and-roles.md). */
describe('the screens follow the role', () => {
  it('an owner has every tab, the cart, quick order and Save', async () => {
    const tabs = await openAccountAs('owner');
    expect(tabs).toEqual([
      'Details',
      'Payment',
      'Orders',
      'Invoices',
      'Returns and claims',
      'Quotes',
      'Users',
      'Profile',
    ]);
    expect(await screen.findByRole('button', { name: /^Cart, / })).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Quick order' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Save details' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Product returns' })).toBeInTheDocument();
    expect((await screen.findAllByRole('radio', { name: 'Trade' })).length).toBeGreaterThan(0);
  });

  it('a counter user has no cart, no quick order, only Details, Quotes and Profile, and the details read-only', async () => {
    const tabs = await openAccountAs('counter');
    expect(tabs).toEqual(['Details', 'Quotes', 'Profile']);
    expect(screen.queryByRole('button', { name: /^Cart, / })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Quick order' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
    expect(screen.getByText("Only the account's owner can change these details.")).toBeInTheDocument();
    expect(screen.getByLabelText('Contact name')).toBeDisabled();
    expect(screen.queryByRole('link', { name: 'Product returns' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Warranty claims' })).toBeNull();
    expect((await screen.findAllByRole('radio', { name: 'RRP' })).length).toBeGreaterThan(0);
    expect(screen.queryAllByRole('radio', { name: 'Trade' })).toEqual([]);
  });

  it('a buyer sees the details read-only, and the Payment tab only with the owner switch on', async () => {
    const withoutSwitch = await openAccountAs('buyer');
    expect(withoutSwitch).toEqual(['Details', 'Orders', 'Invoices', 'Returns and claims', 'Quotes', 'Profile']);
    expect(await screen.findByRole('button', { name: /^Cart, / })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Save details' })).toBeNull();
    localStorage.clear();
    document.body.innerHTML = '';
    const withSwitch = await openAccountAs('buyer', { canPayInvoices: true });
    expect(withSwitch).toEqual(['Details', 'Payment', 'Orders', 'Invoices', 'Returns and claims', 'Quotes', 'Profile']);
  });

  it('a counter user who opens the invoices by their address is told they are not part of the role', async () => {
    const owner = await createAccountWithDetails(t.database.db);
    const counter = await createColleague(t.database.db, owner.account.id, 'counter');
    renderApp(t, '/my-account/invoices', await signIn(t.app, counter.email));
    expect(
      await screen.findByText(
        'Invoices is not part of your role in this account: ask a buyer or the owner of the account.',
      ),
    ).toBeInTheDocument();
  });
});
