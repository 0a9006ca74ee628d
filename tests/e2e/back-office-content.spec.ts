import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, signIn } from './support/checkout-steps';

async function signInAsContent(page: Page) {
  await page.goto('/staff/login');
  await page.getByLabel('Email').fill('content@demo.test');
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

/**
 * Content staff schedule a notification starting now, previewed in the bar as typed, and a signed-in dealer sees it in
 * the notification bar; it is deleted afterwards (asked again first), as the other specs expect of the demo data.
 */
test('content schedules a notification starting now and the dealer sees it in the bar', async ({ page, browser }) => {
  const text = `Same-day dispatch until 4 pm this week (${Date.now()})`;
  await signInAsContent(page);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await expect(nav.getByRole('link', { name: 'Accounts' })).toHaveCount(0);
  await nav.getByRole('link', { name: 'Notifications' }).click();
  await expect(page.getByRole('region', { name: 'Notifications of the bar' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Schedule the notification' });
  await form.getByRole('button', { name: 'Schedule the notification' }).click();
  await expect(form.getByText('Enter the text')).toBeVisible();
  await expect(form.getByLabel('Text')).toHaveAttribute('aria-invalid', 'true');

  await form.getByLabel('Text').fill(text);
  await expect(page.getByRole('region', { name: 'Preview of the notification bar' })).toContainText(text);
  await form.getByRole('button', { name: 'Start now' }).click();
  await form.getByLabel('Sort order').fill('0');
  await form.getByLabel('Seconds to display').fill('30');
  await form.getByRole('button', { name: 'Schedule the notification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Scheduled.' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: text });
  await expect(row.getByRole('cell').nth(5)).toHaveText('Yes');
  await page.screenshot({ path: 'docs/back-office/notifications.png', fullPage: true });

  try {
    const dealer = await browser.newPage();
    await signIn(dealer, 'dealer@demo.test');
    await dealer.goto('/home');
    await expect(dealer.getByRole('region', { name: 'Notifications' })).toContainText(text, { timeout: 20_000 });
    await dealer.close();
  } finally {
    await row.getByRole('button', { name: `Delete “${text}”` }).click();
    await page.getByRole('button', { name: `Yes, delete “${text}”` }).click();
    await expect(page.getByRole('row').filter({ hasText: text })).toHaveCount(0);
  }
});
