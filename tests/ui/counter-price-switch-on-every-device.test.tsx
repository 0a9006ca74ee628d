import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  COUNTER_PRICE_MODE_KEY,
  counterPriceMode,
  setCounterPriceMode,
} from '../../src/web/components/catalogue/counter-price-mode';
import { createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * The counter switch is reachable on phones (the menu carries it below 640 px), and it is remembered per
 * device (localStorage, read through zod) and followed by every tab of the device.
 */
describe('the counter switch on every device', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());
  afterEach(() => setCounterPriceMode('Account'));

  it('is in the menu of small screens, and a choice there is the choice of the header switch, kept for the device', async () => {
    const user = userEvent.setup();
    const dealer = await createCustomer(t.database.db);
    renderApp(t, '/home', await signIn(t.app, dealer.email));
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    const inMenu = within(menu).getByRole('group', { name: 'Prices shown on this screen' });
    expect(within(inMenu).getByRole('radio', { name: 'Account' })).toBeChecked();
    await user.click(within(inMenu).getByRole('radio', { name: 'RRP' }));
    expect(within(inMenu).getByRole('radio', { name: 'RRP' })).toBeChecked();
    // The menu stays open for another choice; the header's own switch (shown from 640 px, behind the open dialog) agrees.
    expect(menu).toBeInTheDocument();
    const header = document.querySelector('header');
    expect(header?.querySelector('input[name="counter-price-mode"][value="RRP"]')).toBeChecked();
    expect(localStorage.getItem(COUNTER_PRICE_MODE_KEY)).toBe('RRP');
  });

  it('reads what the device stored when the shop opens, and anything unknown as the account setting', async () => {
    localStorage.setItem(COUNTER_PRICE_MODE_KEY, 'Hide');
    vi.resetModules();
    const opened = await import('../../src/web/components/catalogue/counter-price-mode');
    expect(opened.counterPriceMode()).toBe('Hide');

    localStorage.setItem(COUNTER_PRICE_MODE_KEY, 'Wholesale');
    vi.resetModules();
    expect((await import('../../src/web/components/catalogue/counter-price-mode')).counterPriceMode()).toBe('Account');
  });

  it('follows a change made in another tab of the device', () => {
    setCounterPriceMode('Trade');
    localStorage.setItem(COUNTER_PRICE_MODE_KEY, 'RRP');
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: COUNTER_PRICE_MODE_KEY, newValue: 'RRP' }));
    });
    expect(counterPriceMode()).toBe('RRP');
  });
});
