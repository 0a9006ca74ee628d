import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderLines, orders, productStock } from '../../src/server/db/schema';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const CONSENT = 'Send what is in stock now and the rest when it arrives';
const CONSENT_NEEDED = `Tick '${CONSENT}' to place the order.`;

/**
 * T1 held 10 in Melbourne and 40 at the supplier, with 10 more inbound to Melbourne for 10 December 2030: a line of
 * 60 ships 50 now and back-orders 10, and Place Order waits for the customer's tick.
 */
describe('the checkout page with a back-ordered line', () => {
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

  it('shows the split, keeps Place Order disabled until the consent is ticked from the keyboard, then places it', async () => {
    const user = userEvent.setup();
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      creditLimitCents: 100_000_000,
      deliveryAddress1: '12 Sample Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    });
    const session = await signIn(t.app, customer.email);
    const added = await t.app.inject({
      method: 'POST',
      url: api('Cart/Add'),
      headers: bearer(session),
      payload: { productId: fixture.tyres.t1, quantity: 60 },
    });
    expect(added.statusCode).toBe(200);

    renderApp(t, '/checkout', session);
    const section = await screen.findByRole('region', { name: 'Back-orders' }, { timeout: 15_000 });
    expect(within(section).getByText('Alpha Road One 265/65R17 112H (T1)')).toBeInTheDocument();
    expect(within(section).getByText('Ships now: 50 · Back-order: 10, expected 10 Dec')).toBeInTheDocument();
    const placeOrder = screen.getByRole('button', { name: 'Place Order' });
    expect(placeOrder).toBeDisabled();
    expect(placeOrder).toHaveAccessibleDescription(CONSENT_NEEDED);

    const consent = within(section).getByRole('checkbox', { name: CONSENT });
    consent.focus();
    await user.keyboard(' ');
    expect(consent).toBeChecked();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Place Order' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Place Order' }));

    expect(await screen.findByText('Thank you, your order has been placed.', {}, { timeout: 15_000 })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Back-ordered' })).toHaveTextContent(
      'Alpha Road One 265/65R17 112H (T1): 10 of 60 on back-order, expected 10 Dec',
    );
    const [order] = await t.database.db.select().from(orders).where(eq(orders.accountId, customer.account.id));
    const lines = await t.database.db
      .select()
      .from(orderLines)
      .where(eq(orderLines.orderId, order?.id as number));
    expect(lines.map((line) => [line.sku, line.quantity, line.backOrderQuantity, line.backOrderExpectedDate])).toEqual([
      ['T1', 60, 10, '2030-12-10'],
    ]);
  });
});
