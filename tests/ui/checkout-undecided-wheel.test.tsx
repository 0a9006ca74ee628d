import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CartState } from '../../src/contract/cart';
import { ACCESSORIES_UNDECIDED } from '../../src/contract/checkout';
import { productStock } from '../../src/server/db/schema';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();
const WHEEL = 'Delta Six 17x8.5 6x139.7 +10 Gloss Black';

describe('the checkout page with a wheel whose accessories are undecided', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());

  it('explains the line, keeps Place Order disabled with the reason beside it, and its button opens the wizard at that wheel', async () => {
    const user = userEvent.setup();
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      creditLimitCents: 10_000_000,
      deliveryAddress1: '12 Sample Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    });
    const session = await signIn(t.app, customer.email);
    const post = (path: string, payload: object) =>
      t.app.inject({ method: 'POST', url: api(path), headers: bearer(session), payload });
    await post('Cart/Add', { productId: fixture.tyres.t1, quantity: 2 });
    const added = (await post('Cart/Add', { productId: fixture.wheels.w1, quantity: 4 })).json() as CartState;
    const wheelLine = added.items.find((item) => item.productId === fixture.wheels.w1);
    expect(
      (await post('Cart/Vehicle', { id: wheelLine?.id, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' }))
        .statusCode,
    ).toBe(200);

    renderApp(t, '/checkout', session);
    const items = await screen.findByRole('region', { name: 'Items' }, { timeout: 15_000 });
    expect(
      within(items).getByText(
        `${WHEEL}: choose its vehicle and accessories, or No Accessories Required, before placing the order.`,
      ),
    ).toBeInTheDocument();
    const placeOrder = screen.getByRole('button', { name: 'Place Order' });
    expect(placeOrder).toBeDisabled();
    expect(placeOrder).toHaveAccessibleDescription(ACCESSORIES_UNDECIDED);
    expect(within(screen.getByRole('region', { name: 'Payment' })).getByText(ACCESSORIES_UNDECIDED)).toBeVisible();

    await user.click(within(items).getByRole('button', { name: `Choose accessories for ${WHEEL}` }));
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    expect(await within(dialog).findByText('Item 1 of 1')).toBeInTheDocument();
    // The wheel has its vehicle, so the wizard opens on its accessories.
    expect(await within(dialog).findByRole('heading', { name: 'Choose accessories' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Wheel Nuts' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'No Accessories Required' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    expect(screen.queryByText(ACCESSORIES_UNDECIDED)).not.toBeInTheDocument();
    expect(within(items).queryByRole('button', { name: `Choose accessories for ${WHEEL}` })).not.toBeInTheDocument();
  });

  it('a required group with nothing in stock says why in the wizard, and the step cannot be saved', async () => {
    const user = userEvent.setup();
    const hubRingStock = and(
      eq(productStock.productId, fixture.merchandise.m3),
      eq(productStock.warehouseId, fixture.warehouses.MELBOURNE as number),
    );
    await t.database.db.update(productStock).set({ quantity: 0 }).where(hubRingStock);
    await t.app.catalogue.reload();
    try {
      const customer = await createCustomer(t.database.db, {
        state: 'VIC',
        creditLimitCents: 10_000_000,
        deliveryAddress1: '12 Sample Street',
        deliveryCity: 'Melbourne',
        deliveryPostcode: '3000',
      });
      const session = await signIn(t.app, customer.email);
      const post = (path: string, payload: object) =>
        t.app.inject({ method: 'POST', url: api(path), headers: bearer(session), payload });
      const added = (await post('Cart/Add', { productId: fixture.wheels.w1, quantity: 2 })).json() as CartState;
      expect(
        (
          await post('Cart/Vehicle', {
            id: added.items[0]?.id,
            vehicleId: fixture.vehicles.ranger,
            action: 'CheckAndAdd',
          })
        ).statusCode,
      ).toBe(200);

      renderApp(t, '/checkout', session);
      const items = await screen.findByRole('region', { name: 'Items' }, { timeout: 15_000 });
      await user.click(within(items).getByRole('button', { name: `Choose accessories for ${WHEEL}` }));
      const dialog = await screen.findByRole('dialog', { name: 'Cart' });
      const rings = await within(dialog).findByRole('group', { name: 'Hub Rings' });
      expect(within(rings).getByRole('alert')).toHaveTextContent(
        /^Hub Rings \(.+ to 93\.1 mm hub\) are required for this wheel and none are in stock right now\./,
      );
      expect(within(rings).queryByRole('radio')).not.toBeInTheDocument();
      expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    } finally {
      await t.database.db.update(productStock).set({ quantity: 20 }).where(hubRingStock);
      await t.app.catalogue.reload();
    }
  });
});
