import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createColleague, createCustomer, signIn } from '../support/fixtures';
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

const rowOf = (table: HTMLElement, email: string) =>
  within(table)
    .getAllByRole('row')
    .find((row) => within(row).queryByText(email)) as HTMLElement;

/** /my-account/users: the owner's table of users, the invitation form, role, pay switch and disabling. */
describe('the users page', () => {
  it('lists the users, invites a counter user, changes a role and the pay switch, and disables after asking', async () => {
    const user = userEvent.setup();
    const owner = await createCustomer(t.database.db);
    const buyer = await createColleague(t.database.db, owner.account.id, 'buyer');
    renderApp(t, '/my-account/users', await signIn(t.app, owner.email));

    const table = await screen.findByRole('table', { name: "The account's users" });
    expect(within(rowOf(table, owner.email)).getByText('(you)')).toBeInTheDocument();
    expect(within(rowOf(table, buyer.email)).getByText('Active')).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'My account' });
    expect(within(tabs).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');

    const form = screen.getByRole('form', { name: 'Invite a user' });
    await user.type(within(form).getByLabelText('Name'), 'Cora Counter');
    await user.type(within(form).getByLabelText('Email'), owner.email);
    await user.selectOptions(within(form).getByLabelText('Role'), 'counter');
    await user.click(within(form).getByRole('button', { name: 'Invite and mail a link' }));
    expect(await within(form).findByText(`${owner.email} already signs in to YHI Trade.`)).toBeInTheDocument();
    await user.clear(within(form).getByLabelText('Email'));
    await user.type(within(form).getByLabelText('Email'), 'cora@counter.test');
    await user.click(within(form).getByRole('button', { name: 'Invite and mail a link' }));
    expect(await screen.findByText('cora@counter.test is invited and mailed a link.')).toBeInTheDocument();
    expect(within(rowOf(table, 'cora@counter.test')).getByText('Invited, no password yet')).toBeInTheDocument();
    expect(within(rowOf(table, 'cora@counter.test')).getByText('Never')).toBeInTheDocument();

    const pays = screen.getByRole('switch', { name: `${buyer.email} may pay invoices` });
    expect(pays).toHaveAttribute('aria-checked', 'false');
    pays.focus();
    await user.keyboard(' ');
    await waitFor(() =>
      expect(screen.getByRole('switch', { name: `${buyer.email} may pay invoices` })).toHaveAttribute(
        'aria-checked',
        'true',
      ),
    );

    await user.selectOptions(screen.getByLabelText(`Role of ${buyer.email}`), 'owner');
    expect(await screen.findByText(`${buyer.email} is saved.`)).toBeInTheDocument();
    expect(within(rowOf(table, buyer.email)).getByText('Always')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: `Disable ${buyer.email}` }));
    const yes = screen.getByRole('button', { name: `Yes, disable ${buyer.email}` });
    expect(yes).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByText(`${buyer.email} is disabled and signed out.`)).toBeInTheDocument();
    expect(within(rowOf(table, buyer.email)).getByText('Disabled')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Enable ${buyer.email}` })).toBeInTheDocument();
  });

  it("shows the server's refusal when the last owner steps down", async () => {
    const user = userEvent.setup();
    const owner = await createCustomer(t.database.db);
    renderApp(t, '/my-account/users', await signIn(t.app, owner.email));
    await screen.findByRole('table', { name: "The account's users" });
    await user.selectOptions(screen.getByLabelText(`Role of ${owner.email}`), 'buyer');
    expect(
      await screen.findByText(
        'The account needs an enabled owner: make another user an owner before you step down or disable yourself.',
      ),
    ).toBeInTheDocument();
  });

  it('is not offered to a buyer: no Users tab, and the page says why', async () => {
    const owner = await createCustomer(t.database.db);
    const buyer = await createColleague(t.database.db, owner.account.id, 'buyer');
    renderApp(t, '/my-account/users', await signIn(t.app, buyer.email));
    expect(
      await screen.findByText(
        "Managing the account's users is not part of your role in this account: ask a buyer or the owner of the account.",
      ),
    ).toBeInTheDocument();
    const tabs = screen.getByRole('navigation', { name: 'My account' });
    expect(within(tabs).queryByRole('link', { name: 'Users' })).toBeNull();
  });
});
