import { type Page, expect, test } from '@playwright/test';
import {
  addTyres,
  callApi,
  cartButton,
  hasSignedIn,
  openCheckout,
  orderDetails as details,
  signIn,
  snapshot,
} from './support/checkout-steps';
import { payPalCapturesWith, payPalRequests } from './support/fake-paypal-control';
import { PAYPAL_SDK_URL, payPalStandInRecord, routePayPalSdk } from './support/paypal-sdk-stand-in';

/**
 * Paying at checkout with PayPal (SPEC.md §7 'Payment'): the shop runs against the local fake PayPal API the global
 * setup started, and the page gets the stand-in for PayPal's SDK script (tests/e2e/support/paypal-sdk-stand-in.ts),
 * whose 'PayPal' button approves the way PayPal's popup does once the buyer has paid.
 */
const DEALER = 'dealer@demo.test';

/** The checkout's 'Total (incl. GST)' as PayPal's decimal amount ('$1,234.50' → '1234.50'). */
async function checkoutTotal(page: Page): Promise<string> {
  const total =
    (await page.getByRole('region', { name: 'Order summary' }).getByRole('definition').last().textContent()) ?? '';
  expect(total).toMatch(/^\$[\d,]+\.\d{2}$/);
  return total.replace(/[$,]/g, '');
}

/** Chooses PayPal and waits for the stand-in's button, enabled. */
async function choosePayPal(page: Page) {
  const payment = page.getByRole('region', { name: 'Payment' });
  await payment.getByRole('radio', { name: 'PayPal' }).check();
  await expect(payment.getByRole('radio', { name: 'PayPal' })).toBeChecked();
  await expect(payment.getByRole('button', { name: 'Place Order' })).toHaveCount(0);
  const button = payment.getByRole('button', { name: 'PayPal', exact: true });
  await expect(button).toBeEnabled();
  return button;
}

test.afterEach(async ({ page }) => {
  await payPalCapturesWith('complete');
  // The chosen payment method outlives a failed checkout; other specs expect the dealer's default, Trading Account.
  if (hasSignedIn(DEALER) && new URL(page.url()).protocol.startsWith('http')) {
    expect(await callApi(page, 'Checkout/PaymentMethod', { paymentMethodSystemName: 'Payments.TradingAccount' })).toBe(
      200,
    );
    expect(await callApi(page, 'Cart/Clear')).toBe(200);
  }
});

test('a dealer pays an order with PayPal and lands on the success page', async ({ page }, testInfo) => {
  const sdkRequests = await routePayPalSdk(page);
  await signIn(page, DEALER);
  expect(await callApi(page, 'Cart/Clear')).toBe(200);
  const tyre = await addTyres(page, 2);
  await openCheckout(page);
  const total = await checkoutTotal(page);
  const button = await choosePayPal(page);

  // The SDK script was asked for with SPEC.md §7's options, and the buttons made with its style.
  expect(sdkRequests).toHaveLength(1);
  const sdkUrl = sdkRequests[0] as URL;
  expect(`${sdkUrl.origin}${sdkUrl.pathname}`).toBe(PAYPAL_SDK_URL);
  expect(sdkUrl.searchParams.get('client-id')).toMatch(/^fake-client-/);
  expect(Object.fromEntries([...sdkUrl.searchParams].filter(([key]) => key !== 'client-id'))).toEqual({
    currency: 'AUD',
    intent: 'capture',
    commit: 'true',
    vault: 'false',
  });
  const rendered = await payPalStandInRecord(page);
  expect(rendered?.scriptUrl).toBe(sdkUrl.href);
  expect(rendered?.buttonStyles.at(-1)).toEqual({
    layout: 'horizontal',
    color: 'blue',
    shape: 'rect',
    height: 55,
    tagline: false,
  });
  expect((await button.boundingBox())?.height).toBe(55);
  await snapshot(page, testInfo, 'checkout-paypal');

  const before = (await payPalRequests()).length;
  await button.click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
  await expect(page.getByText('Thank you, your order has been placed.')).toBeVisible();
  await expect(details(page)).toContainText('Payment methodPayPal');
  await expect(details(page)).toContainText('Payment statusPaid');
  await expect(page.getByRole('region', { name: 'Items' })).toContainText(tyre);
  await expect(cartButton(page, 0)).toBeVisible();
  await snapshot(page, testInfo, 'success-page-paypal');

  // The fake was asked to create an AUD order for the checkout's total, and to capture the order the buyer approved.
  const approved = (await payPalStandInRecord(page))?.approvals ?? [];
  expect(approved).toHaveLength(1);
  const asked = (await payPalRequests()).slice(before).filter((request) => request.path !== '/v1/oauth2/token');
  expect(asked.map((request) => `${request.method} ${request.path}`)).toEqual([
    'POST /v2/checkout/orders',
    `POST /v2/checkout/orders/${approved[0]}/capture`,
  ]);
  const created = JSON.parse(asked[0]?.body ?? '{}') as { intent?: string; purchase_units?: { amount?: unknown }[] };
  expect(created.intent).toBe('CAPTURE');
  expect(created.purchase_units?.[0]?.amount).toEqual({ currency_code: 'AUD', value: total });
});

test('a capture PayPal declines shows the error banner and keeps the cart', async ({ page }) => {
  const sdkRequests = await routePayPalSdk(page);
  await signIn(page, DEALER);
  expect(await callApi(page, 'Cart/Clear')).toBe(200);
  const tyre = await addTyres(page, 1);
  await openCheckout(page);
  const button = await choosePayPal(page);
  expect(sdkRequests).toHaveLength(1);
  await payPalCapturesWith('unprocessable');

  const before = (await payPalRequests()).length;
  await button.click();
  const banner = page.getByRole('alert').filter({ hasText: 'Error:' });
  await expect(banner).toContainText(/^Error: The instrument presented\s+was either declined by the processor or bank/);
  await expect(banner.getByRole('link', { name: 'Contact support' })).toHaveAttribute('href', '/contact-us');
  await expect(page).toHaveURL(/\/checkout$/);
  const approved = (await payPalStandInRecord(page))?.approvals ?? [];
  expect(approved).toHaveLength(1);
  const asked = (await payPalRequests()).slice(before).map((request) => `${request.method} ${request.path}`);
  expect(asked).toContain(`POST /v2/checkout/orders/${approved[0]}/capture`);

  // No order was placed: the cart is still there, also after loading the page again.
  await expect(cartButton(page, 1)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Items' }).getByRole('listitem', { name: tyre })).toBeVisible();
  await expect(cartButton(page, 1)).toBeVisible();
});
