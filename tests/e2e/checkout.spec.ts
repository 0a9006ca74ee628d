import { expect, test } from '@playwright/test';
import { CREDIT_LIMIT_REACHED } from '../../src/contract/checkout';
import {
  addTyres,
  cartButton,
  emptyCart,
  openCheckout,
  orderDetails as details,
  signIn,
  snapshot,
} from './support/checkout-steps';

/**
 * Checking out with demo data (src/server/seed): the dealer (VIC, $50,000 limit) on Trading Account and by card
 * through the shop's sandbox payment page; the account on credit hold (limit 0) cannot order on account.
 */
test('a dealer places an order on Trading Account with a stock number and lands on the success page', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  const tyre = await addTyres(page, 4);
  await openCheckout(page);
  await expect(page.getByRole('region', { name: 'Items' }).getByRole('listitem', { name: tyre })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Trading Account' })).toBeChecked();
  await expect(page.getByText(CREDIT_LIMIT_REACHED)).toHaveCount(0);
  const stockNumber = `STK-${testInfo.repeatEachIndex}-${Date.now() % 100_000}`;
  await page.getByLabel('Stock number').fill(stockNumber);
  await page.getByLabel('Delivery notes').fill('Leave at the workshop door.');
  await snapshot(page, testInfo, 'checkout-page');

  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
  await expect(details(page)).toContainText(`Stock number${stockNumber}`);
  await expect(details(page)).toContainText('Payment statusPlaced on account');
  await expect(details(page)).toContainText(/Invoice number\S+/);
  await expect(details(page)).toContainText(/Invoice due\d{1,2} \w+ \d{4}/);
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(tyre);
  await expect(cartButton(page, 0)).toBeVisible();
  await snapshot(page, testInfo, 'success-page');
});

test('a dealer pays an order by card through the sandbox payment page and lands on the success page', async ({
  page,
}, testInfo) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  await addTyres(page, 2);
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await expect(page.getByRole('radio', { name: 'Credit Card' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();

  await expect(page.getByRole('heading', { name: 'Sandbox payment page' })).toBeVisible();
  await expect(page.getByRole('note')).toContainText('This is a sandbox.');
  await snapshot(page, testInfo, 'sandbox-payment-page');
  await page.getByRole('button', { name: 'Pay', exact: true }).click();

  await expect(page).toHaveURL(/\/checkout\/success\/\d+(\?.*)?$/);
  await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
  await expect(details(page)).toContainText('Payment methodCredit Card');
  await expect(details(page)).toContainText('Payment statusPaid');
  await expect(cartButton(page, 0)).toBeVisible();
  await snapshot(page, testInfo, 'success-page-card');
});

test('a declined card payment gives the items back and keeps the cart; placing it again pays it', async ({ page }) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  await addTyres(page, 1);
  await openCheckout(page);
  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await expect(page.getByRole('radio', { name: 'Credit Card' })).toBeChecked();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment page' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();

  await expect(page).toHaveURL(/\/checkout\/success\/\d+(\?.*)?$/);
  await expect(details(page)).toContainText('Payment statusPayment failed');
  await expect(page.getByRole('alert')).toContainText(
    'The card payment did not go through, so the items were not kept for this order.',
  );
  await expect(cartButton(page, 1)).toBeVisible();
  await page.getByRole('link', { name: 'Back to checkout' }).click();
  await expect(page).toHaveURL(/\/checkout$/);
  await page.getByRole('radio', { name: 'Credit Card' }).check();
  await page.getByRole('button', { name: 'Place Order' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment page' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+(\?.*)?$/);
  await expect(details(page)).toContainText('Payment statusPaid');
  await expect(cartButton(page, 0)).toBeVisible();
});

test('the account on credit hold sees the credit limit notice and cannot place an order on account', async ({
  page,
}, testInfo) => {
  await signIn(page, 'onhold@demo.test');
  await emptyCart(page);
  await addTyres(page, 1);
  await openCheckout(page);
  await expect(page.getByText(CREDIT_LIMIT_REACHED)).toBeVisible();
  const payment = page.getByRole('region', { name: 'Payment' });
  await expect(payment.getByRole('radio', { name: 'Trading Account' })).toBeChecked();
  await expect(payment.getByText('Credit limit reached.')).toBeVisible();
  await expect(payment.getByRole('link', { name: 'My Account' })).toHaveAttribute('href', '/my-account');
  await expect(payment.getByRole('button', { name: 'Place Order' })).toBeDisabled();
  await snapshot(page, testInfo, 'checkout-credit-limit');
});

test('a double click on Place Order makes exactly one order', async ({ page }) => {
  await signIn(page, 'dealer@demo.test');
  await emptyCart(page);
  await addTyres(page, 2);
  await openCheckout(page);
  const answers: { status: number; orderId: number }[] = [];
  page.on('response', async (response) => {
    if (!/\/yhi\/api\/Checkout\/Complete$/i.test(new URL(response.url()).pathname)) return;
    const body = (await response.json().catch(() => ({}))) as { orderId?: number };
    answers.push({ status: response.status(), orderId: body.orderId ?? 0 });
  });
  await page.getByRole('button', { name: 'Place Order' }).dblclick();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  const orderId = Number(/\/checkout\/success\/(\d+)$/.exec(page.url())?.[1]);
  await expect(details(page)).toContainText(`Order number${orderId}`);
  await expect.poll(() => answers.length).toBeGreaterThan(0);
  // Any answer that did go out names the same order.
  expect(answers.every((answer) => answer.status === 200 && answer.orderId === orderId)).toBe(true);
  expect(answers).toHaveLength(1);
  await expect(cartButton(page, 0)).toBeVisible();
});
