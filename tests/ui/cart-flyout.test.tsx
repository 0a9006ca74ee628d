import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();

describe('the cart flyout and the accessories wizard against the real server', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
  }, 60_000);
  afterAll(() => t.close());

  async function customerWith(lines: { productId: number; quantity: number }[]): Promise<AuthResult> {
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    const session = await signIn(t.app, customer.email);
    for (const payload of lines)
      await t.app.inject({ method: 'POST', url: api('Cart/Add'), headers: bearer(session), payload });
    return session;
  }

  it('walks a wheel through vehicle and accessories, then shows the cart with the vehicle and accessory rows', async () => {
    const user = userEvent.setup();
    const session = await customerWith([
      { productId: fixture.tyres.t1, quantity: 2 },
      { productId: fixture.wheels.w1, quantity: 4 },
    ]);
    renderApp(t, '/home', session);
    // The first answer can take a while on a busy machine; the header shows the count once the cart is loaded.
    await user.click(await screen.findByRole('button', { name: 'Cart, 6 items' }));
    const flyout = await screen.findByRole('dialog', { name: 'Cart' });
    const wizard = await within(flyout).findByRole('region', { name: 'Wheel accessories' });
    expect(wizard).toHaveTextContent('1 wheel line needs a vehicle');
    await user.click(within(wizard).getByRole('button', { name: 'Next' }));

    expect(await within(flyout).findByText('Item 1 of 1')).toBeInTheDocument();
    await within(flyout).findByRole('option', { name: 'Toyota' });
    expect(within(flyout).getByText('Please select a make')).toBeInTheDocument();
    expect(within(flyout).getByRole('button', { name: 'Next' })).toBeDisabled();
    await user.selectOptions(within(flyout).getByRole('combobox', { name: 'Make' }), 'Toyota');
    expect(await within(flyout).findByText('Please select a model')).toBeInTheDocument();
    await user.selectOptions(await within(flyout).findByRole('combobox', { name: 'Model' }), 'HiLux');
    expect(within(flyout).getByText('Please select a series')).toBeInTheDocument();
    await user.selectOptions(within(flyout).getByRole('combobox', { name: 'Series' }), 'N80 SR5 4x4');
    await user.click(within(flyout).getByRole('button', { name: 'Next' }));

    const nuts = await within(flyout).findByRole('group', { name: 'Wheel Nuts' });
    expect(within(nuts).getByRole('radio', { name: /Use existing/ })).toBeChecked();
    await user.click(within(nuts).getByRole('radio', { name: /Gorilla Conical Nut M12x1.5 × 24/ }));
    const locks = within(flyout).getByRole('group', { name: 'Wheel Locks' });
    await user.click(within(locks).getByRole('radio', { name: /McGard Lock Set M12x1.5 Conical × 1/ }));
    await user.click(within(flyout).getByRole('button', { name: 'Next' }));

    const wheelLine = await within(flyout).findByRole('listitem', { name: 'Delta Six 17x8.5 6x139.7 +10 Gloss Black' });
    expect(wheelLine).toHaveTextContent('Toyota HiLux N80 SR5 4x4');
    // Each accessory is a priced row of the wheel line.
    const accessories = within(wheelLine).getByRole('list', { name: /Accessories of/ });
    expect(
      within(accessories)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      'Gorilla Conical Nut M12x1.5 × 24$2.00 ea · $48.00',
      'McGard Lock Set M12x1.5 Conical × 1$60.00 ea · $60.00',
    ]);
    expect(within(wheelLine).getByRole('button', { name: /Edit accessories/ })).toBeEnabled();
    const tyreLine = within(flyout).getByRole('listitem', { name: 'Alpha Road One 265/65R17 112H' });
    expect(within(tyreLine).getByRole('img')).toHaveAttribute('width', '80');
    expect(within(tyreLine).queryByText('Vehicle')).not.toBeInTheDocument();
    // 2 × $200 + 4 × $280 + 24 × $2 + $60
    expect(flyout).toHaveTextContent('Subtotal (excl. GST)$1,628.00');
    expect(flyout).toHaveTextContent('GST and shipping are calculated at checkout.');
    expect(within(flyout).getByRole('link', { name: 'Checkout' })).toHaveAttribute('href', '/checkout');
  });

  it('forces an incompatible vehicle after the warning and shows Incompatible Vehicle with accessories disabled', async () => {
    const user = userEvent.setup();
    const session = await customerWith([{ productId: fixture.wheels.w2, quantity: 4 }]);
    renderApp(t, '/home', session);
    await user.click(await screen.findByRole('button', { name: 'Cart, 4 items' }));
    const flyout = await screen.findByRole('dialog', { name: 'Cart' });
    await user.click(await within(flyout).findByRole('button', { name: 'Next' }));
    await within(flyout).findByRole('option', { name: 'Ford' });
    await user.selectOptions(within(flyout).getByRole('combobox', { name: 'Make' }), 'Ford');
    await user.selectOptions(await within(flyout).findByRole('combobox', { name: 'Model' }), 'Mustang');
    await waitFor(() => expect(within(flyout).getByRole('option', { name: 'S550 GT' })).toBeInTheDocument());
    await user.selectOptions(within(flyout).getByRole('combobox', { name: 'Series' }), 'S550 GT');
    await user.click(within(flyout).getByRole('button', { name: 'Next' }));
    expect(await within(flyout).findByRole('alert')).toHaveTextContent('does not fit the selected vehicle');
    expect(within(flyout).getByText('Item 1 of 1')).toBeInTheDocument();
    await user.click(within(flyout).getByRole('button', { name: 'Next' }));

    const line = await within(flyout).findByRole('listitem', { name: /Delta Five/ });
    expect(line).toHaveTextContent('Ford Mustang S550 GTIncompatible Vehicle');
    expect(line).toHaveTextContent('AccessoriesNone Supplied');
    expect(within(line).getByRole('button', { name: /Edit accessories/ })).toBeDisabled();
  });

  it('skips everything with No Accessories Required, deletes with confirmation, and empties the cart', async () => {
    const user = userEvent.setup();
    const session = await customerWith([
      { productId: fixture.wheels.w3, quantity: 4 },
      { productId: fixture.tyres.t2, quantity: 1 },
      { productId: fixture.tyres.t5, quantity: 1 },
    ]);
    renderApp(t, '/home', session);
    await user.click(await screen.findByRole('button', { name: 'Cart, 6 items' }));
    const flyout = await screen.findByRole('dialog', { name: 'Cart' });
    await user.click(await within(flyout).findByRole('button', { name: 'No Accessories Required' }));
    const wheel = await within(flyout).findByRole('listitem', { name: /Echo Rock/ });
    expect(wheel).toHaveTextContent('VehicleNone Supplied');
    expect(wheel).toHaveTextContent('AccessoriesNo Accessories Required');

    await user.click(within(flyout).getByRole('button', { name: 'Delete Alpha Road One 265/70R16 112T' }));
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent('Are you sure you wish to delete this item from your cart?');
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(within(flyout).getByRole('listitem', { name: 'Alpha Road One 265/70R16 112T' })).toBeInTheDocument();
    await user.click(within(flyout).getByRole('button', { name: 'Delete Alpha Road One 265/70R16 112T' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Yes, Delete' }));
    await waitFor(() =>
      expect(within(flyout).queryByRole('listitem', { name: 'Alpha Road One 265/70R16 112T' })).not.toBeInTheDocument(),
    );
    // The header behind the open flyout is hidden from the accessibility tree, but it follows the cart.
    await waitFor(() =>
      expect(document.querySelector('button[title^="Cart"]')?.getAttribute('title')).toBe('Cart, 5 items'),
    );
    expect(await screen.findByText('1 Item(s) Removed from Cart')).toBeInTheDocument();

    await user.click(within(flyout).getByRole('button', { name: 'Remove All Items' }));
    const removeAll = await screen.findByRole('alertdialog');
    expect(removeAll).toHaveTextContent('Are you sure you wish to remove all items from your cart?');
    await user.click(within(removeAll).getByRole('button', { name: 'Yes, Remove All' }));
    expect(await within(flyout).findByText('Your Cart is Empty')).toBeInTheDocument();
  });
});
