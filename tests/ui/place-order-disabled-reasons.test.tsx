import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { ACCESSORIES_UNDECIDED, CREDIT_LIMIT_REACHED, ORDER_NUMBER_TOO_LONG } from '../../src/contract/checkout';
import { products } from '../../src/server/db/schema';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();

/**
 * Place Order disabled for any reason says why beside it, and the button is described by that reason.
 * One test per reason, against the real server.
 */
describe('a disabled Place Order always says why', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());

  async function customerWith(
    lines: { productId: number; quantity: number }[],
    creditLimitCents = 10_000_000,
  ): Promise<AuthResult> {
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      creditLimitCents,
      deliveryAddress1: '12 Sample Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    });
    const session = await signIn(t.app, customer.email);
    for (const payload of lines)
      await t.app.inject({ method: 'POST', url: api('Cart/Add'), headers: bearer(session), payload });
    return session;
  }

  const payment = () => screen.getByRole('region', { name: 'Payment' });
  const placeOrder = () => within(payment()).getByRole('button', { name: 'Place Order' });

  /** The button is disabled, and the reason is both on screen beside it and its accessible description. */
  async function expectBlockedBecause(reason: string | RegExp) {
    await waitFor(() => expect(placeOrder()).toBeDisabled());
    expect(placeOrder()).toHaveAccessibleDescription(reason);
    expect(within(payment()).getByRole('status')).toHaveTextContent(reason);
  }

  it('is enabled with no reason shown when nothing stands in the way', async () => {
    renderApp(t, '/checkout', await customerWith([{ productId: fixture.tyres.t1, quantity: 1 }]));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    expect(placeOrder()).not.toHaveAccessibleDescription();
    expect(within(payment()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('an invalid reference field: names the field and what is wrong, and clears once fixed', async () => {
    const user = userEvent.setup();
    renderApp(t, '/checkout', await customerWith([{ productId: fixture.tyres.t1, quantity: 1 }]));
    const orderNumber = await screen.findByRole('textbox', { name: 'Order number' });
    await user.click(orderNumber);
    await user.paste('O'.repeat(36));
    await expectBlockedBecause(`Check the order references: ${ORDER_NUMBER_TOO_LONG}.`);
    await user.type(orderNumber, '{Backspace}');
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    expect(within(payment()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('a wheel whose accessories are undecided (ActionRequired): asks for them', async () => {
    renderApp(t, '/checkout', await customerWith([{ productId: fixture.wheels.w1, quantity: 4 }]));
    await screen.findByRole('region', { name: 'Payment' });
    await expectBlockedBecause(ACCESSORIES_UNDECIDED);
  });

  it('a product no longer available in the cart: names it and asks to remove it', async () => {
    const session = await customerWith([
      { productId: fixture.tyres.t1, quantity: 1 },
      { productId: fixture.tyres.t2, quantity: 1 },
    ]);
    await t.database.db.update(products).set({ published: false }).where(eq(products.id, fixture.tyres.t2));
    await t.app.catalogue.reload();
    try {
      renderApp(t, '/checkout', session);
      await screen.findByRole('region', { name: 'Payment' });
      await expectBlockedBecause(
        'Alpha Road One 265/70R16 112T is no longer available: remove it from your cart to place the order.',
      );
    } finally {
      await t.database.db.update(products).set({ published: true }).where(eq(products.id, fixture.tyres.t2));
      await t.app.catalogue.reload();
    }
  });

  it('the credit limit: the notice and the reason name the methods that still work, and choosing one enables the button', async () => {
    const user = userEvent.setup();
    renderApp(t, '/checkout', await customerWith([{ productId: fixture.tyres.t1, quantity: 1 }], 0));
    const notice = await screen.findByRole('alert');
    expect(notice).toHaveTextContent(CREDIT_LIMIT_REACHED);
    expect(notice).toHaveTextContent('You can still pay by Credit Card.');
    expect(within(payment()).getByRole('radio', { name: 'Trading Account' })).toBeChecked();
    await expectBlockedBecause(
      'Credit limit reached: the Trading Account cannot take this order. You can still pay by Credit Card. Or make a payment via My Account first.',
    );
    await user.click(within(payment()).getByRole('radio', { name: 'Credit Card' }));
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    expect(within(payment()).queryByRole('status')).not.toBeInTheDocument();
  });

  it('no payment method could be loaded: says so instead of a silent grey button', async () => {
    const session = await customerWith([{ productId: fixture.tyres.t1, quantity: 1 }]);
    writeStoredTokens({
      token: session.token,
      refreshToken: session.refreshToken,
      impersonatorToken: session.impersonatorToken,
    });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/checkout');
    const server = injectFetch(t.app);
    // The payment methods route is down (a gateway error); every other call reaches the real server.
    const fetchWithMethodsDown: typeof fetch = async (input, init) => {
      const href = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      if (
        new URL(href, 'http://localhost').pathname.toLowerCase().endsWith('/checkout/paymentmethod') &&
        (init?.method ?? 'GET') === 'GET'
      ) {
        return new Response('Bad gateway', { status: 502 });
      }
      return server(input, init);
    };
    render(<App api={new ApiClient({ fetch: fetchWithMethodsDown, validateResponses: true })} />);
    await screen.findByRole('region', { name: 'Payment' });
    await expectBlockedBecause('No payment method is available for this order. Reload the page, or call us to order.');
  });
});
