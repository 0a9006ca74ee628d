import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { CartState } from '../../src/contract/cart';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { createFetchGate } from '../support/fetch-gate';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();
const TYRE = 'Alpha Road One 265/65R17 112H';
const CART_UPDATE = /Cart\/Update$/;

/**
 * One quantity per cart line wherever it is shown: the cart flyout and the checkout page draw the same line, and
 * every change, from either place, shows in both and raises the quantity the server holds from what both show.
 */
describe('a cart line shows one quantity in the flyout and on the checkout page', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());

  async function customerWithTwoTyres(): Promise<AuthResult> {
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      creditLimitCents: 10_000_000,
      deliveryAddress1: '12 Sample Street',
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

  async function serverQuantity(session: AuthResult): Promise<number | undefined> {
    const cart = (
      await t.app.inject({ method: 'GET', url: api('Cart/Get'), headers: bearer(session) })
    ).json() as CartState;
    return cart.items.find((item) => item.productName === TYRE)?.quantity;
  }

  /** The whole app on the checkout page, its requests through a gate the test can hold. */
  function checkoutPage(session: AuthResult) {
    writeStoredTokens({ token: session.token, refreshToken: session.refreshToken, impersonatorToken: null });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/checkout');
    const gate = createFetchGate(injectFetch(t.app));
    const view = render(<App api={new ApiClient({ fetch: gate.fetch, validateResponses: true })} />);
    return { gate, view };
  }

  // The checkout page sits behind the open flyout (inert to assistive technology), so its line is found with hidden.
  const checkoutLine = async () => {
    const lines = await screen.findAllByRole('listitem', { name: TYRE, hidden: true });
    const line = lines.find((candidate) => !candidate.closest('[role="dialog"]'));
    if (!line) throw new Error('the checkout page shows no line');
    return line;
  };
  const shownOnCheckout = async () =>
    within(await checkoutLine()).getByRole('spinbutton', { name: `Quantity of ${TYRE}`, hidden: true });
  const flyout = () => screen.getByRole('dialog', { name: 'Cart' });
  const click = (button: HTMLElement) =>
    act(() => {
      fireEvent.click(button);
    });

  it('after each change from either place, both show the same quantity, and + raises it from there', async () => {
    const session = await customerWithTwoTyres();
    const { view } = checkoutPage(session);
    expect(await shownOnCheckout()).toHaveValue(2);

    await click(await screen.findByRole('button', { name: 'Cart, 2 items' }));
    const line = await within(flyout()).findByRole('listitem', { name: TYRE });
    const plusInFlyout = within(line).getByRole('button', { name: `Increase quantity of ${TYRE}` });
    await click(plusInFlyout);
    await click(plusInFlyout);
    await waitFor(async () => expect(await serverQuantity(session)).toBe(4));
    expect(within(line).getByRole('spinbutton', { name: `Quantity of ${TYRE}` })).toHaveValue(4);
    await waitFor(async () => expect(await shownOnCheckout()).toHaveValue(4));

    await click(within(flyout()).getByRole('button', { name: 'Close cart' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument());
    await click(within(await checkoutLine()).getByRole('button', { name: `Increase quantity of ${TYRE}` }));
    await waitFor(async () => expect(await serverQuantity(session)).toBe(5));
    expect(await shownOnCheckout()).toHaveValue(5);

    await click(await screen.findByRole('button', { name: 'Cart, 5 items' }));
    const again = await within(flyout()).findByRole('listitem', { name: TYRE });
    expect(within(again).getByRole('spinbutton', { name: `Quantity of ${TYRE}` })).toHaveValue(5);
    view.unmount();
  });

  it('five fast + clicks while the server is slow to answer end five higher', async () => {
    const session = await customerWithTwoTyres();
    const { gate, view } = checkoutPage(session);
    const plus = async () => within(await checkoutLine()).getByRole('button', { name: `Increase quantity of ${TYRE}` });
    gate.hold(CART_UPDATE);
    await click(await plus());
    // The first change is on its way and the server has not answered; four more clicks meanwhile.
    await waitFor(() => expect(gate.waiting(CART_UPDATE)).toBe(1));
    for (let clicks = 0; clicks < 4; clicks += 1) await click(await plus());
    expect(await shownOnCheckout()).toHaveValue(7);
    gate.release(CART_UPDATE, { open: true });
    await waitFor(async () => expect(await serverQuantity(session)).toBe(7));
    await waitFor(async () => expect(await shownOnCheckout()).toHaveValue(7));
    view.unmount();
  });
});
