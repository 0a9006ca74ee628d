import { type Locator, type Page, expect, test } from '@playwright/test';
import { cartButton, emptyCart, signIn } from './support/checkout-steps';

/**
 * The Saturday flow at the counter, keyboard only, every key press counted: a size typed, sorted by 'Available
 * soonest', the first tyre (the one that can be had soonest: 'today (pick-up)' in trading hours) taken 4 times, the
 * cart, the checkout and Place Order, in at most 60 presses, at 1366×900 and on a 390×844 phone.
 */
const BUDGET = 60;
const SIZE = '265/65R17';

/** The keyboard, counting what it presses. */
function countedKeyboard(page: Page) {
  let presses = 0;
  const keyboard = {
    get presses() {
      return presses;
    },
    press: async (key: string) => {
      presses += 1;
      await page.keyboard.press(key);
    },
    type: async (text: string) => {
      presses += text.length;
      await page.keyboard.type(text);
    },
    /** Presses `key` until `target` has the focus. */
    until: async (key: string, target: Locator, limit = BUDGET) => {
      for (let press = 0; press < limit; press += 1) {
        if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
        await keyboard.press(key);
      }
      await expect(target).toBeFocused();
    },
  };
  return keyboard;
}

/** The soonest any tyre of the size can arrive for the signed-in dealer, and the words for it, from the API itself. */
async function soonestOfSize(page: Page): Promise<{ date: string; texts: string[] }> {
  return page.evaluate(async (size) => {
    const session = JSON.parse(localStorage.getItem('yhi.session') ?? '{}') as { token?: string };
    const answer = await fetch('/yhi/api/Tyre/Search', {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token ?? ''}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ size, pageSize: 96 }),
    });
    const { items } = (await answer.json()) as { items: { delivery: { text: string; date: string | null } }[] };
    const dates = items.flatMap((item) => (item.delivery.date === null ? [] : [item.delivery.date])).sort();
    const date = dates[0] ?? '';
    return { date, texts: items.filter((item) => item.delivery.date === date).map((item) => item.delivery.text) };
  }, SIZE);
}

for (const viewport of [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
]) {
  test(`the Saturday flow at ${viewport.width}×${viewport.height}: size, soonest first, 4 added, ordered, in at most ${BUDGET} key presses`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, 'dealer@demo.test');
    await emptyCart(page);
    await page.goto('/tyres');
    const sizeBox = page.getByLabel('Size or product search');
    await expect(sizeBox).toBeFocused();
    const keys = countedKeyboard(page);

    await keys.type('2656517');
    await keys.press('Enter');
    await expect(page).toHaveURL(/size=265%2F65R17/);
    const cards = page.getByRole('region', { name: 'Results' }).getByRole('article');
    await expect(cards.first()).toBeVisible();

    // Sort is beside the size box: a Tab or two, then 'a' picks 'Available soonest'.
    const sort = page.getByRole('combobox', { name: 'Sort' });
    await keys.until('Tab', sort, 3);
    await keys.press('a');
    await expect(page).toHaveURL(/sort=available-soonest/);
    await expect(sort).toHaveValue('available-soonest');

    const soonest = await soonestOfSize(page);
    const first = cards.first();
    const name = (await first.getAttribute('aria-label')) ?? '';
    expect(soonest.texts).toContain(
      ((await first.getByTitle(/^Delivery: /).getAttribute('title')) ?? '').replace(/^Delivery: /, ''),
    );

    // Back to the size box, down to the first result, 4 and Enter.
    await keys.until('Shift+Tab', sizeBox, 3);
    await keys.press('ArrowDown');
    await expect(first.getByLabel(`Quantity to add of ${name}`)).toBeFocused();
    await keys.type('4');
    await keys.press('Enter');
    await expect(cartButton(page, 4)).toBeVisible();

    // One key to the cart, one to the checkout.
    await keys.press('c');
    const checkout = page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' });
    await expect(checkout).toBeFocused();
    await keys.press('Enter');
    await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Items' }).getByRole('listitem', { name })).toBeVisible();

    const placeOrder = page.getByRole('button', { name: 'Place Order' });
    await expect(placeOrder).toBeEnabled();
    await keys.until('Tab', placeOrder, BUDGET);
    await keys.press('Enter');
    await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
    await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
    console.log(`${viewport.width}×${viewport.height}: ${keys.presses} key presses`);
    expect(keys.presses).toBeLessThanOrEqual(BUDGET);
  });
}
