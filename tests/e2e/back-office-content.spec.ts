import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, addTyres, emptyCart, openCheckout, signIn } from './support/checkout-steps';
import { docsScreenshot } from './support/docs-screenshot';

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
  await docsScreenshot(page, 'notifications');

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

/**
 * Content staff add a discount code, refused first without its fields, and a signed-in dealer applies it at the
 * checkout, typed in lower case, and sees its discount in the order summary. The code and the dealer's cart are
 * cleared afterwards (the code deleted, asked again first), as the other specs expect of the demo data.
 */
test('content adds a discount code and the dealer gets its discount at the checkout', async ({ page, browser }) => {
  const code = `E2E${Date.now()}`;
  await signInAsContent(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Discount codes' }).click();
  await expect(page.getByRole('region', { name: 'Discount codes' })).toBeVisible();

  const form = page.getByRole('form', { name: 'Add the discount code' });
  await form.getByRole('button', { name: 'Add the discount code' }).click();
  await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByText('Enter a percentage')).toBeVisible();

  await form.getByLabel('Code').fill(code.toLowerCase());
  await form.getByLabel('Label').fill('End-to-end 10% off');
  await form.getByLabel('Percentage off').fill('10');
  await form.getByLabel('Uses per account').fill('3');
  await form.getByRole('button', { name: 'Add the discount code' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Added ${code}.` })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: code });
  await expect(row.getByRole('cell')).toHaveText([
    'End-to-end 10% off',
    '10%',
    'Open',
    'Open',
    '0 / no limit',
    '3',
    'Yes',
    /Edit/,
  ]);
  await docsScreenshot(page, 'discount-codes');

  const dealer = await browser.newPage();
  try {
    await signIn(dealer, 'dealer@demo.test');
    await emptyCart(dealer);
    await addTyres(dealer, 1);
    await openCheckout(dealer);
    await dealer.getByLabel('Discount code').fill(code.toLowerCase());
    await dealer.getByRole('button', { name: 'Apply' }).click();
    await expect(dealer.getByText(`Code applied: ${code}`)).toBeVisible();
    await expect(dealer.getByRole('region', { name: 'Order summary' })).toContainText(`Discount (code ${code})`);
  } finally {
    await emptyCart(dealer);
    await dealer.close();
    await row.getByRole('button', { name: `Delete ${code}` }).click();
    await page.getByRole('button', { name: `Yes, delete ${code}` }).click();
    await expect(page.getByRole('row').filter({ hasText: code })).toHaveCount(0);
  }
});

/**
 * Content staff change the home page's promotion banner (its picture's text and its link) and a visitor sees the
 * change on /home within seconds; the banner's text and link are put back afterwards, as the other specs expect of the
 * demo data.
 */
test('content changes the promotion banner and a visitor sees it on the home page', async ({ page, browser }) => {
  const alternateText = `Winter wheel sale (${Date.now()})`;
  await signInAsContent(page);
  await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Home page' }).click();
  const form = page.getByRole('form', { name: 'Save the banner' });
  const textField = form.getByLabel('Text for the picture');
  const linkField = form.getByLabel('Link');
  await expect(textField).not.toHaveValue('');
  const before = { text: await textField.inputValue(), link: await linkField.inputValue() };

  await linkField.fill('https://elsewhere.test/');
  await form.getByRole('button', { name: 'Save the banner' }).click();
  await expect(form.getByText('Enter a page of the shop, starting with /')).toBeVisible();

  await textField.fill(alternateText);
  await linkField.fill('/wheels');
  await form.getByRole('button', { name: 'Save the banner' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved the banner.' })).toBeVisible();

  try {
    const visitor = await browser.newPage();
    await visitor.goto('/home');
    const promotion = visitor.getByRole('region', { name: 'Current promotion' });
    await expect(promotion.getByRole('img', { name: alternateText })).toBeVisible({ timeout: 20_000 });
    await expect(promotion.getByRole('link')).toHaveAttribute('href', '/wheels');
    await visitor.close();
  } finally {
    const restore = page.getByRole('form', { name: 'Save the banner' });
    await expect(restore.getByLabel('Text for the picture')).toHaveValue(alternateText);
    await restore.getByLabel('Text for the picture').fill(before.text);
    await restore.getByLabel('Link').fill(before.link);
    await restore.getByRole('button', { name: 'Save the banner' }).click();
    await expect(page.getByRole('img', { name: before.text }).first()).toBeVisible();
  }
});
