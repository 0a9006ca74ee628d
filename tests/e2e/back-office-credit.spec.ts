import { type Page, expect, test } from '@playwright/test';
import { CREDIT_LIMIT_REACHED } from '../../src/contract/checkout';
import { DEMO_PASSWORD, addTyres, emptyCart, openCheckout, signIn } from './support/checkout-steps';
import { docsScreenshot } from './support/docs-screenshot';

async function openOnHoldAccount(page: Page) {
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Accounts' }).click();
  await page.getByLabel('Account code, name, contact or email').fill('C10003');
  await page.getByRole('button', { name: 'Find' }).click();
  await page.getByRole('link', { name: 'C10003' }).click();
  await expect(page.getByRole('heading', { name: /Harbour City Auto/ })).toBeVisible();
}

async function setLimit(page: Page, dollars: string) {
  const credit = page.getByRole('form', { name: 'Credit' });
  await credit.getByLabel('Credit limit (AUD)').fill(dollars);
  await credit.getByRole('button', { name: 'Save credit' }).click();
  await expect(credit.getByRole('status')).toHaveText('Saved.');
}

/**
 * Credit staff raise the limit of the account on credit hold (demo C10003, limit $0), and its buyer can then order on
 * Trading Account; the limit goes back to $0 afterwards, as the other specs expect of the demo data.
 */
test('credit raises a limit and the on-hold dealer can then pay on Trading Account', async ({ page, browser }) => {
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill('credit@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
  // Credit staff see the parts of the back office for their role only.
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Accounts' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Audit' })).toHaveCount(0);
  await openOnHoldAccount(page);
  try {
    await setLimit(page, '20000.00');
    await expect(page.getByText(/credit limit \$20,000\.00/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Staff changes to this account' })).toContainText('credit@demo.test');
    await docsScreenshot(page, 'accounts');

    const buyer = await browser.newPage();
    await signIn(buyer, 'onhold@demo.test');
    await emptyCart(buyer);
    await addTyres(buyer, 1);
    await openCheckout(buyer);
    await expect(buyer.getByRole('radio', { name: 'Trading Account' })).toBeChecked();
    await expect(buyer.getByText(CREDIT_LIMIT_REACHED)).toHaveCount(0);
    await buyer.getByRole('button', { name: 'Place Order' }).click();
    await expect(buyer).toHaveURL(/\/checkout\/success\/\d+$/);
    await expect(buyer.getByText('Thank you, your order has been placed.')).toBeVisible();
    await buyer.close();
  } finally {
    await setLimit(page, '0.00');
  }
});
