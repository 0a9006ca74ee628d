import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { CartState } from '../../src/contract/cart';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { type TestApp, api } from '../support/test-app';

const TYRE = 'Alpha Road One 265/65R17 112H';
/** SPEC.md §4 and §9: plus and minus changes are debounced 500 ms and then sent. */
const DEBOUNCE_MS = 500;

interface CartCall {
  readonly path: string;
  readonly body: unknown;
}

/**
 * The quantity pill of a cart line on the checkout page, as the app renders it (its own actor, the real cart calls)
 * against the real server. The wait is measured on vitest's clock, switched to fake only while the clicks are made,
 * so the server and the page load run on real time.
 */
describe('the quantity pill of a cart line', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: new Date() }));
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

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

  /** The whole app on the checkout page; every cart change it sends is recorded as it leaves. */
  async function checkoutPage(session: AuthResult, name = TYRE) {
    writeStoredTokens({ token: session.token, refreshToken: session.refreshToken, impersonatorToken: null });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/checkout');
    const served = injectFetch(t.app);
    const sent: CartCall[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      const path = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost').pathname;
      if (/\/Cart\/(Update|Remove)$/i.test(path))
        sent.push({ path: path.replace(/^.*\/Cart\//i, 'Cart/'), body: JSON.parse(String(init?.body)) });
      return served(input, init);
    };
    render(<App api={new ApiClient({ fetch, validateResponses: true })} />);
    const line = (await screen.findAllByRole('listitem', { name })).find(
      (candidate) => !candidate.closest('[role="dialog"]'),
    );
    if (!line) throw new Error('the checkout page shows no line');
    const pill = {
      line,
      quantity: () => within(line).getByRole('spinbutton', { name: `Quantity of ${name}` }),
      plus: () =>
        act(() => void fireEvent.click(within(line).getByRole('button', { name: `Increase quantity of ${name}` }))),
      minus: () =>
        act(() => void fireEvent.click(within(line).getByRole('button', { name: `Decrease quantity of ${name}` }))),
      type: (value: string) => act(() => void fireEvent.change(pill.quantity(), { target: { value } })),
    };
    return { sent, pill };
  }

  const wait = (ms: number) => act(() => void vi.advanceTimersByTime(ms));

  it('sends one change 500 ms after the last click, each click restarting the wait', async () => {
    const session = await customerWithTwoTyres();
    const { sent, pill } = await checkoutPage(session);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    pill.plus();
    await wait(DEBOUNCE_MS - 1);
    pill.plus();
    await wait(DEBOUNCE_MS - 1);
    pill.plus();
    expect(pill.quantity()).toHaveValue(5);
    await wait(DEBOUNCE_MS - 1);
    expect(sent, 'nothing goes out while the user may still be clicking').toEqual([]);
    await wait(1);
    expect(sent).toEqual([{ path: 'Cart/Update', body: expect.objectContaining({ quantity: 5 }) }]);

    vi.useRealTimers();
    await waitFor(async () => expect(await serverQuantity(session)).toBe(5));
    expect(pill.quantity()).toHaveValue(5);
  });

  it('a typed quantity goes out 500 ms later as typed; letters are ignored', async () => {
    const session = await customerWithTwoTyres();
    const { sent, pill } = await checkoutPage(session);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    pill.type('abc');
    await wait(DEBOUNCE_MS);
    expect(sent).toEqual([]);
    expect(pill.quantity()).toHaveValue(2);
    pill.type('3');
    await wait(DEBOUNCE_MS - 1);
    expect(sent).toEqual([]);
    await wait(1);
    expect(sent).toEqual([{ path: 'Cart/Update', body: expect.objectContaining({ quantity: 3 }) }]);

    vi.useRealTimers();
    await waitFor(async () => expect(await serverQuantity(session)).toBe(3));
  });

  it('going below 1 removes the line, 500 ms after the last click', async () => {
    const session = await customerWithTwoTyres();
    const { sent, pill } = await checkoutPage(session);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    pill.minus();
    pill.minus();
    expect(pill.quantity()).toHaveValue(0);
    await wait(DEBOUNCE_MS - 1);
    expect(sent).toEqual([]);
    await wait(1);
    expect(sent.map((call) => call.path)).toEqual(['Cart/Remove']);

    vi.useRealTimers();
    await waitFor(async () => expect(await serverQuantity(session)).toBeUndefined());
    await waitFor(() => expect(pill.line).not.toBeInTheDocument());
  });

  it("above the 10 held locally: the understock highlight, and once saved the stock popup beside the tyre's cashback", async () => {
    const session = await customerWithTwoTyres();
    const { pill } = await checkoutPage(session);
    expect(within(pill.line).queryByText('More than we hold locally')).not.toBeInTheDocument();

    pill.type('11');
    expect(within(pill.line).getByText('More than we hold locally')).toBeInTheDocument();
    expect(
      await within(pill.line).findByText(
        'Only 10 in stock in our warehouses; the rest comes from supplier stock and may take longer. Cashback applies to every set of 4.',
      ),
    ).toBeInTheDocument();
    expect(await serverQuantity(session)).toBe(11);
    await act(() => void fireEvent.click(within(pill.line).getByRole('button', { name: 'Close message' })));
    expect(within(pill.line).queryByRole('status')).not.toBeInTheDocument();
  });

  it('a tyre only the supplier holds: the popup says none is in our warehouses, and offers no smaller quantity', async () => {
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    const session = await signIn(t.app, customer.email);
    const payload = { productId: fixture.tyres.t2, quantity: 1 };
    await t.app.inject({ method: 'POST', url: api('Cart/Add'), headers: bearer(session), payload });
    const { pill } = await checkoutPage(session, 'Alpha Road One 265/70R16 112T');
    pill.type('2');
    expect(
      await within(pill.line).findByText(
        'None in stock in our warehouses; it comes from supplier stock and may take longer.',
      ),
    ).toBeInTheDocument();
    expect(within(pill.line).queryByRole('button', { name: /^Change to/ })).not.toBeInTheDocument();
  });

  it('the stock popup offers the quantity held, which one click orders', async () => {
    const session = await customerWithTwoTyres();
    const { pill } = await checkoutPage(session);
    pill.type('12');
    const change = await within(pill.line).findByRole('button', { name: 'Change to 10' });
    await act(() => void fireEvent.click(change));
    await waitFor(async () => expect(await serverQuantity(session)).toBe(10));
    expect(within(pill.line).getByRole('spinbutton', { name: `Quantity of ${TYRE}` })).toHaveValue(10);
    expect(within(pill.line).queryByText('More than we hold locally')).not.toBeInTheDocument();
  });
});
