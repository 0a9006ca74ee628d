import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { CheckoutData } from '../../src/contract/checkout';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { type TestApp, api } from '../support/test-app';

/**
 * SPEC.md §4 'Shipping' on the real checkout page against the real server, for 20 supplier-stock tyres to a regional
 * Victorian postcode: the server offers Standard, Free Bulk, Regional Free Bulk and Pickup. What the screen must show
 * is written out from the spec, not worked out with the shipping machine's own functions.
 */
describe('the shipping choices on the checkout page', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: new Date() }));
  }, 60_000);
  afterAll(() => t.close());

  async function regionalCustomerWithTwentyTyres(): Promise<AuthResult> {
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      creditLimitCents: 10_000_000,
      deliveryAddress1: '12 Sample Street',
      deliveryCity: 'Bendigo',
      deliveryPostcode: '3550',
    });
    const session = await signIn(t.app, customer.email);
    await t.app.inject({
      method: 'POST',
      url: api('Cart/Add'),
      headers: bearer(session),
      payload: { productId: fixture.tyres.t2, quantity: 20 },
    });
    return session;
  }

  async function serverSelection(session: AuthResult) {
    const data = (
      await t.app.inject({ method: 'GET', url: api('Checkout/Get'), headers: bearer(session) })
    ).json() as CheckoutData;
    return data.shippingMethods.find((method) => method.selected)?.shippingRateComputationMethodSystemName;
  }

  /** The whole app on the checkout page; the bodies of Checkout/ShippingMethod are recorded as they leave. */
  async function shippingGroup(session: AuthResult) {
    writeStoredTokens({ token: session.token, refreshToken: session.refreshToken, impersonatorToken: null });
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/checkout');
    const served = injectFetch(t.app);
    const saved: unknown[] = [];
    const fetch: typeof globalThis.fetch = (input, init) => {
      const path = new URL(typeof input === 'string' ? input : input.toString(), 'http://localhost').pathname;
      if (/\/Checkout\/ShippingMethod$/i.test(path)) saved.push(JSON.parse(String(init?.body)));
      return served(input, init);
    };
    render(<App api={new ApiClient({ fetch, validateResponses: true })} />);
    const group = await screen.findByRole('group', { name: 'Shipping method' });
    const labels = () => [...group.querySelectorAll('label')].map((label) => label.querySelector('span')?.textContent);
    const settled = () => waitFor(() => expect(group).toHaveAttribute('aria-busy', 'false'));
    return { group, labels, settled, saved };
  }

  it('lists Free Bulk first, then by display order, with the saving in 2 decimals and the bulk delivery', async () => {
    const session = await regionalCustomerWithTwentyTyres();
    const { group, labels } = await shippingGroup(session);
    expect(labels()).toEqual(['Free Bulk Delivery', 'Standard', 'Regional Free Bulk Delivery', 'Pickup in Store']);
    expect(within(group).getByRole('radio', { name: /^Standard/ })).toBeChecked();
    expect(within(group).getByRole('checkbox', { name: /^Free Bulk Delivery/ })).not.toBeChecked();
    // Standard for one supplier shipment to a regional postcode: $30.00 freight and $20.00 surcharge, saved in bulk.
    expect(group).toHaveTextContent('You save $50.00');
    expect(within(group).getByRole('list', { name: 'Free Bulk Delivery deliveries' })).toHaveTextContent(
      '20 from SUPPLIER STOCK, delivered in 7 business days',
    );
  });

  it('free bulk toggles on and off (off falls back to Standard), one free option clears the other, and Standard hides while one is on', async () => {
    const user = userEvent.setup();
    const session = await regionalCustomerWithTwentyTyres();
    const { group, labels, settled } = await shippingGroup(session);
    const freeBulk = () => within(group).getByRole('checkbox', { name: /^Free Bulk Delivery/ });
    const regional = () => within(group).getByRole('checkbox', { name: /^Regional Free Bulk Delivery/ });

    await user.click(freeBulk());
    await settled();
    expect(freeBulk()).toBeChecked();
    expect(labels()).toEqual(['Free Bulk Delivery', 'Regional Free Bulk Delivery', 'Pickup in Store']);
    expect(await serverSelection(session)).toBe('Shipping.FreeBulk');

    await user.click(regional());
    await settled();
    expect(regional()).toBeChecked();
    expect(freeBulk()).not.toBeChecked();
    expect(labels()).toEqual(['Free Bulk Delivery', 'Regional Free Bulk Delivery', 'Pickup in Store']);
    expect(await serverSelection(session)).toBe('Shipping.RegionalFreeBulk');

    await user.click(regional());
    await settled();
    expect(regional()).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: /^Standard/ })).toBeChecked();
    expect(labels()).toEqual(['Free Bulk Delivery', 'Standard', 'Regional Free Bulk Delivery', 'Pickup in Store']);
    expect(await serverSelection(session)).toBe('Shipping.Standard');
  });

  it('sends a choice as {shippingMethod, system name, isPickupInStore}, and nothing for the method already chosen', async () => {
    const user = userEvent.setup();
    const session = await regionalCustomerWithTwentyTyres();
    const { group, settled, saved } = await shippingGroup(session);

    await user.click(within(group).getByRole('radio', { name: /^Standard/ }));
    await settled();
    expect(saved).toEqual([]);

    await user.click(within(group).getByRole('radio', { name: /^Pickup in Store/ }));
    await settled();
    expect(within(group).getByRole('radio', { name: /^Pickup in Store/ })).toBeChecked();
    expect(saved).toEqual([
      {
        shippingMethod: 'Pickup in Store',
        shippingRateComputationMethodSystemName: 'Shipping.Pickup',
        isPickupInStore: true,
      },
    ]);
    expect(await serverSelection(session)).toBe('Shipping.Pickup');
  });
});
