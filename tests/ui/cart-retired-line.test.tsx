import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../src/server/db/schema';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();

describe('a retired product in the cart flyout, against the real server', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());

  it('says the line is no longer available, offers no checkout, and Remove takes it out', async () => {
    const user = userEvent.setup();
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    const session = await signIn(t.app, customer.email);
    for (const payload of [
      { productId: fixture.tyres.t1, quantity: 2 },
      { productId: fixture.tyres.t2, quantity: 1 },
    ])
      await t.app.inject({ method: 'POST', url: api('Cart/Add'), headers: bearer(session), payload });
    await t.database.db.update(products).set({ published: false }).where(eq(products.id, fixture.tyres.t2));
    await t.app.catalogue.reload();

    renderApp(t, '/home', session);
    await user.click(await screen.findByRole('button', { name: 'Cart, 3 items' }));
    const flyout = await screen.findByRole('dialog', { name: 'Cart' });
    const gone = await within(flyout).findByRole('listitem', { name: 'Alpha Road One 265/70R16 112T' });
    expect(gone).toHaveTextContent('SKU T2 · Qty 1');
    expect(gone).toHaveTextContent('No longer available.');
    expect(within(flyout).getByRole('alert')).toHaveTextContent('Remove the items no longer available to check out.');
    expect(within(flyout).queryByRole('link', { name: 'Checkout' })).not.toBeInTheDocument();
    // Only the line still on sale is in the subtotal: 2 × $200.
    expect(flyout).toHaveTextContent('Subtotal (excl. GST)$400.00');

    await user.click(within(gone).getByRole('button', { name: 'Remove Alpha Road One 265/70R16 112T' }));
    await waitFor(() => expect(within(flyout).getByRole('link', { name: 'Checkout' })).toBeInTheDocument());
    expect(within(flyout).queryByText('No longer available.')).not.toBeInTheDocument();
    expect(within(flyout).getByRole('listitem', { name: 'Alpha Road One 265/65R17 112H' })).toBeInTheDocument();
  });
});
