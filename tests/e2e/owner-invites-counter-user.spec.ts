import { type Page, type Response, expect, test } from '@playwright/test';
import { signIn } from './support/checkout-steps';
import { linkMailedTo } from './support/mailed-link';

const COUNTER_PASSWORD = 'Counter!2345';

/** Every JSON answer the page receives from the shop's API, read as it arrives. */
function recordAnswers(page: Page): unknown[] {
  const answers: unknown[] = [];
  page.on('response', (response: Response) => {
    if (!response.url().includes('/yhi/api/')) return;
    if (!(response.headers()['content-type'] ?? '').includes('json')) return;
    void response
      .json()
      .then((body: unknown) => answers.push(body))
      .catch(() => undefined);
  });
  return answers;
}

/** Every object inside an answer, however deep. */
function objectsIn(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(objectsIn);
  if (value === null || typeof value !== 'object') return [];
  const object = value as Record<string, unknown>;
  return [object, ...Object.values(object).flatMap(objectsIn)];
}

/** The trade price of each product in the owner's answers, where it differs from the RRP. */
function tradePricesIn(answers: unknown[]): Map<number, number> {
  const prices = new Map<number, number>();
  for (const item of answers.flatMap(objectsIn)) {
    if (item.priceDisplay === 'Trade' && typeof item.id === 'number' && typeof item.priceCents === 'number') {
      if (item.priceCents !== item.rrpCents) prices.set(item.id, item.priceCents);
    }
  }
  return prices;
}

async function searchSize(page: Page) {
  await page.goto('/tyres');
  await page.getByLabel('Size or product search').fill('2656517');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/size=265%2F65R17/);
  await expect(page.getByRole('region', { name: 'Results' }).getByRole('article').first()).toBeVisible();
}

/**
 * The owner invites a counter user from /my-account/users; the counter user chooses a password through the mailed
 * link, signs in, searches 2656517 and is shown RRP only: no trade figure reaches the browser, and there is no cart.
 */
test('an owner invites a counter user, who sees RRP only and no cart', async ({ page, browser }) => {
  const email = `counter-${Date.now().toString(36)}@owner-e2e.test`;

  const ownerAnswers = recordAnswers(page);
  await signIn(page, 'dealer@demo.test');
  await searchSize(page);
  await expect.poll(() => tradePricesIn(ownerAnswers).size).toBeGreaterThan(0);
  const ownerTradePrices = tradePricesIn(ownerAnswers);

  await page.goto('/my-account/users');
  const invite = page.getByRole('form', { name: 'Invite a user' });
  await invite.getByLabel(/^Name/).fill('Cora Counter');
  await invite.getByLabel(/^Email/).fill(email);
  await invite.getByLabel(/^Role/).selectOption('counter');
  await invite.getByRole('button', { name: 'Invite and mail a link' }).click();
  await expect(page.getByRole('status').filter({ hasText: `${email} is invited and mailed a link.` })).toBeVisible();
  const users = page.getByRole('table', { name: "The account's users" });
  await expect(users.getByRole('row', { name: /Cora Counter/ })).toContainText('Invited, no password yet');

  await expect.poll(() => linkMailedTo(email, '/reset-password'), { timeout: 30_000 }).not.toBeNull();
  const link = new URL(linkMailedTo(email, '/reset-password') ?? '');
  const counter = await browser.newPage();
  const counterAnswers = recordAnswers(counter);
  await counter.goto(`${link.pathname}${link.search}`);
  const choose = counter.getByRole('form', { name: 'Choose your password' });
  await expect(choose).toContainText(email);
  await choose.getByLabel('New password', { exact: true }).fill(COUNTER_PASSWORD);
  await choose.getByLabel('Confirm new password').fill(COUNTER_PASSWORD);
  await choose.getByRole('button', { name: 'Set password' }).click();
  await expect(counter.getByRole('status')).toContainText('Sign in with the new password');
  await counter.getByRole('link', { name: 'Go to login' }).click();
  await counter.getByLabel('Email').fill(email);
  await counter.getByLabel('Password').fill(COUNTER_PASSWORD);
  await counter.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(counter).toHaveURL(/\/home$/);

  await searchSize(counter);
  const first = counter.getByRole('region', { name: 'Results' }).getByRole('article').first();
  await expect(first.getByTestId('product-price')).toBeVisible();
  await expect(counter.getByRole('button', { name: /^Cart, / })).toHaveCount(0);
  await expect(counter.getByRole('button', { name: /Add to cart/i })).toHaveCount(0);
  await expect(counter.getByRole('link', { name: 'Quick order' })).toHaveCount(0);

  const counterItems = counterAnswers.flatMap(objectsIn);
  const priced = counterItems.filter((item) => 'priceDisplay' in item);
  expect(priced.length).toBeGreaterThan(0);
  for (const item of priced) {
    expect(item.priceDisplay, JSON.stringify(item)).toBe('RRP');
    expect(item.priceCents, JSON.stringify(item)).toBe(item.rrpCents);
    expect(item.priceBreaks ?? [], JSON.stringify(item)).toEqual([]);
  }
  for (const item of counterItems) {
    const trade = typeof item.id === 'number' ? ownerTradePrices.get(item.id) : undefined;
    if (trade !== undefined) expect(Object.values(item), `product ${String(item.id)}`).not.toContain(trade);
  }
  await counter.close();
});
