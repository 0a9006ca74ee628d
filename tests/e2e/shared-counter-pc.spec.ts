import { type Page, expect, test } from '@playwright/test';

/**
 * A trade counter PC shared by several people in one tab: nothing of one customer may show to the next. Every
 * sign-in and sign-out below happens inside the running app (links and menus, no page load), so whatever the
 * browser cached for the previous person is still there unless the session emptied it.
 */
const PASSWORD = 'Demo!2345';
const TYRE_SEARCH = '265/65R17';

const cartButton = (page: Page, count: number) =>
  page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });
const flyout = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu for / });
const firstTyre = (page: Page) => page.getByRole('region', { name: 'Results' }).getByRole('article').first();

async function emptyCartOf(page: Page, email: string) {
  const status = await page.evaluate(
    async ({ email, password }) => {
      const login = await fetch('/yhi/api/Authenticate/Login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      const { token } = (await login.json()) as { token: string };
      return (await fetch('/yhi/api/Cart/Clear', { method: 'POST', headers: { Authorization: `Bearer ${token}` } }))
        .status;
    },
    { email, password: PASSWORD },
  );
  expect(status).toBe(200);
}

/** From any page of the running app: the header's Login link, then the form (no page load). */
async function signInInApp(page: Page, email: string, name: string) {
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(accountMenu(page)).toHaveAccessibleName(new RegExp(`^Account menu for ${name}`));
}

async function signOutInApp(page: Page) {
  await accountMenu(page).click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
}

async function searchTyresInApp(page: Page) {
  await page.getByRole('link', { name: 'Tyres', exact: true }).first().click();
  const box = page.getByLabel('Size or product search');
  await box.fill(TYRE_SEARCH);
  await box.press('Enter');
  await expect(firstTyre(page)).toBeVisible();
}

test('one tab, three people: a dealer, a retailer and staff acting for each see only their own cart', async ({
  page,
}) => {
  await page.goto('/home');
  await emptyCartOf(page, 'dealer@demo.test');
  await emptyCartOf(page, 'retailer@demo.test');

  // The dealer adds two tyres and looks at them in the flyout: the header count and the cart are cached now.
  await signInInApp(page, 'dealer@demo.test', 'Dana Dealer');
  await searchTyresInApp(page);
  const tyre = (await firstTyre(page).getAttribute('aria-label')) ?? '';
  await firstTyre(page).getByRole('button', { name: 'Add to Cart' }).click();
  await firstTyre(page)
    .getByRole('spinbutton', { name: `Quantity of ${tyre}` })
    .fill('2');
  await expect(cartButton(page, 2)).toBeVisible();
  await cartButton(page, 2).click();
  await expect(flyout(page)).toContainText(tyre);
  await page.keyboard.press('Escape');
  await signOutInApp(page);
  await expect(cartButton(page, 2)).toHaveCount(0);

  // The retailer signs in on the same tab: an empty cart, the retailer's own name and prices.
  await signInInApp(page, 'retailer@demo.test', 'Riley Retailer');
  await expect(accountMenu(page)).toContainText('C10002');
  await expect(cartButton(page, 0)).toBeVisible();
  await cartButton(page, 0).click();
  await expect(flyout(page)).toContainText('Your Cart is Empty');
  await expect(flyout(page)).not.toContainText(tyre);
  await page.keyboard.press('Escape');
  await searchTyresInApp(page);
  const shownInTab = await firstTyre(page).innerText();
  // What a fresh page load shows the retailer, with nothing left over from anyone.
  await page.reload();
  await expect(firstTyre(page)).toBeVisible();
  expect(await firstTyre(page).innerText()).toBe(shownInTab);
  await signOutInApp(page);

  // Staff act as the dealer (the dealer's two tyres), return to staff, then act as the retailer.
  await page.getByRole('link', { name: 'Login', exact: true }).click();
  await page.getByRole('link', { name: 'Staff sign in' }).click();
  await page.getByLabel('Email').fill('staff@demo.test');
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  const actAs = async (code: string, name: string) => {
    await page.getByLabel('Account code or name').fill(code);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByRole('button', { name: new RegExp(`^Act as .*\\(${code}\\)$`) }).click();
    await expect(page.getByRole('region', { name: 'Acting as a customer' })).toContainText(`Sam Staff acting as`);
    await expect(page.getByRole('region', { name: 'Acting as a customer' })).toContainText(`(${code}, ${name})`);
  };
  await actAs('C10001', 'Dana Dealer');
  await expect(cartButton(page, 2)).toBeVisible();
  await cartButton(page, 2).click();
  await expect(flyout(page)).toContainText(tyre);
  await page.keyboard.press('Escape');
  await page
    .getByRole('region', { name: 'Acting as a customer' })
    .getByRole('button', { name: 'Return to staff' })
    .click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);

  await actAs('C10002', 'Riley Retailer');
  await expect(cartButton(page, 0)).toBeVisible();
  await cartButton(page, 0).click();
  await expect(flyout(page)).toContainText('Your Cart is Empty');
  await expect(flyout(page)).not.toContainText(tyre);
});
