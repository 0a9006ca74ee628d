import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { RedirectResult } from '../../src/contract/checkout';
import { orders, productStock } from '../../src/server/db/schema';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { createFetchGate } from '../support/fetch-gate';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { type TestApp, api } from '../support/test-app';

const COMPLETE = /\/Checkout\/Complete$/i;
/** SPEC.md §2 and §9: the busy overlay appears after 1000 ms. */
const BUSY_OVERLAY_MS = 1_000;

interface CompleteCall {
  readonly idempotencyKey: string | null;
  readonly answer: Promise<unknown>;
}

/**
 * Placing the order on the real checkout page (its own checkout-result actor) against the real server: the busy
 * overlay, the banner, the Idempotency-Key of a retry, and the card payment's POST form, as SPEC.md §2, §4, §8 and
 * DESIGN.md §5 state them.
 */
describe('placing the order on the checkout page', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: new Date() }));
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  async function customerWithTwoTyres(): Promise<{ session: AuthResult; accountId: number }> {
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
    return { session, accountId: customer.account.id };
  }

  /** The whole app on the checkout page; Checkout/Complete goes through a gate and is recorded with its key. */
  async function checkoutPage(session: AuthResult) {
    writeStoredTokens({ token: session.token, refreshToken: session.refreshToken, impersonatorToken: null });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/checkout');
    const gate = createFetchGate(injectFetch(t.app));
    const completes: CompleteCall[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      const path = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost').pathname;
      const answer = gate.fetch(input, init);
      if (COMPLETE.test(path)) {
        const idempotencyKey = new Headers(init?.headers).get('idempotency-key');
        completes.push({
          idempotencyKey,
          answer: answer.then((response) => response.clone().json()).catch(() => null),
        });
      }
      return answer;
    };
    render(<App api={new ApiClient({ fetch, validateResponses: true })} />);
    const placeOrder = () => screen.getByRole('button', { name: 'Place Order' });
    await waitFor(() => expect(placeOrder()).toBeEnabled());
    return { gate, completes, placeOrder: () => act(() => void fireEvent.click(placeOrder())) };
  }

  const ordersOf = (accountId: number) =>
    t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.accountId, accountId));

  it('shows the busy overlay 1000 ms after Place Order, not before, and then the success page', async () => {
    const { session } = await customerWithTwoTyres();
    const { gate, completes, placeOrder } = await checkoutPage(session);
    gate.hold(COMPLETE);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    placeOrder();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(completes).toHaveLength(1);
    await act(() => void vi.advanceTimersByTime(BUSY_OVERLAY_MS - 1));
    expect(screen.queryByText('Placing your order…')).not.toBeInTheDocument();
    await act(() => void vi.advanceTimersByTime(1));
    expect(screen.getByText('Placing your order…').closest('[role="status"]')).toBeInTheDocument();

    vi.useRealTimers();
    gate.release(COMPLETE, { open: true });
    expect(await screen.findByText('Thank you, your order has been placed.')).toBeInTheDocument();
    expect(window.location.pathname).toMatch(/^\/checkout\/success\/\d+$/);
    expect(screen.queryByText('Placing your order…')).not.toBeInTheDocument();
  });

  it('after an answer that never came, the banner says so and the retry reuses the Idempotency-Key: one order', async () => {
    const { session, accountId } = await customerWithTwoTyres();
    const { gate, completes, placeOrder } = await checkoutPage(session);
    gate.hold(COMPLETE);

    placeOrder();
    await waitFor(() => expect(gate.waiting(COMPLETE)).toBe(1));
    gate.fail(COMPLETE);
    const banner = await screen.findByRole('alert');
    expect(banner).toHaveTextContent('Error: A communication error has occurred');
    expect(within(banner).getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact-us');

    gate.release(COMPLETE, { open: true });
    placeOrder();
    expect(await screen.findByText('Thank you, your order has been placed.')).toBeInTheDocument();
    expect(completes).toHaveLength(2);
    expect(completes[0]?.idempotencyKey).toEqual(expect.any(String));
    expect(completes[1]?.idempotencyKey).toBe(completes[0]?.idempotencyKey);
    expect(await ordersOf(accountId)).toHaveLength(1);
  });

  it('after a refusal, the banner reads it and the next attempt is a new one with a fresh key', async () => {
    const { session, accountId } = await customerWithTwoTyres();
    const { completes, placeOrder } = await checkoutPage(session);
    const tyreStock = eq(productStock.productId, fixture.tyres.t1);
    const before = await t.database.db.select().from(productStock).where(tyreStock);
    await t.database.db.update(productStock).set({ quantity: 0 }).where(tyreStock);
    try {
      placeOrder();
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Error: Not enough stock: Alpha Road One 265/65R17 112H (T1): only 0 of 2 can ship now.',
      );
    } finally {
      for (const row of before)
        await t.database.db
          .update(productStock)
          .set({ quantity: row.quantity })
          .where(and(tyreStock, eq(productStock.warehouseId, row.warehouseId)));
    }

    placeOrder();
    expect(await screen.findByText('Thank you, your order has been placed.')).toBeInTheDocument();
    expect(completes).toHaveLength(2);
    expect(completes[1]?.idempotencyKey).toEqual(expect.any(String));
    expect(completes[1]?.idempotencyKey).not.toBe(completes[0]?.idempotencyKey);
    expect(await ordersOf(accountId)).toHaveLength(1);
  });

  it('a card payment posts the hidden form to the payment page with the keys and values answered', async () => {
    // jsdom cannot navigate: the form's submit is recorded instead.
    const submitted = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { session } = await customerWithTwoTyres();
    const { completes, placeOrder } = await checkoutPage(session);
    await act(() => void fireEvent.click(screen.getByRole('radio', { name: 'Credit Card' })));
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Credit Card' })).toBeChecked());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());

    placeOrder();
    await waitFor(() => expect(submitted).toHaveBeenCalledTimes(1));
    const redirect = (await completes[0]?.answer) as RedirectResult & { orderResult: string };
    expect(redirect.orderResult).toBe('Redirect');
    const form = screen.getByTestId('payment-redirect-form');
    expect(form).toHaveAttribute('action', redirect.url);
    expect(form).toHaveAttribute('method', 'post');
    expect(
      [...form.querySelectorAll('input[type="hidden"]')].map((input) => [
        input.getAttribute('name'),
        input.getAttribute('value'),
      ]),
    ).toEqual(redirect.keys.map((key, index) => [key, redirect.values[index]]));
    expect(redirect.keys.length).toBeGreaterThan(0);
    expect(screen.getByText('Opening the payment page…').closest('[role="status"]')).toBeInTheDocument();
  });
});
