import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import {
  CREDIT_LIMIT_REACHED,
  type CheckoutData,
  ORDER_NUMBER_TOO_LONG,
  STOCK_NUMBER_TOO_LONG,
  type ShippingMethod,
  type ShippingSystemName,
} from '../../src/contract/checkout';
import { shippingMachine } from '../../machines/shipping';
import { orders } from '../../src/server/db/schema';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';
import { createMachineModel } from '../model/support/model-harness';

const NOW = new Date();
const NAMES: Record<ShippingSystemName, string> = {
  'Shipping.Standard': 'Standard',
  'Shipping.FreeBulk': 'Free Bulk Delivery',
  'Shipping.RegionalFreeBulk': 'Regional Free Bulk Delivery',
  'Shipping.Pickup': 'Pickup in Store',
};

function offeredMethod(systemName: ShippingSystemName, displayOrder: number): ShippingMethod {
  return {
    name: NAMES[systemName],
    fee: '',
    feeValue: 0,
    selected: systemName === 'Shipping.Standard',
    displayOrder,
    isBulkDelivery: systemName === 'Shipping.FreeBulk',
    hasRegionalBulkDelivery: systemName === 'Shipping.RegionalFreeBulk',
    amountSaved: 0,
    bulkDeliveryInfos: [],
    regionalBulkDeliveryInfos: [],
    shippingRateComputationMethodSystemName: systemName,
    isPickupInStore: systemName === 'Shipping.Pickup',
  };
}

/**
 * The shipping model for what the server offers 20 supplier-stock tyres to a regional Victorian postcode: Standard,
 * Free Bulk, Regional Free Bulk and Pickup. Its paths (the ones a user can walk: choices and the server's answers)
 * are walked through the real page against the real server.
 */
const offered = (
  ['Shipping.Standard', 'Shipping.FreeBulk', 'Shipping.RegionalFreeBulk', 'Shipping.Pickup'] as const
).map(offeredMethod);
const shippingModel = createMachineModel(shippingMachine, {
  inputs: { 'regional, 20 supplier tyres': { methods: offered } },
  events: [
    ...(['Shipping.FreeBulk', 'Shipping.RegionalFreeBulk', 'Shipping.Pickup', 'Shipping.Standard'] as const).map(
      (systemName) => ({ type: 'shipping.choose' as const, systemName }),
    ),
    { type: 'xstate.done.actor.saveShippingMethod', output: offered },
    { type: 'shipping.loaded', methods: offered },
  ],
});
// After a save the real server answers with the methods it offers for the new choice, not the model's stand-in list,
// so a walk ends at the first saved choice.
const userPaths = shippingModel.paths.filter(
  (path) =>
    path.steps.every((step) => !step.event.type.startsWith('xstate.error') && step.event.type !== 'shipping.loaded') &&
    path.steps.filter((step) => step.event.type === 'shipping.choose').length <= 1,
);

describe('the checkout page against the real server', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());

  async function customerWith(
    lines: { productId: number; quantity: number }[],
    account: { creditLimitCents?: number; deliveryPostcode?: string } = {},
  ): Promise<{ session: AuthResult; accountId: number }> {
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      creditLimitCents: 10_000_000,
      deliveryAddress1: '12 Sample Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
      ...account,
    });
    const session = await signIn(t.app, customer.email);
    for (const payload of lines)
      await t.app.inject({ method: 'POST', url: api('Cart/Add'), headers: bearer(session), payload });
    return { session, accountId: customer.account.id };
  }

  async function checkoutOf(session: AuthResult): Promise<CheckoutData> {
    return (
      await t.app.inject({ method: 'GET', url: api('Checkout/Get'), headers: bearer(session) })
    ).json() as CheckoutData;
  }

  const summary = () => screen.getByRole('region', { name: 'Order summary' });
  const placeOrder = () => screen.getByRole('button', { name: 'Place Order' });

  it('loads the items, the address and the totals (en-AU AUD, GST on the total) under the Checkout heading', async () => {
    const { session } = await customerWith([
      { productId: fixture.tyres.t1, quantity: 2 },
      { productId: fixture.wheels.w1, quantity: 4 },
    ]);
    const expected = await checkoutOf(session);
    renderApp(t, '/checkout', session);
    expect(await screen.findByRole('heading', { level: 1, name: 'Checkout' })).toBeInTheDocument();
    const items = await screen.findByRole('region', { name: 'Items' });
    expect(within(items).getByRole('listitem', { name: 'Alpha Road One 265/65R17 112H' })).toBeInTheDocument();
    const wheel = within(items).getByRole('listitem', { name: /Delta Six/ });
    expect(within(wheel).getByRole('button', { name: /Edit vehicle/ })).toBeEnabled();
    expect(within(wheel).getByRole('button', { name: /Edit accessories/ })).toBeDisabled();
    expect(screen.getByRole('region', { name: 'Delivery' })).toHaveTextContent('12 Sample Street');
    const totals = expected.orderTotals;
    expect(summary()).toHaveTextContent(`Subtotal (excl. GST)${totals.subTotal.formatted}`);
    expect(summary()).toHaveTextContent(`Shipping${totals.shipping.formatted}`);
    expect(summary()).toHaveTextContent(`GST${totals.tax.formatted}`);
    expect(summary()).toHaveTextContent(`Total (incl. GST)${totals.orderTotal.formatted}`);
    // 2 × $200 + 4 × $280 = $1,520.00 excl. GST.
    expect(totals.subTotal.formatted).toBe('$1,520.00');
    await waitFor(() => expect(document.title).toBe('YHI | Checkout'));
    expect(screen.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
    expect(screen.getByRole('link', { name: 'returns policy' })).toHaveAttribute('href', '/returns-policy');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sends the user away when Checkout/Get gives no result (staff not acting for a customer)', async () => {
    const staff = await createStaff(t.database.db);
    renderApp(t, '/checkout', await signInStaff(t.app, staff.email));
    await waitFor(() => expect(window.location.pathname).not.toBe('/checkout'));
    expect(screen.queryByRole('region', { name: 'Order summary' })).not.toBeInTheDocument();
  });

  it('opens the accessories wizard at the vehicle step from the wheel line', async () => {
    const user = userEvent.setup();
    const { session } = await customerWith([{ productId: fixture.wheels.w1, quantity: 4 }]);
    renderApp(t, '/checkout', session);
    const wheel = await screen.findByRole('listitem', { name: /Delta Six/ });
    await user.click(within(wheel).getByRole('button', { name: /Edit vehicle/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cart' });
    expect(await within(dialog).findByText('Item 1 of 1')).toBeInTheDocument();
    expect(await within(dialog).findByRole('combobox', { name: 'Make' })).toBeInTheDocument();
  });

  for (const path of userPaths) {
    it(`shipping along the model path: ${path.description}`, async () => {
      const user = userEvent.setup();
      const { session } = await customerWith([{ productId: fixture.tyres.t2, quantity: 20 }], {
        deliveryPostcode: '3550',
      });
      renderApp(t, '/checkout', session);
      const group = await screen.findByRole('group', { name: 'Shipping method' });
      for (const step of path.steps) {
        const { event } = step;
        if (event.type === 'shipping.choose') {
          const name = NAMES[(event as { systemName: ShippingSystemName }).systemName];
          const option =
            within(group).queryByRole('checkbox', { name: new RegExp(`^${name}`) }) ??
            within(group).queryByRole('radio', { name: new RegExp(`^${name}`) });
          // The model's refused choices (Standard while hidden) have nothing to click.
          if (option) await user.click(option);
        }
        const context = step.state.context as { methods: readonly ShippingMethod[]; selected: ShippingSystemName };
        await waitFor(() => expect(group).toHaveAttribute('aria-busy', 'false'));
        // SPEC.md §4: Free Bulk first, then by display order; Standard hidden while a free bulk option is on.
        const bulkOn = context.selected === 'Shipping.FreeBulk' || context.selected === 'Shipping.RegionalFreeBulk';
        const shown = bulkOn
          ? ['Free Bulk Delivery', 'Regional Free Bulk Delivery', 'Pickup in Store']
          : ['Free Bulk Delivery', 'Standard', 'Regional Free Bulk Delivery', 'Pickup in Store'];
        await waitFor(() => {
          const labels = [...group.querySelectorAll('label')].map((label) => label.querySelector('span')?.textContent);
          expect(labels).toEqual(shown);
        });
        const selected = within(group).getByRole(
          context.selected === 'Shipping.FreeBulk' || context.selected === 'Shipping.RegionalFreeBulk'
            ? 'checkbox'
            : 'radio',
          {
            name: new RegExp(`^${NAMES[context.selected]}`),
          },
        );
        expect(selected).toBeChecked();
        const server = await checkoutOf(session);
        const chosen = server.shippingMethods.find((entry) => entry.selected);
        expect(chosen?.shippingRateComputationMethodSystemName).toBe(context.selected);
        await waitFor(() => expect(summary()).toHaveTextContent(`Shipping${server.orderTotals.shipping.formatted}`));
      }
    });
  }

  it('shows the free bulk saving with 2 decimals and the bulk delivery', async () => {
    const { session } = await customerWith([{ productId: fixture.tyres.t2, quantity: 20 }]);
    const expected = (await checkoutOf(session)).shippingMethods.find(
      (entry) => entry.shippingRateComputationMethodSystemName === 'Shipping.FreeBulk',
    );
    renderApp(t, '/checkout', session);
    const group = await screen.findByRole('group', { name: 'Shipping method' });
    expect(expected?.amountSaved).toBeGreaterThan(0);
    expect(group).toHaveTextContent(`You save $${((expected?.amountSaved ?? 0) / 100).toFixed(2)}`);
    expect(within(group).getByRole('list', { name: 'Free Bulk Delivery deliveries' })).toHaveTextContent(
      '20 from SUPPLIER STOCK',
    );
    const labels = [...group.querySelectorAll('label')].map((label) => label.querySelector('span')?.textContent);
    expect(labels[0]).toBe('Free Bulk Delivery');
  });

  it('applies a discount code: Apply disabled when empty, Enter applies, refusals under the field, the code upper case with Remove', async () => {
    const user = userEvent.setup();
    const { session } = await customerWith([{ productId: fixture.tyres.t1, quantity: 2 }]);
    const refusal = await t.app.inject({
      method: 'POST',
      url: api('Checkout/Discount'),
      headers: bearer(session),
      payload: { code: 'OLD5' },
    });
    const reasons = (refusal.json() as { errors: { reason: string }[] }).errors.map((entry) => entry.reason).join(', ');
    renderApp(t, '/checkout', session);
    const field = await screen.findByRole('textbox', { name: 'Discount code' });
    const apply = screen.getByRole('button', { name: 'Apply' });
    expect(apply).toBeDisabled();
    await user.type(field, 'old5{Enter}');
    expect(await screen.findByRole('alert')).toHaveTextContent(reasons);
    expect(reasons).not.toBe('');
    await user.clear(field);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(field, 'save10');
    await user.click(apply);
    expect(await screen.findByText('SAVE10')).toBeInTheDocument();
    expect(screen.getByText(/Code applied/)).toHaveTextContent('Code applied: SAVE10');
    const applied = await checkoutOf(session);
    expect(applied.orderTotals.orderTotalDiscount.cents).toBeGreaterThan(0);
    await waitFor(() =>
      expect(summary()).toHaveTextContent(`Total (incl. GST)${applied.orderTotals.orderTotal.formatted}`),
    );
    expect(summary()).toHaveTextContent('Discount');
    await user.click(screen.getByRole('button', { name: 'Remove discount code SAVE10' }));
    await waitFor(() => expect(screen.queryByText(/Code applied/)).not.toBeInTheDocument());
    expect((await checkoutOf(session)).discountCode).toBeNull();
  });

  it('validates the stock number and the order number on change and on blur, and Place Order waits for them', async () => {
    const user = userEvent.setup();
    const { session } = await customerWith([{ productId: fixture.tyres.t1, quantity: 1 }]);
    renderApp(t, '/checkout', session);
    const stock = await screen.findByRole('textbox', { name: 'Stock number' });
    expect(placeOrder()).toBeEnabled();
    act(() => {
      fireEvent.change(stock, { target: { value: 'S'.repeat(36) } });
    });
    expect(screen.getByText(STOCK_NUMBER_TOO_LONG)).toBeInTheDocument();
    expect(stock).toHaveAttribute('aria-invalid', 'true');
    expect(placeOrder()).toBeDisabled();
    act(() => {
      fireEvent.change(stock, { target: { value: 'S'.repeat(35) } });
    });
    expect(screen.queryByText(STOCK_NUMBER_TOO_LONG)).not.toBeInTheDocument();
    expect(placeOrder()).toBeEnabled();

    const order = screen.getByRole('textbox', { name: 'Order number' });
    await user.click(order);
    await user.tab();
    expect(screen.queryByText(ORDER_NUMBER_TOO_LONG)).not.toBeInTheDocument();
    await user.click(order);
    await user.paste('O'.repeat(36));
    expect(screen.getByText(ORDER_NUMBER_TOO_LONG)).toBeInTheDocument();
    await user.tab();
    expect(screen.getByText(ORDER_NUMBER_TOO_LONG)).toBeInTheDocument();
    expect(placeOrder()).toBeDisabled();
  });

  it('shows the credit limit notice and panel to a limit-0 account, keeps Place Order disabled on the Trading Account and opens it for a card', async () => {
    const { session } = await customerWith([{ productId: fixture.tyres.t1, quantity: 1 }], { creditLimitCents: 0 });
    renderApp(t, '/checkout', session);
    expect(await screen.findByText(CREDIT_LIMIT_REACHED)).toBeInTheDocument();
    const payment = screen.getByRole('region', { name: 'Payment' });
    expect(within(payment).getByRole('radio', { name: 'Trading Account' })).toBeChecked();
    expect(within(payment).getByText('Credit limit reached.')).toBeInTheDocument();
    expect(within(payment).getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
    expect(placeOrder()).toBeDisabled();
    await userEvent.setup().click(within(payment).getByRole('radio', { name: 'Credit Card' }));
    expect(await within(payment).findByRole('radio', { name: 'Credit Card' })).toBeChecked();
    // A card payment is taken before the order exists, so the credit limit does not stand in its way.
    await waitFor(() => expect(placeOrder()).toBeEnabled());
  });

  it('places the order on Trading Account with a stock number and shows it on the success page', async () => {
    const user = userEvent.setup();
    const { session, accountId } = await customerWith([{ productId: fixture.tyres.t1, quantity: 2 }]);
    const expected = await checkoutOf(session);
    renderApp(t, '/checkout', session);
    await user.type(await screen.findByRole('textbox', { name: 'Stock number' }), 'STK-42');
    await user.dblClick(placeOrder());
    expect(await screen.findByText('Thank you, your order has been placed.')).toBeInTheDocument();
    const orderId = /\/checkout\/success\/(\d+)$/.exec(window.location.pathname)?.[1];
    expect(orderId).toBeDefined();
    const details = screen.getByRole('region', { name: 'Order details' });
    expect(details).toHaveTextContent(`Order number${orderId ?? ''}`);
    expect(details).toHaveTextContent('Stock numberSTK-42');
    expect(details).toHaveTextContent('Payment statusPlaced on account');
    expect(details).toHaveTextContent(/Invoice number\S+/);
    expect(details).toHaveTextContent(/Invoice due\d{1,2} \w+ \d{4}/);
    expect(screen.getByRole('region', { name: 'Order summary' })).toHaveTextContent(
      `Total (incl. GST)${expected.orderTotals.orderTotal.formatted}`,
    );
    expect(screen.getByRole('region', { name: 'Items' })).toHaveTextContent('Alpha Road One 265/65R17 112H');
    // The double click made one order, and the cart is empty now.
    const placed = await t.database.db.select({ id: orders.id }).from(orders).where(eq(orders.accountId, accountId));
    expect(placed).toEqual([{ id: Number(orderId) }]);
    expect((await checkoutOf(session)).shoppingCart.items).toEqual([]);
  });
});
