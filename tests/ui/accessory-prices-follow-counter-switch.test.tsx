import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CartAccessories, CartState } from '../../src/contract/cart';
import { setCounterPriceMode } from '../../src/web/components/catalogue/counter-price-mode';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();

/** The accessories step of the wizard prices its options as the counter switch says, like the cart around it. */
describe('the accessories step prices its options by the counter switch', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => setCounterPriceMode('Account'));

  it('shows trade prices, then RRP only, then none, as the switch turns', async () => {
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      creditLimitCents: 10_000_000,
      deliveryAddress1: '12 Sample Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    });
    const session = await signIn(t.app, customer.email);
    const cart = (
      await t.app.inject({
        method: 'POST',
        url: api('Cart/Add'),
        headers: bearer(session),
        payload: { productId: fixture.wheels.w1, quantity: 4 },
      })
    ).json<CartState>();
    const id = cart.items[0]?.id ?? 0;
    await t.app.inject({
      method: 'POST',
      url: api('Cart/Vehicle'),
      headers: bearer(session),
      payload: { id, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' },
    });
    const offered = (
      await t.app.inject({ method: 'GET', url: api(`Cart/Accessories?id=${id}`), headers: bearer(session) })
    ).json<CartAccessories>();
    const loose = offered.groups.find((group) => group.groupId === 'fasteners')?.accessories[0];
    expect(loose?.rrpSubTotal?.cents).toBeGreaterThan(loose?.subTotalValue ?? 0);

    renderApp(t, '/checkout', session);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /^Choose accessories for Delta Six/ }));
    const wizard = await screen.findByRole('region', { name: 'Wheel accessories' });
    // The line's vehicle is saved already: the wizard opens at its accessories.
    const nuts = await within(wizard).findByRole('group', { name: 'Wheel Nuts' });
    const option = () =>
      within(nuts)
        .getAllByRole('radio')
        .find((radio) => radio.closest('label')?.textContent?.startsWith(`${loose?.name ?? ''} ×`))
        ?.closest('label');

    expect(option()).toHaveTextContent(loose?.subTotal ?? '');
    act(() => setCounterPriceMode('RRP'));
    expect(option()).toHaveTextContent(`RRP ${loose?.rrpSubTotal?.formatted ?? ''}`);
    expect(option()).not.toHaveTextContent(loose?.subTotal ?? '');
    act(() => setCounterPriceMode('Hide'));
    expect(nuts).not.toHaveTextContent('$');
  });
});
