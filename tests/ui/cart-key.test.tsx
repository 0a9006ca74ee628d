import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

/**
 * The counter's keyboard from a line just added: 'c' opens the cart, wherever the focus is but in a field that takes
 * text, and the cart opens on Checkout, so Enter is the next and last key to the checkout.
 */
describe("the 'c' key opens the cart on its Checkout", () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: new Date() }));
  }, 60_000);
  afterAll(() => t.close());

  const signedInWithTyres = async () => {
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    const session = await signIn(t.app, customer.email);
    const payload = { productId: fixture.tyres.t1, quantity: 2 };
    await t.app.inject({ method: 'POST', url: api('Cart/Add'), headers: bearer(session), payload });
    return session;
  };

  it('opens from the page and from a quantity box; Enter then goes to the checkout', async () => {
    const user = userEvent.setup();
    renderApp(t, '/home', await signedInWithTyres());
    await screen.findByRole('button', { name: 'Cart, 2 items' });
    // The home page puts the cursor in its search box, where 'c' is a letter; the key is pressed on the page itself.
    (document.activeElement as HTMLElement | null)?.blur();
    await user.keyboard('c');
    const flyout = await screen.findByRole('dialog', { name: 'Cart' });
    const checkout = await within(flyout).findByRole('link', { name: 'Checkout' });
    await waitFor(() => expect(checkout).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument());

    const numeric = document.createElement('input');
    numeric.inputMode = 'numeric';
    document.body.append(numeric);
    numeric.focus();
    await user.keyboard('c');
    expect(await screen.findByRole('dialog', { name: 'Cart' })).toBeInTheDocument();
    expect(numeric).toHaveValue('');
    await waitFor(() =>
      expect(within(screen.getByRole('dialog')).getByRole('link', { name: 'Checkout' })).toHaveFocus(),
    );
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/checkout'));
    numeric.remove();
  });

  it('is a letter, not a shortcut, while typing in a text field or with a modifier held', async () => {
    const user = userEvent.setup();
    renderApp(t, '/home', await signedInWithTyres());
    await screen.findByRole('button', { name: 'Cart, 2 items' });
    const text = document.createElement('input');
    document.body.append(text);
    text.focus();
    await user.keyboard('c');
    expect(text).toHaveValue('c');
    text.blur();
    await user.keyboard('{Control>}c{/Control}');
    expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument();
    text.remove();
  });
});
