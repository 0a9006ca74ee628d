import { readFile } from 'node:fs/promises';
import { type Page, type TestInfo, expect, test } from '@playwright/test';

/**
 * My account with the demo data (src/server/seed/seed-invoice-history.ts): the dealer (C10001) owes about the last
 * month's invoices plus two overdue ones, so each repetition can pay one; the restricted sales retailer (C10002) has
 * no Payment tab.
 */
async function signIn(page: Page, email: string) {
  await page.goto('/login?returnUrl=/my-account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Demo!2345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/my-account$/);
}

/** '$1,234.56' → 123456. */
function cents(amount: string | null): number {
  return Math.round(Number((amount ?? '').replace(/[^0-9.-]/g, '')) * 100);
}

const tabs = (page: Page) => page.getByRole('navigation', { name: 'My account' });
const usedFigure = (page: Page) =>
  page.getByTestId('credit-summary').getByText('Used').locator('xpath=following-sibling::dd');

async function keepScreenshot(page: Page, testInfo: TestInfo, name: string, target = page.locator('body')) {
  const path = testInfo.outputPath(`${name}.png`);
  await target.screenshot({ path });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

test('a dealer edits details, sees the sales charts, opens and downloads an invoice, and pays one through the sandbox', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');

  // Details: a new phone number each run, saved with a confirmation.
  const form = page.getByRole('form', { name: 'Account details' });
  const phone = `03 9555 ${1000 + (Math.floor(Date.now() / 1000) % 9000)}`;
  await form.getByLabel('Phone').fill(phone);
  await form.getByRole('button', { name: 'Save details' }).click();
  await expect(form.getByText('Your account details have been saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('form', { name: 'Account details' }).getByLabel('Phone')).toHaveValue(phone);

  // Sales: three charts with their tables beside them.
  const sales = page.getByRole('region', { name: 'Your purchases, last 12 months' });
  await expect(sales.getByTestId('sales-chart')).toHaveCount(3);
  for (const chart of await sales.getByTestId('sales-chart').all()) {
    await expect(chart.locator('.recharts-bar-rectangle').first()).toBeVisible();
  }
  await expect(sales.getByRole('table', { name: /Purchases by month/ }).getByRole('row')).toHaveCount(13);
  await sales.scrollIntoViewIfNeeded();
  await keepScreenshot(page, testInfo, 'sales-charts', sales);

  // Invoices: open the newest, then its PDF.
  await tabs(page).getByRole('link', { name: 'Invoices' }).click();
  const invoices = page.getByRole('table', { name: /Invoices, page 1 of/ });
  const firstInvoice = invoices.getByRole('rowheader').first().getByRole('button');
  const invoiceNumber = (await firstInvoice.textContent()) ?? '';
  await firstInvoice.click();
  const dialog = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
  await expect(dialog.getByRole('group', { name: 'Invoice totals' })).toContainText('GST');
  await keepScreenshot(page, testInfo, 'invoice-dialog', dialog);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`YHI-invoice-${invoiceNumber}.pdf`);
  const pdf = await readFile(await download.path());
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.byteLength).toBeGreaterThan(1_000);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Payment: pay the outstanding invoice due last and see the balance drop by what it owed.
  await tabs(page).getByRole('link', { name: 'Payment' }).click();
  const outstanding = page.getByRole('table', { name: /Outstanding invoices/ });
  await expect(outstanding.getByRole('row').nth(1)).toBeVisible();
  const usedBefore = cents(await usedFigure(page).textContent());
  const row = outstanding.getByRole('row').last();
  const owed = cents(await row.getByRole('cell').nth(3).textContent());
  expect(owed).toBeGreaterThan(0);
  await row.getByRole('checkbox').check();
  await expect(page.getByTestId('selection-total')).toHaveText(
    (await row.getByRole('cell').nth(3).textContent()) ?? '',
  );
  await page.getByRole('button', { name: 'Pay selected' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment page' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/my-account\/payment\?paid=/);
  await expect(page.getByText('Payment received. Thank you!')).toBeVisible();
  await expect.poll(async () => cents(await usedFigure(page).textContent())).toBe(usedBefore - owed);
  await keepScreenshot(page, testInfo, 'payment-return', page.locator('main'));
});

test('a restricted sales retailer has no Payment tab and /my-account/payment refuses', async ({ page }) => {
  await signIn(page, 'retailer@demo.test');
  await expect(tabs(page).getByRole('link')).toHaveText([
    'Details',
    'Orders',
    'Invoices',
    'Returns and claims',
    'Quotes',
    'Users',
    'Profile',
  ]);
  await page.goto('/my-account/payment');
  await expect(page.getByText('Payments are not made online for this account.', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay selected' })).toHaveCount(0);
  await expect(page.getByTestId('credit-summary')).toHaveCount(0);
});
