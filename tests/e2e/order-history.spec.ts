import { expect, test } from '@playwright/test';
import { addTyres, emptyCart, openCheckout, orderDetails as details, signIn, snapshot } from './support/checkout-steps';

/**
 * Order history and reorder with demo data: the dealer finds an earlier order by its stock number, orders it again
 * from the order's page, sees the result per line, the cart opens, and the dealer checks out.
 */
test('the dealer finds an earlier order by its stock number, orders it again, and checks out', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  const tyre = await addTyres(page, 2);
  await openCheckout(page);
  const stockNumber = `REORDER-${Date.now() % 1_000_000}`;
  await page.getByLabel('Stock number').fill(stockNumber);
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  const earlier = /\/checkout\/success\/(\d+)$/.exec(page.url())?.[1] as string;

  await page.goto('/my-account');
  await page.getByRole('navigation', { name: 'My account' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page).toHaveURL(/\/my-account\/orders$/);
  const search = page.getByRole('search', { name: 'Search your orders' });
  await search.getByLabel('Search').fill(stockNumber.toLowerCase());
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`search=${stockNumber.toLowerCase()}`));
  const rows = page.getByRole('table', { name: /^Orders, page 1 of 1/ }).getByRole('row');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(1)).toContainText(stockNumber);
  await expect(rows.nth(1)).toContainText(/\d{1,2} \w{3,4} \d{4}/);
  await expect(rows.nth(1)).toContainText(/\$[\d,]+\.\d\d/);
  await snapshot(page, testInfo, 'order-history');

  await page.getByRole('link', { name: `Order ${earlier}` }).click();
  await expect(page.getByRole('heading', { name: `Order ${earlier}` })).toBeVisible();
  await expect(page.getByRole('checkbox', { name: `Order again: ${tyre}` })).toBeVisible();
  await page.getByRole('button', { name: 'Order all lines again' }).click();
  const results = page.getByRole('list', { name: 'Order again: result per line' });
  await expect(results).toContainText(tyre);
  await expect(results).toContainText('Added: 2');
  await snapshot(page, testInfo, 'order-again-results');

  const cart = page.getByRole('dialog', { name: 'Cart' });
  await expect(cart).toBeVisible();
  await expect(cart).toContainText(tyre);
  await cart.getByRole('link', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole('region', { name: 'Items' }).getByRole('listitem', { name: tyre })).toBeVisible();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
  await expect(details(page)).toContainText('Payment statusPlaced on account');
  expect(page.url()).not.toContain(`/checkout/success/${earlier}`);
});
