import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

const pathWithSearch = () => `${window.location.pathname}${window.location.search}`;

describe('pages for signed-in users', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it.each(['/my-account/invoices?page=2', '/checkout', '/product-returns', '/promotions/PitPass'])(
    'send a visitor from %s to /login with the page as returnUrl',
    async (path) => {
      renderApp(t, path);
      await waitFor(() => expect(window.location.pathname).toBe('/login'));
      expect(new URLSearchParams(window.location.search).get('returnUrl')).toBe(path);
      expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
      expect(document.title).toBe('YHI | Login');
    },
  );

  it('open for a signed-in customer, with breadcrumbs and the page title', async () => {
    const customer = await createCustomer(t.database.db);
    renderApp(t, '/my-account/invoices', await signIn(t.app, customer.email));
    expect(await screen.findByRole('heading', { level: 1, name: 'Invoices' })).toBeInTheDocument();
    expect(pathWithSearch()).toBe('/my-account/invoices');
    expect(screen.getByRole('navigation', { name: 'Breadcrumb' })).toHaveTextContent('HomeMy AccountInvoices');
    expect(await screen.findByText('You have no invoices yet.')).toBeInTheDocument();
    expect(document.title).toBe('YHI | Invoices');
  });

  it("title the checkout page 'YHI | Checkout'", async () => {
    const customer = await createCustomer(t.database.db);
    renderApp(t, '/checkout', await signIn(t.app, customer.email));
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    expect(document.title).toBe('YHI | Checkout');
  });

  it('leave public pages open to visitors', async () => {
    renderApp(t, '/merchandise');
    expect(await screen.findByRole('heading', { level: 1, name: 'Accessories & Equipment' })).toBeInTheDocument();
    expect(pathWithSearch()).toBe('/merchandise');
  });

  it('drop a returnUrl that leads off the shop', async () => {
    renderApp(t, '/login?returnUrl=https%3A%2F%2Fevil.example%2F');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('returnUrl')).toBeNull());
  });

  it('answer an unknown address with a helpful not-found page', async () => {
    renderApp(t, '/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    const page = within(screen.getByRole('main'));
    expect(page.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');
    expect(page.getByRole('link', { name: 'Accessories & Equipment' })).toHaveAttribute('href', '/merchandise');
    expect(document.title).toBe('YHI | Page not found');
  });
});
