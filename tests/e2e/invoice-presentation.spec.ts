import { readFile } from 'node:fs/promises';
import { type Locator, type Page, expect, test } from '@playwright/test';
import { pdfText } from '../support/pdf-text';
import {
  cartButton,
  emptyCart,
  firstCardWithStock,
  openCheckout,
  orderDetails,
  signIn,
  snapshot,
} from './support/checkout-steps';

/**
 * Every charge is visible and the invoice adds up, with demo data (src/server/seed): four Grid GD-01 wheels (6x139.7,
 * held in the own warehouses) fitted to a Ford Ranger PX3 XLT with M12x1.5 conical nuts and a McGard lock set (the
 * pair tests/e2e/cart.spec.ts uses).
 */
const RANGER_WHEEL = /^Grid GD-01 .*6x139\.7/;
const flyout = (page: Page) => page.getByRole('dialog', { name: 'Cart' });
const wizard = (page: Page) => flyout(page).getByRole('region', { name: 'Wheel accessories' });

/** '$1,234.50' → 123450. */
const cents = (text: string) => Math.round(Number(text.replace(/[$,]/g, '')) * 100);

/**
 * The accessory rows of the wheel line: the chosen nuts and lock among them (and whatever else the wizard chose, e.g.
 * hub rings), each with quantity × unit price = amount. Answers how many there are.
 */
async function expectPricedAccessories(line: Locator, wheel: string): Promise<number> {
  const rows = line.getByRole('list', { name: `Accessories of ${wheel}` }).getByRole('listitem');
  await expect(rows.filter({ hasText: /Conical Nut M12x1\.5.* × 24/ })).toHaveCount(1);
  await expect(rows.filter({ hasText: /McGard .* × 1/ })).toHaveCount(1);
  const texts = await rows.allTextContents();
  for (const text of texts) {
    const match = /× (\d+)\$([\d,.]+) ea · \$([\d,.]+)$/.exec(text);
    expect(match, text).not.toBeNull();
    const [, quantity, unit, amount] = match ?? [];
    expect(cents(`$${amount ?? ''}`), text).toBe(Number(quantity) * cents(`$${unit ?? ''}`));
  }
  return texts.length;
}

test('a dealer orders 4 wheels with nuts and a lock: each accessory is priced on the wheel line and the invoice PDF totals what the success page does', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);

  await page.goto('/wheels');
  await page.getByRole('searchbox', { name: 'Search wheels' }).fill('Grid GD-01');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  const card = await firstCardWithStock(page, 4, RANGER_WHEEL);
  const wheel = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const quantity = card.getByRole('spinbutton', { name: `Quantity of ${wheel}` });
  await expect(quantity).toHaveValue('1');
  await quantity.fill('4');
  await expect(cartButton(page, 4)).toBeVisible();

  await cartButton(page, 4).click();
  await wizard(page).getByRole('button', { name: 'Next' }).click();
  const panel = wizard(page);
  await expect(panel.getByRole('option', { name: 'Ford' })).toBeAttached();
  await panel.getByRole('combobox', { name: 'Make' }).selectOption({ label: 'Ford' });
  await expect(panel.getByRole('option', { name: 'Ranger', exact: true })).toBeAttached();
  await panel.getByRole('combobox', { name: 'Model' }).selectOption({ label: 'Ranger' });
  await expect(panel.getByRole('option', { name: 'PX3 XLT', exact: true })).toBeAttached();
  await panel.getByRole('combobox', { name: 'Series' }).selectOption({ label: 'PX3 XLT' });
  await panel.getByRole('button', { name: 'Next' }).click();
  const nut = panel
    .getByRole('group', { name: 'Wheel Nuts' })
    .getByRole('radio', { name: /Conical Nut M12x1\.5.* × 24/ })
    .first();
  const lock = panel
    .getByRole('group', { name: 'Wheel Locks' })
    .getByRole('radio', { name: /McGard .*M12x1\.5.* × 1/ })
    .first();
  await nut.check();
  await lock.check();
  await expect(lock).toBeChecked();
  await panel.getByRole('button', { name: 'Next' }).click();

  // The flyout prices each accessory on the wheel line.
  const accessories = await expectPricedAccessories(flyout(page).getByRole('listitem', { name: wheel }), wheel);
  await page.keyboard.press('Escape');
  await expect(flyout(page)).toBeHidden();

  // So does the checkout page; its rows, freight and GST make the total.
  await openCheckout(page);
  const wheelLine = page.getByRole('region', { name: 'Items' }).getByRole('listitem', { name: wheel });
  await expect(wheelLine).toContainText('Ford Ranger PX3 XLT');
  expect(await expectPricedAccessories(wheelLine, wheel)).toBe(accessories);
  const summary = page.getByRole('region', { name: 'Order summary' });
  await expect(summary).toContainText(/Total \(incl\. GST\)\$[\d,.]+/);
  await snapshot(page, testInfo, 'checkout-accessories-priced');
  await expect(page.getByRole('radio', { name: 'Trading Account' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' }).getByTestId('presented-accessory')).toHaveCount(accessories);
  const successTotal = /Total \(incl\. GST\)(\$[\d,.]+)/.exec(
    (await page.getByRole('region', { name: 'Order summary' }).textContent()) ?? '',
  )?.[1];
  expect(successTotal).toBeDefined();
  const invoiceNumber = /Invoice number(INV\d{8})/.exec((await orderDetails(page).textContent()) ?? '')?.[1] ?? '';
  expect(invoiceNumber).toMatch(/^INV\d{8}$/);
  await snapshot(page, testInfo, 'success-accessories-priced');

  // The invoice, downloaded from My Account, totals the same.
  await page.goto('/my-account/invoices');
  await page
    .getByRole('table', { name: /Invoices, page 1 of/ })
    .getByRole('button', { name: invoiceNumber })
    .click();
  const dialog = page.getByRole('dialog', { name: `Invoice ${invoiceNumber}` });
  await expect(dialog.getByRole('group', { name: 'Invoice totals' })).toContainText(
    `Total (incl. GST)${successTotal ?? ''}`,
  );
  await expect(dialog.getByTestId('presented-accessory')).toHaveCount(accessories);
  const downloading = page.waitForEvent('download');
  await dialog.getByRole('button', { name: 'Download PDF' }).click();
  const text = pdfText(await readFile((await (await downloading).path()) ?? ''));
  const runs = text.split('\n');
  expect(text).toContain('Tax Invoice');
  expect(text).toMatch(/ABN \d{2} \d{3} \d{3} \d{3}/);
  expect(runs[runs.indexOf('Total incl. GST') + 1]).toBe(successTotal);
});
