import { type BrowserContext, type Page, type TestInfo, expect, test } from '@playwright/test';
import { CREDIT_LIMIT_REACHED } from '../../src/contract/checkout';

/**
 * Checking out with demo data (src/server/seed): the dealer (VIC, $50,000 limit) on Trading Account and by card
 * through the shop's sandbox payment page; the account on credit hold (limit 0) cannot order on account.
 */
const PASSWORD = 'Demo!2345';

type SavedSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Each account signs in through /login once per worker; later tests reuse that session, because the shop limits
 * sign-in attempts (a run of `--repeat-each 3` would otherwise be refused with 'Too many attempts').
 */
const sessions = new Map<string, SavedSession>();

async function signIn(page: Page, email: string) {
  const saved = sessions.get(email);
  if (saved) {
    await page.context().addCookies(saved.cookies);
    const stored = saved.origins.flatMap((origin) => origin.localStorage);
    // Once per tab: a later navigation must keep whatever the app stored since.
    await page.addInitScript((items) => {
      if (sessionStorage.getItem('e2e-session-restored')) return;
      for (const item of items) localStorage.setItem(item.name, item.value);
      sessionStorage.setItem('e2e-session-restored', 'yes');
    }, stored);
    await page.goto('/tyres');
  } else {
    await page.goto('/login?returnUrl=/tyres');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/tyres$/);
  }
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('yhi.session'))).not.toBeNull();
  if (!saved) sessions.set(email, await page.context().storageState());
}

/** Every test starts from an empty cart, whatever an earlier run left behind. */
async function emptyCart(page: Page) {
  const status = await page.evaluate(async () => {
    const session = JSON.parse(localStorage.getItem('yhi.session') ?? '{}') as { token?: string };
    const answer = await fetch('/yhi/api/Cart/Clear', { method: 'POST', headers: { Authorization: `Bearer ${session.token ?? ''}` } });
    return answer.status;
  });
  expect(status).toBe(200);
}

const cartButton = (page: Page, count: number) => page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });

/** Adds `quantity` of the first 265/65R17 tyre of the results through its quantity pill. */
async function addTyres(page: Page, quantity: number) {
  await page.goto('/tyres?size=265%2F65R17');
  const card = page.getByRole('region', { name: 'Results' }).getByRole('article').first();
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const pill = card.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await expect(pill).toHaveValue('1');
  await pill.fill(String(quantity));
  await expect(cartButton(page, quantity)).toBeVisible();
  return name;
}

async function openCheckout(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toBeVisible();
  await expect(page).toHaveTitle('YHI | Checkout');
}

async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

const details = (page: Page) => page.getByRole('region', { name: 'Order details' });

test('a dealer places an order on Trading Account with a stock number and lands on the success page', async ({ page }, testInfo) => {
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

test('a dealer pays an order by card through the sandbox payment page and lands on the success page', async ({ page }, testInfo) => {
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

test('a declined card payment can be paid by card again from the success page', async ({ page }) => {
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
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await expect(page.getByRole('heading', { name: 'Sandbox payment page' })).toBeVisible();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/checkout\/success\/\d+(\?.*)?$/);
  await expect(details(page)).toContainText('Payment statusPaid');
});

test('the account on credit hold sees the credit limit notice and cannot place an order on account', async ({ page }, testInfo) => {
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
