import { expect, test } from '@playwright/test';
import { signIn } from './support/checkout-steps';

/**
 * The counter quotes a walk-in customer: a tyre added to the quote from the catalogue, the quote saved, then printed
 * as the quote alone (no shop header, menus or buttons on paper) and downloaded as a PDF.
 */
test('a counter user builds, prints and downloads a quote for a walk-in customer', async ({ page }) => {
  await signIn(page, 'counter@demo.test');
  await page.goto('/tyres');
  const card = page.getByRole('region', { name: 'Results' }).getByRole('article').first();
  await card.getByRole('button', { name: /^Add .* to quote$/ }).click();
  await card.getByRole('link', { name: 'On the quote' }).click();
  await page.getByRole('textbox', { name: 'Customer’s name' }).fill('Jo Walker');
  await page.getByRole('textbox', { name: 'Vehicle' }).fill('Toyota HiLux 2019');
  await page.getByRole('checkbox', { name: 'Fitting' }).check();
  await page.getByRole('button', { name: 'Save quote' }).click();
  await expect(page.getByText('For Jo Walker')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn into cart' })).toHaveCount(0);

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download PDF' }).click();
  expect((await download).suggestedFilename()).toMatch(/^Quote-Q-\d{4}\.pdf$/);

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText('For Jo Walker')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Quote lines, prices excl. GST' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'My account' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await expect(page.locator('body > div header').first()).toBeHidden();
});
