import { type Locator, type Page, type TestInfo, expect, test } from '@playwright/test';
import { cartButton, emptyCart, firstCardWithStock, signIn } from './support/checkout-steps';

/**
 * The counter at work: a size typed, prices and stock compared, four tyres added and ordered, all from the
 * keyboard, without scrolling to find the first result, on the counter's 1366×900 screen and on a 390×844 phone.
 */
const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const sizeBox = (page: Page) => page.getByLabel('Size or product search');

/** Presses `key` until `target` has the focus (at most `limit` times): the way a keyboard user gets somewhere. */
async function pressUntilFocused(page: Page, key: string, target: Locator, limit = 80) {
  for (let press = 0; press < limit; press += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press(key);
  }
  await expect(target).toBeFocused();
}

async function expectInViewport(page: Page, target: Locator) {
  const box = await target.boundingBox();
  const viewport = page.viewportSize();
  expect(box).not.toBeNull();
  expect(viewport).not.toBeNull();
  if (!box || !viewport) return;
  expect(box.y).toBeGreaterThanOrEqual(0);
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
  expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
}

/** A screenshot of what is on screen (not the whole page): what the counter sees without scrolling. */
async function screen(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

for (const { label, viewport } of [
  { label: 'counter 1366×900', viewport: { width: 1366, height: 900 } },
  { label: 'phone 390×844', viewport: { width: 390, height: 844 } },
]) {
  test.describe(label, () => {
    test.use({ viewport });

    test('the dealer types 2656517 and Enter, sees the first price and Add on screen, adds 4 by keyboard and orders', async ({
      page,
    }, testInfo) => {
      await signIn(page, 'dealer@demo.test');
      await emptyCart(page);
      await page.goto('/tyres');
      // /tyres has the cursor in the size box.
      await expect(sizeBox(page)).toBeFocused();
      await page.keyboard.type('2656517');
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/size=265%2F65R17/);

      const first = results(page).getByRole('article').first();
      await expect(first.getByTestId('product-price')).toBeVisible();
      await expectInViewport(page, first.getByTestId('product-price'));
      await expectInViewport(page, first.getByRole('button', { name: 'Add to Cart' }));
      if (viewport.width < 640) expect((await first.boundingBox())?.y).toBeLessThan(viewport.height / 2);
      await screen(page, testInfo, 'results-after-search');

      // ArrowDown from the size box to the first result, on down to the first that the own warehouses hold 4 of.
      const target = await firstCardWithStock(page, 4);
      const name = (await target.getAttribute('aria-label')) ?? '';
      await expect(sizeBox(page)).toBeFocused();
      await pressUntilFocused(page, 'ArrowDown', target.getByLabel(`Quantity to add of ${name}`), 24);
      await page.keyboard.type('4');
      await page.keyboard.press('Enter');
      await expect(cartButton(page, 4)).toBeVisible();
      // The cursor stays on the line just added: its pill, holding 4.
      await expect(target.getByRole('spinbutton', { name: `Quantity of ${name}` })).toBeFocused();
      await expect(target.getByRole('spinbutton', { name: `Quantity of ${name}` })).toHaveValue('4');
      await screen(page, testInfo, 'four-added');

      // On to the cart and the checkout, still by keyboard.
      await pressUntilFocused(page, 'Shift+Tab', cartButton(page, 4));
      await page.keyboard.press('Enter');
      const checkoutLink = page.getByRole('dialog', { name: 'Cart' }).getByRole('link', { name: 'Checkout' });
      await pressUntilFocused(page, 'Tab', checkoutLink);
      await page.keyboard.press('Enter');
      await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Items' }).getByRole('listitem', { name })).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Trading Account' })).toBeChecked();
      const placeOrder = page.getByRole('button', { name: 'Place Order' });
      await expect(placeOrder).toBeEnabled();
      await pressUntilFocused(page, 'Tab', placeOrder, 120);
      await page.keyboard.press('Enter');
      await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
      await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
      await screen(page, testInfo, 'success');
    });
  });
}

test('the list view shows at least 10 products above the fold at 1366×900, one row each', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await page.goto('/tyres?size=265%2F65R17&view=list');
  const rows = results(page).getByRole('article');
  await expect(rows.nth(9)).toBeVisible();
  const boxes = await rows.evaluateAll((articles) =>
    articles.map((article) => article.getBoundingClientRect().toJSON() as DOMRect),
  );
  const aboveFold = boxes.filter((box) => box.bottom <= 900);
  expect(aboveFold.length).toBeGreaterThanOrEqual(10);
  // One row each: every row is one line high, and carries price, local and total stock, quantity and Add.
  for (const box of aboveFold) expect(box.height).toBeLessThan(56);
  const firstRow = rows.first();
  await expect(firstRow.getByTestId('product-price')).toBeVisible();
  await expect(firstRow.getByRole('button', { name: /stock by warehouse for/ })).toBeVisible();
  await expect(firstRow.getByText(/^Local stock/)).toHaveCount(1);
  await expect(firstRow.getByRole('textbox', { name: /^Quantity to add of / })).toBeVisible();
  await screen(page, testInfo, 'list-view');

  // The arrows walk the rows: from the size box to the first row, down to the second, back up to the first.
  await emptyCart(page);
  await page.reload();
  const quantityOf = (row: Locator) => row.getByRole('textbox', { name: /^Quantity to add of / });
  await expect(sizeBox(page)).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(quantityOf(rows.nth(0))).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(quantityOf(rows.nth(1))).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(quantityOf(rows.nth(0))).toBeFocused();
});

test("in the list view a number typed in a row's quantity box and Enter adds that many to the cart", async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  await page.goto('/tyres?size=265%2F65R17&view=list');
  // A row's stock reads from its warehouse button's name ('55 interstate: stock by warehouse for …'): the first held 3 times.
  const rows = results(page).getByRole('article');
  await expect(rows.first()).toBeVisible();
  const held = async (row: Locator) => {
    const label = (await row.getByRole('button', { name: /stock by warehouse for/ }).getAttribute('aria-label')) ?? '';
    return [...label.matchAll(/(\d+) (?:local|interstate)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
  };
  let row = rows.first();
  for (const candidate of await rows.all()) {
    if ((await held(candidate)) < 3) continue;
    row = candidate;
    break;
  }
  expect(await held(row)).toBeGreaterThanOrEqual(3);
  const name = (await row.getAttribute('aria-label')) ?? '';
  const quantity = row.getByRole('textbox', { name: `Quantity to add of ${name}` });
  await expect(sizeBox(page)).toBeFocused();
  await pressUntilFocused(page, 'ArrowDown', quantity, 24);
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(cartButton(page, 3)).toBeVisible();
  await screen(page, testInfo, 'list-view-three-added');
});

test("'/' puts the cursor in the size box from anywhere in the catalogue, and the customer's home starts with it", async ({
  page,
}) => {
  await signIn(page, 'dealer@demo.test');
  await page.goto('/home');
  const homeBox = page.getByLabel('Tyre size or product search');
  await expect(homeBox).toBeFocused();
  await page.keyboard.type('2656517');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tyres\?size=265%2F65R17/);
  await expect(results(page).getByRole('article').first()).toBeVisible();

  await page.getByRole('heading', { level: 1, name: 'Tyres' }).click();
  await expect(sizeBox(page)).not.toBeFocused();
  await page.keyboard.press('/');
  await expect(sizeBox(page)).toBeFocused();
  // While typing elsewhere, '/' is a character, not a shortcut.
  await page.keyboard.type('LT/');
  await expect(sizeBox(page)).toHaveValue('LT/');

  // While a tyre's page is still loading, the search page stays on screen; '/' goes by the address all the same.
  let releaseDetails = () => {};
  const detailsHeld = new Promise<void>((resolve) => {
    releaseDetails = resolve;
  });
  await page.route('**/yhi/api/TyrePublic/Details**', async (route) => {
    await detailsHeld;
    await route.continue();
  });
  const firstTyre = () => results(page).getByRole('article').first().getByRole('link').first();
  await firstTyre().click();
  await expect(page).toHaveURL(/\/tyres\/[^?]+$/);
  await page.keyboard.press('/');
  await expect(page).toHaveURL(/\/tyres$/);
  await expect(sizeBox(page)).toBeFocused();
  releaseDetails();
  await page.unrouteAll({ behavior: 'wait' });

  // From a tyre's own page '/' opens the search with the cursor in the box.
  await page.keyboard.type('2656517');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/tyres\?size=265%2F65R17/);
  await firstTyre().click();
  await expect(page).toHaveURL(/\/tyres\/[^?]+$/);
  // The tyre's page is shown once the search page, and its box, are gone.
  await expect(sizeBox(page)).toHaveCount(0);
  await page.keyboard.press('/');
  await expect(page).toHaveURL(/\/tyres$/);
  await expect(sizeBox(page)).toBeFocused();
});
