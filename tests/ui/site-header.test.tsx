import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../src/server/db/schema';
import { createCustomer, createStaff, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { signInStaff } from '../support/roles';
import { type TestApp, createTestApp } from '../support/test-app';

const main = () => screen.getByRole('navigation', { name: 'Main' });

describe('the header, by role', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.insert(notifications).values({ text: 'Warehouses close early on Friday.', sortOrder: 1 });
  }, 60_000);
  afterAll(() => t.close());

  it('offers visitors Login and Register, the shop links and the public banner, but no cart or programs', async () => {
    renderApp(t, '/home');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
    expect(
      within(main())
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(expect.arrayContaining(['Tyres', 'Wheels', 'Accessories']));
    expect(screen.getByRole('region', { name: 'Trade customers' })).toHaveTextContent('log in to see your pricing');
    expect(screen.queryByRole('button', { name: 'Programs' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('shows a dealer their name and account code, the programs of their flags, the cart and the notifications', async () => {
    const dealer = await createCustomer(t.database.db, { isMarshalKeyDealer: true, hasPitPass: true });
    renderApp(t, '/home', await signIn(t.app, dealer.email));

    const account = await screen.findByRole('button', {
      name: `Account menu for ${dealer.user.name} (${dealer.account.code})`,
    });
    expect(account).toHaveTextContent(dealer.account.code);
    expect(screen.queryByRole('link', { name: 'Login' })).not.toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cart, 0 items' })).toBeInTheDocument();
    expect(await within(main()).findByRole('link', { name: /Customise/ })).toHaveAttribute(
      'href',
      'https://customise.example.com',
    );
    expect(await screen.findByRole('region', { name: 'Notifications' })).toHaveTextContent(
      'Warehouses close early on Friday.',
    );

    await userEvent.click(within(main()).getByRole('button', { name: 'Programs' }));
    const programs = await screen.findByRole('menu');
    expect(
      within(programs)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Marshal Key Dealer', 'PitPass']);
    expect(within(programs).getByRole('menuitem', { name: 'PitPass' })).toHaveAttribute('href', '/promotions/PitPass');
  });

  it('leaves the Programs menu out for an account in no program', async () => {
    const plain = await createCustomer(t.database.db);
    renderApp(t, '/home', await signIn(t.app, plain.email));
    await screen.findByRole('button', { name: /Account menu for/ });
    expect(within(main()).getByRole('link', { name: 'Tyres' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Programs' })).not.toBeInTheDocument();
  });

  it('shows staff no shopping links, no cart and no returns links', async () => {
    const staff = await createStaff(t.database.db);
    renderApp(t, '/home', await signInStaff(t.app, staff.email));

    expect(await screen.findByRole('button', { name: `Account menu for ${staff.name} (Staff)` })).toBeInTheDocument();
    expect(within(main()).queryByRole('link', { name: 'Tyres' })).not.toBeInTheDocument();
    expect(within(main()).queryByRole('link', { name: 'Wheels' })).not.toBeInTheDocument();
    expect(within(main()).queryByRole('link', { name: 'Accessories' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Cart/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Product returns' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Returns policy' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Accessories & Equipment' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toBeInTheDocument();
  });

  it('gives a restricted sales retailer no Payment tab in My Account, and others Details, Payment, Orders, Invoices, Returns and claims and Quotes', async () => {
    const retailer = await createCustomer(t.database.db, { isRestrictedSalesRetailer: true });
    const { unmount } = renderApp(t, '/my-account', await signIn(t.app, retailer.email));
    const tabs = await screen.findByRole('navigation', { name: 'My account' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((tab) => tab.textContent),
    ).toEqual(['Details', 'Orders', 'Invoices', 'Returns and claims', 'Quotes', 'Users', 'Profile']);
    unmount();
    localStorage.clear();

    const customer = await createCustomer(t.database.db);
    renderApp(t, '/my-account', await signIn(t.app, customer.email));
    await waitFor(() =>
      expect(
        within(screen.getByRole('navigation', { name: 'My account' }))
          .getAllByRole('link')
          .map((tab) => tab.textContent),
      ).toEqual(['Details', 'Payment', 'Orders', 'Invoices', 'Returns and claims', 'Quotes', 'Users', 'Profile']),
    );
  });
});
