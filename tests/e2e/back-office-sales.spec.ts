import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, addTyres, emptyCart, signIn } from './support/checkout-steps';
import { linkMailedTo } from './support/mailed-link';
import { docsScreenshot } from './support/docs-screenshot';

/**
 * Sales open a new trade account and invite its first user, who chooses a password through the mailed link and
 * signs in; the member never sees or sets the password.
 */
test('sales create an account and invite a user, who sets a password and signs in', async ({ page, browser }) => {
  const suffix = Date.now().toString(36).toUpperCase();
  const accountCode = `E2E${suffix}`;
  const email = `buyer-${suffix.toLowerCase()}@sales-e2e.test`;

  await page.goto('/staff/login');
  await page.getByLabel('Email').fill('sales@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByRole('button', { name: 'Add an account' }).click();
  const create = page.getByRole('form', { name: 'Create the account' });
  await create.getByLabel(/^Account code/).fill(accountCode);
  await create.getByLabel(/^Trading name/).fill('Echuca Tyre Depot');
  await create.getByLabel(/^State/).selectOption('VIC');
  await create.getByLabel(/^Contact name/).fill('Eddie Depot');
  await create.getByRole('button', { name: 'Create the account' }).click();
  await expect(page.getByRole('heading', { name: /Echuca Tyre Depot/ })).toBeVisible();

  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByLabel(/^Name/).fill('Bo Buyer');
  await invite.getByLabel(/^Email/).fill(email);
  await invite.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Invitation sent to ${email}.` })).toBeVisible();
  const users = page.getByRole('table', { name: 'Users of Echuca Tyre Depot' });
  await expect(users.getByRole('row', { name: /Bo Buyer/ })).toContainText('Invited, no password yet');
  await docsScreenshot(page, 'users');

  await expect.poll(() => linkMailedTo(email, '/reset-password'), { timeout: 30_000 }).not.toBeNull();
  const link = new URL(linkMailedTo(email, '/reset-password') ?? '');
  const buyer = await browser.newPage();
  await buyer.goto(`${link.pathname}${link.search}`);
  const choose = buyer.getByRole('form', { name: 'Choose your password' });
  await expect(choose).toContainText(email);
  await choose.getByLabel('New password', { exact: true }).fill('Echuca!2345');
  await choose.getByLabel('Confirm new password').fill('Echuca!2345');
  await choose.getByRole('button', { name: 'Set password' }).click();
  await expect(buyer.getByRole('status')).toContainText('Sign in with the new password');
  await buyer.getByRole('link', { name: 'Go to login' }).click();
  await buyer.getByLabel('Email').fill(email);
  await buyer.getByLabel('Password').fill('Echuca!2345');
  await buyer.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(buyer).toHaveURL(/\/home$/);
  await buyer.close();

  await page.reload();
  await expect(page.getByRole('table', { name: 'Users of Echuca Tyre Depot' })).toContainText('Active');
});

/** A dealer places an order; sales find it by its number among every account's orders and open it. */
test('sales search an order by its number and open it', async ({ page, browser }) => {
  const dealer = await browser.newPage();
  await signIn(dealer, 'dealer@demo.test');
  await emptyCart(dealer);
  await addTyres(dealer, 1);
  await dealer.goto('/checkout');
  await dealer.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Place Order' }).click();
  await expect(dealer).toHaveURL(/\/checkout\/success\/\d+$/);
  const orderNumber = /\/checkout\/success\/(\d+)$/.exec(dealer.url())?.[1] ?? '';
  await dealer.close();

  await page.goto('/staff/login');
  await page.getByLabel('Email').fill('sales@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Orders' }).click();
  const find = page.getByRole('search', { name: 'Find orders' });
  await find.getByLabel('Search').fill(orderNumber);
  await find.getByLabel('Search').press('Enter');
  // The search lives in the URL (the router writes it JSON-quoted, as a string of digits).
  await expect(page).toHaveURL(new RegExp(`search=(%22)?${orderNumber}`));
  const found = page.getByRole('table', { name: /^Orders found/ });
  await expect(found.getByRole('link', { name: `Order ${orderNumber}` })).toBeVisible();
  await docsScreenshot(page, 'orders');
  await found.getByRole('link', { name: `Order ${orderNumber}` }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order details' })).toBeVisible();
  await expect(page.getByRole('link', { name: /\(C\d+\)/ })).toBeVisible();
});
