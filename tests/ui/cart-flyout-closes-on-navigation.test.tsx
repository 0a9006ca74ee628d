import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();

/** The flyout is a drawer over the page it was opened on: going anywhere from it closes it. */
describe('the cart flyout closes when it navigates', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());

  async function customerWithATyre(): Promise<AuthResult> {
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      deliveryAddress1: '1 Sample Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    });
    const session = await signIn(t.app, customer.email);
    await t.app.inject({
      method: 'POST',
      url: api('Cart/Add'),
      headers: bearer(session),
      payload: { productId: fixture.tyres.t1, quantity: 2 },
    });
    return session;
  }

  for (const link of ['Checkout', 'returns policy']) {
    it(`following '${link}' leaves the page it covered and closes the drawer`, async () => {
      const user = userEvent.setup();
      const view = renderApp(t, '/home', await customerWithATyre());
      await user.click(await screen.findByRole('button', { name: 'Cart, 2 items' }));
      const flyout = await screen.findByRole('dialog', { name: 'Cart' });
      await user.click(await within(flyout).findByRole('link', { name: link }));
      await waitFor(() => expect(window.location.pathname).not.toBe('/home'));
      await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument());
      view.unmount();
    });
  }
});
