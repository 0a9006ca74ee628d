import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { eq, gt } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { CheckoutData } from '../../src/contract/checkout';
import type { PriceDisplayMode } from '../../src/domain/trade-price';
import { accounts, productStock } from '../../src/server/db/schema';
import { type CounterPriceMode, setCounterPriceMode } from '../../src/web/components/catalogue/counter-price-mode';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, api } from '../support/test-app';

const NOW = new Date();
/** An amount as the shop formats money ('$1,234.50'); a promotion's label ('$100 cashback on a set of 4') is not one. */
const AMOUNT = /\$\d[\d,]*\.\d{2}/;

/** Every trade figure of the checkout: each row's unit price and amount, the discount, subtotal, GST and total. */
function tradeFigures(data: CheckoutData): string[] {
  const p = data.presentation;
  const rows = p.lines.flatMap((line) => [line, ...line.accessories]);
  return [
    ...rows.flatMap((row) => [row.unitPrice.formatted, row.amount.formatted]),
    p.linesTotal.formatted,
    p.subtotal.formatted,
    p.gst?.formatted ?? '',
    p.total?.formatted ?? '',
  ];
}

function rrpFigures(data: CheckoutData): string[] {
  const rows = data.presentation.lines.flatMap((line) => [line, ...line.accessories]);
  return rows.flatMap((row) => [row.rrpUnitPrice?.formatted ?? 'missing', row.rrpAmount?.formatted ?? 'missing']);
}

describe('the price display holds on the cart flyout, the checkout page and the success page', () => {
  let t: TestApp;
  let fixture: CartFixture;

  beforeAll(async () => {
    ({ t, fixture } = await createCartTestApp({ now: NOW }));
    // Every test places an order of the same wheels and lock: enough stock for all of them.
    await t.database.db.update(productStock).set({ quantity: 500 }).where(gt(productStock.quantity, 0));
    await t.app.catalogue.reload();
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => setCounterPriceMode('Account'));

  /**
   * An account with 3 tyres and 4 wheels fitted with nuts and a lock; answers its session and its checkout as a Trade
   * account is answered it (the trade figures that must not show), then turns to `priceDisplay`: the server answers
   * an RRP account no trade figure to look for.
   */
  async function orderingAccount(priceDisplay: PriceDisplayMode) {
    const customer = await createCustomer(t.database.db, {
      state: 'VIC',
      priceDisplay: 'Trade',
      creditLimitCents: 10_000_000,
      deliveryAddress1: '12 Sample Street',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
    });
    const session = await signIn(t.app, customer.email);
    const headers = bearer(session);
    const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: api(path), headers, payload });
    await post('Cart/Add', { productId: fixture.tyres.t1, quantity: 3 });
    const added = (await post('Cart/Add', { productId: fixture.wheels.w1, quantity: 4 })).json() as {
      items: { id: number; productId: number }[];
    };
    const wheel = added.items.find((item) => item.productId === fixture.wheels.w1)?.id as number;
    expect(
      (await post('Cart/Vehicle', { id: wheel, vehicleId: fixture.vehicles.hilux, action: 'CheckAndAdd' })).statusCode,
    ).toBe(200);
    expect(
      (await post('Cart/Accessories', { id: wheel, productIds: [fixture.merchandise.m1, fixture.accessories.lock] }))
        .statusCode,
    ).toBe(200);
    const checkout = (await t.app.inject({ method: 'GET', url: api('Checkout/Get'), headers })).json() as CheckoutData;
    // The wheel line carries its two accessories; trade and RRP figures never coincide in this cart.
    expect(checkout.presentation.lines.find((line) => line.id === wheel)?.accessories).toHaveLength(2);
    expect(tradeFigures(checkout).filter((figure) => rrpFigures(checkout).includes(figure))).toEqual([]);
    await t.database.db.update(accounts).set({ priceDisplay }).where(eq(accounts.id, customer.account.id));
    t.app.catalogue.forgetAccount(customer.account.id);
    return { session, checkout };
  }

  function expectNoTradePrice(where: HTMLElement, data: CheckoutData) {
    for (const figure of tradeFigures(data)) expect(where.textContent, `trade figure ${figure}`).not.toContain(figure);
  }

  async function walk(priceDisplay: PriceDisplayMode, counter: CounterPriceMode, shows: 'RRP' | 'Hide') {
    const user = userEvent.setup();
    const { session, checkout } = await orderingAccount(priceDisplay);
    setCounterPriceMode(counter);
    renderApp(t, '/checkout', session);

    const items = await screen.findByRole('region', { name: 'Items' });
    const wheelLine = await within(items).findByRole('listitem', { name: /Delta Six/ });
    expect(wheelLine).toHaveTextContent('Gorilla Conical Nut M12x1.5 × 24');
    expect(wheelLine).toHaveTextContent('McGard Lock Set M12x1.5 Conical × 1');
    const summary = screen.getByRole('region', { name: 'Order summary' });
    expectNoTradePrice(document.body, checkout);
    if (shows === 'RRP') {
      for (const figure of rrpFigures(checkout)) expect(items.textContent, `RRP figure ${figure}`).toContain(figure);
      expect(summary).toHaveTextContent(
        `RRP value (excl. GST)${checkout.presentation.rrpTotal?.formatted ?? 'missing'}`,
      );
    } else {
      expect(items).toHaveTextContent('Price hidden');
      expect(summary).toHaveTextContent('Prices are hidden on this screen.');
      expect(summary.textContent).not.toMatch(AMOUNT);
    }

    await user.click(screen.getByRole('button', { name: /^Cart, \d+ items?$/ }));
    const flyout = await screen.findByRole('dialog', { name: 'Cart' });
    await within(flyout).findByRole('listitem', { name: /Delta Six/ });
    expectNoTradePrice(flyout, checkout);
    if (shows === 'Hide') expect(flyout.textContent).not.toMatch(AMOUNT);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Place Order' }));
    expect(await screen.findByText('Thank you, your order has been placed.')).toBeInTheDocument();
    const placedItems = screen.getByRole('region', { name: 'Items' });
    expect(placedItems).toHaveTextContent('McGard Lock Set M12x1.5 Conical');
    expectNoTradePrice(document.body, checkout);
    if (shows === 'RRP')
      for (const figure of rrpFigures(checkout))
        expect(placedItems.textContent, `RRP figure ${figure}`).toContain(figure);
    else expect(screen.getByRole('region', { name: 'Items' }).textContent).not.toMatch(AMOUNT);
  }

  it('an account in RRP mode sees retail prices and no trade price, discount or total', async () => {
    await walk('RRP', 'Account', 'RRP');
  });

  it('an account in Hide mode sees no price at all', async () => {
    await walk('Hide', 'Account', 'Hide');
  });

  it("an RRP account cannot bring trade prices back with the header's Trade switch", async () => {
    await walk('RRP', 'Trade', 'RRP');
  });

  it("a trade account's counter switch set to Hide hides every price", async () => {
    await walk('Trade', 'Hide', 'Hide');
  });
});
