import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productStock } from '../../src/server/db/schema';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

/**
 * T1 held 10 in Melbourne and 40 at the supplier, with 10 more inbound to Melbourne for 10 December 2030: the cart
 * flyout shows a line of 60 split as the checkout will split it, in the checkout's words; T2, which the supplier
 * sends in full, shows no split.
 */
describe('the cart flyout with a back-ordered line', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: new Date() }));
    await t.database.db
      .update(productStock)
      .set({ onOrderQuantity: 10, onOrderExpectedOn: '2030-12-10' })
      .where(
        and(
          eq(productStock.productId, fixture.tyres.t1),
          eq(productStock.warehouseId, fixture.warehouses.MELBOURNE as number),
        ),
      );
    await t.app.catalogue.reload();
  }, 60_000);
  afterAll(() => t.close());

  it('shows what ships now and what is back-ordered, with its expected date, on the line', async () => {
    const user = userEvent.setup();
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    const session = await signIn(t.app, customer.email);
    for (const payload of [
      { productId: fixture.tyres.t1, quantity: 60 },
      { productId: fixture.tyres.t2, quantity: 1 },
    ]) {
      const added = await t.app.inject({ method: 'POST', url: api('Cart/Add'), headers: bearer(session), payload });
      expect(added.statusCode, added.body).toBe(200);
    }

    renderApp(t, '/home', session);
    await user.click(await screen.findByRole('button', { name: 'Cart, 61 items' }));
    const flyout = await screen.findByRole('dialog', { name: 'Cart' });

    const split = await within(flyout).findByRole('listitem', { name: 'Alpha Road One 265/65R17 112H' });
    expect(within(split).getByText('Ships now: 50 · Back-order: 10, expected 10 Dec')).toBeVisible();
    const whole = within(flyout).getByRole('listitem', { name: 'Alpha Road One 265/70R16 112T' });
    expect(whole).not.toHaveTextContent('Back-order');
  });
});
