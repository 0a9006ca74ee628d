import { type Locator, type Page, type TestInfo, expect, test } from '@playwright/test';

/**
 * The cart with demo data (src/server/seed): a Grid GD-01 17x9 6x139.7 -12 fits a Ford Ranger PX3 XLT
 * (6x139.7, 93.1 mm hub, offsets -25 to 30, 16-20", 7-9J; wheel-fitment.ts) and the dealer's warehouses hold
 * M12x1.5 conical nuts and McGard locks for it. A Dynamic Crossfire 16x7 6x139.7 does not fit a Ford Mustang
 * S550 GT (5x114.3), so that pair is forced.
 */
const FITTING_WHEEL = 'Grid GD-01 17x9 6x139.7 -12 Matte Black';
const OTHER_WHEEL = 'Dynamic Crossfire 16x7 6x139.7 +10 Machined Black';

async function signInAsDealer(page: Page) {
  await page.goto('/login?returnUrl=/wheels');
  await page.getByLabel('Email').fill('dealer@demo.test');
  await page.getByLabel('Password').fill('Demo!2345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/wheels$/);
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
}

/** Every repetition starts from an empty cart, whatever an earlier run left behind. */
async function emptyCartThroughApi(page: Page) {
  const status = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('yhi.session') ?? '{}') as { token?: string };
    const answer = await fetch('/yhi/api/Cart/Clear', {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token ?? ''}` },
    });
    return answer.status;
  });
  expect(status).toBe(200);
  await page.reload();
}

const cartButton = (page: Page, count: number) =>
  page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });
const flyout = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const wizard = (page: Page) => flyout(page).getByRole('region', { name: 'Wheel accessories' });

async function addFourFromSearch(page: Page, search: string, name: string, countAfter: number) {
  await page.goto('/wheels');
  await page.getByRole('searchbox', { name: 'Search wheels' }).fill(search);
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = page.getByRole('region', { name: 'Results' }).getByRole('article', { name, exact: true }).first();
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const quantity = card.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await expect(quantity).toHaveValue('1');
  await quantity.fill('4');
  await expect(cartButton(page, countAfter)).toBeVisible();
}

async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: false });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

async function pickVehicle(panel: Locator, make: string, model: string, series: string) {
  await expect(panel.getByRole('option', { name: make })).toBeAttached();
  await panel.getByRole('combobox', { name: 'Make' }).selectOption({ label: make });
  await expect(panel.getByText('Please select a model')).toBeVisible();
  await expect(panel.getByRole('option', { name: model, exact: true })).toBeAttached();
  await panel.getByRole('combobox', { name: 'Model' }).selectOption({ label: model });
  await expect(panel.getByText('Please select a series')).toBeVisible();
  await panel.getByRole('combobox', { name: 'Series' }).selectOption({ label: series });
}

test('a dealer fills the cart, is walked through the wheel accessories wizard, edits, changes quantities and empties it', async ({
  page,
}, testInfo) => {
  await signInAsDealer(page);
  await emptyCartThroughApi(page);

  // Four wheels that fit, through the wizard: intro, vehicle, accessories.
  await addFourFromSearch(page, 'Grid GD-01', FITTING_WHEEL, 4);
  await cartButton(page, 4).click();
  await expect(wizard(page)).toContainText('1 wheel line needs a vehicle');
  await snapshot(page, testInfo, 'wizard-1-intro');
  await wizard(page).getByRole('button', { name: 'Next' }).click();

  await expect(wizard(page)).toContainText('Item 1 of 1');
  await expect(wizard(page)).toContainText(FITTING_WHEEL);
  await expect(wizard(page).getByText('Please select a make')).toBeVisible();
  await expect(wizard(page).getByRole('button', { name: 'Next' })).toBeDisabled();
  await snapshot(page, testInfo, 'wizard-2-vehicle');
  await pickVehicle(wizard(page), 'Ford', 'Ranger', 'PX3 XLT');
  await expect(wizard(page).getByRole('button', { name: 'Next' })).toBeEnabled();
  await snapshot(page, testInfo, 'wizard-3-vehicle-chosen');
  await wizard(page).getByRole('button', { name: 'Next' }).click();

  const nuts = wizard(page).getByRole('group', { name: 'Wheel Nuts' });
  const locks = wizard(page).getByRole('group', { name: 'Wheel Locks' });
  await expect(nuts.getByRole('radio', { name: /Use existing/ })).toBeChecked();
  const nut = nuts.getByRole('radio', { name: /Conical Nut M12x1\.5.* × 24/ }).first();
  const lock = locks.getByRole('radio', { name: /McGard .*M12x1\.5.* × 1/ }).first();
  const nutName = ((await nut.locator('xpath=..').textContent()) ?? '').split(' × ')[0] ?? '';
  const lockName = ((await lock.locator('xpath=..').textContent()) ?? '').split(' × ')[0] ?? '';
  await nut.check();
  await lock.check();
  await expect(nut).toBeChecked();
  await snapshot(page, testInfo, 'wizard-4-accessories');
  await wizard(page).getByRole('button', { name: 'Next' }).click();

  const fittingLine = flyout(page).getByRole('listitem', { name: FITTING_WHEEL });
  await expect(fittingLine).toContainText('Ford Ranger PX3 XLT');
  await expect(fittingLine).toContainText(`${nutName} × 24`);
  await expect(fittingLine).toContainText(`${lockName} × 1`);
  await snapshot(page, testInfo, 'wizard-5-cart');
  await page.keyboard.press('Escape');
  await expect(flyout(page)).toBeHidden();

  // A second wheel line forced onto a vehicle it does not fit.
  await addFourFromSearch(page, 'Dynamic Crossfire', OTHER_WHEEL, 8);
  await cartButton(page, 8).click();
  await expect(wizard(page)).toContainText('1 wheel line needs a vehicle');
  await wizard(page).getByRole('button', { name: 'Next' }).click();
  await expect(wizard(page)).toContainText(OTHER_WHEEL);
  await pickVehicle(wizard(page), 'Ford', 'Mustang', 'S550 GT');
  await wizard(page).getByRole('button', { name: 'Next' }).click();
  await expect(wizard(page).getByRole('alert')).toContainText('does not fit the selected vehicle');
  await expect(wizard(page)).toContainText('Item 1 of 1');
  await snapshot(page, testInfo, 'wizard-6-incompatible-warning');
  // SPEC.md §4: CompleteIncompatible proceeds without accessories and closes the flyout.
  await wizard(page).getByRole('button', { name: 'Next' }).click();
  await expect(flyout(page)).toBeHidden();
  await cartButton(page, 8).click();
  const forcedLine = flyout(page).getByRole('listitem', { name: OTHER_WHEEL });
  await expect(forcedLine).toContainText('Ford Mustang S550 GTIncompatible Vehicle');
  await expect(forcedLine).toContainText('AccessoriesNone Supplied');
  await expect(forcedLine.getByRole('button', { name: `Edit accessories of ${OTHER_WHEEL}` })).toBeDisabled();

  // Editing the forced line's vehicle starts from the vehicle it has.
  await forcedLine.getByRole('button', { name: `Edit vehicle of ${OTHER_WHEEL}` }).click();
  await expect(wizard(page)).toContainText('Item 1 of 1');
  await expect(wizard(page).getByRole('combobox', { name: 'Series' })).toHaveValue(/\d+/);
  await expect(wizard(page).getByRole('combobox', { name: 'Make' }).locator('option:checked')).toHaveText('Ford');
  await expect(wizard(page).getByRole('combobox', { name: 'Model' }).locator('option:checked')).toHaveText('Mustang');
  await expect(wizard(page).getByRole('combobox', { name: 'Series' }).locator('option:checked')).toHaveText('S550 GT');
  await expect(wizard(page).getByRole('button', { name: 'Back' })).toHaveCount(0);
  await snapshot(page, testInfo, 'wizard-7-edit-vehicle');
  await page.keyboard.press('Escape');
  await expect(flyout(page)).toBeHidden();

  // Later, the accessories of the fitting line from the flyout: opens at step 2 with the saved choice, Save.
  await cartButton(page, 8).click();
  await flyout(page)
    .getByRole('button', { name: `Edit accessories of ${FITTING_WHEEL}` })
    .click();
  await expect(wizard(page)).toContainText('Item 1 of 1');
  // Pack variants of the nut start with its name; the quantity after it tells the chosen one.
  await expect(
    nuts.getByRole('radio', { name: new RegExp(`^${nutName.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} × 24`) }),
  ).toBeChecked();
  await locks.getByRole('radio', { name: /No locks/ }).check();
  await snapshot(page, testInfo, 'wizard-8-edit-accessories');
  await wizard(page).getByRole('button', { name: 'Save' }).click();
  await expect(fittingLine).toContainText(`${nutName} × 24`);
  await expect(fittingLine).not.toContainText(lockName);

  // Rapid clicks on the pill: one Cart/Update after the 500 ms pause.
  const updates: string[] = [];
  page.on('request', (request) => {
    if (/\/yhi\/api\/cart\/update$/i.test(new URL(request.url()).pathname)) updates.push(request.postData() ?? '');
  });
  const increase = fittingLine.getByRole('button', { name: `Increase quantity of ${FITTING_WHEEL}` });
  const answered = page.waitForResponse((response) =>
    /\/yhi\/api\/cart\/update$/i.test(new URL(response.url()).pathname),
  );
  await increase.click();
  await increase.click();
  await increase.click();
  await answered;
  await expect(fittingLine.getByRole('spinbutton', { name: `Quantity of ${FITTING_WHEEL}` })).toHaveValue('7');
  // Longer than the debounce: a second request would have left by now.
  await page.waitForTimeout(1_000);
  expect(updates).toHaveLength(1);
  expect(JSON.parse(updates[0] ?? '{}')).toMatchObject({ quantity: 7 });

  // Delete one line with the confirmation.
  await forcedLine.getByRole('button', { name: `Delete ${OTHER_WHEEL}` }).click();
  const question = page.getByRole('alertdialog');
  await expect(question).toContainText('Are you sure you wish to delete this item from your cart?');
  await question.getByRole('button', { name: 'Yes, Delete' }).click();
  await expect(forcedLine).toHaveCount(0);
  await expect(fittingLine).toBeVisible();

  // Empty the cart.
  await flyout(page).getByRole('button', { name: 'Remove All Items' }).click();
  const removeAll = page.getByRole('alertdialog');
  await expect(removeAll).toContainText('Are you sure you wish to remove all items from your cart?');
  await removeAll.getByRole('button', { name: 'Yes, Remove All' }).click();
  await expect(flyout(page).getByText('Your Cart is Empty')).toBeVisible();
  await snapshot(page, testInfo, 'cart-empty');
});
