import { type Page, expect, test } from '@playwright/test';

const PASSWORD = 'Demo!2345';

async function storedSession(page: Page): Promise<{ token: string; refreshToken: string } | null> {
  return page.evaluate(
    () => JSON.parse(localStorage.getItem('yhi.session') ?? 'null') as { token: string; refreshToken: string } | null,
  );
}

async function tokenCookie(page: Page): Promise<string | undefined> {
  return (await page.context().cookies()).find((cookie) => cookie.name === 'token')?.value;
}

async function signIn(page: Page, path: string, email: string) {
  await page.goto(path);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

test('a customer signs in, stays signed in, is refreshed silently and signs out', async ({ page }) => {
  await signIn(page, '/login?returnUrl=/wheels', 'dealer@demo.test');
  await expect(page).toHaveURL(/\/wheels$/);
  const account = page.getByRole('button', { name: 'Account menu for Dana Dealer (C10001)' });
  await expect(account).toBeVisible();
  await expect(account).toContainText('C10001');
  expect(await tokenCookie(page)).toBe((await storedSession(page))?.token);
  const timezone = (await page.context().cookies()).find((cookie) => cookie.name === 'timezone');
  expect(decodeURIComponent(timezone?.value ?? '')).toBe('Australia/Melbourne');
  expect((timezone?.expires ?? 0) * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);

  await page.reload();
  await expect(account).toBeVisible();

  // Force an expiry: the stored access token no longer verifies. The next load refreshes it without a word.
  const before = await storedSession(page);
  await page.evaluate(() => {
    const session = JSON.parse(localStorage.getItem('yhi.session') ?? '{}') as Record<string, unknown>;
    localStorage.setItem('yhi.session', JSON.stringify({ ...session, token: 'expired.token.value' }));
    document.cookie = 'token=expired.token.value; Path=/; SameSite=Lax';
  });
  const refreshed = page.waitForResponse((response) => response.url().includes('/Authenticate/TokenRefresh'));
  await page.reload();
  expect((await refreshed).status()).toBe(200);
  await expect(account).toBeVisible();
  const after = await storedSession(page);
  expect(after?.token).not.toBe('expired.token.value');
  expect(after?.refreshToken).not.toBe(before?.refreshToken);
  await expect(page.getByRole('link', { name: 'Login' })).toHaveCount(0);

  await account.click();
  await page.getByRole('menuitem', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
  expect(await storedSession(page)).toBeNull();
  expect(await tokenCookie(page)).toBeUndefined();
  await page.reload();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('staff sign in, find an account, act as it with the banner, and return to staff', async ({ page }) => {
  await signIn(page, '/staff/login', 'staff@demo.test');
  await expect(page).toHaveURL(/\/staff$/);
  await expect(page.getByRole('button', { name: 'Account menu for Sam Staff (Staff)' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Cart/ })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Tyres', exact: true })).toHaveCount(0);

  await page.getByLabel('Account code or name').fill('C10002');
  await page.getByRole('button', { name: 'Search' }).click();
  const actAs = page.getByRole('button', { name: 'Act as Sunshine Coast Tyre Mart (C10002)' });
  await expect(actAs).toBeVisible();
  await actAs.click();

  const banner = page.getByRole('region', { name: 'Acting as a customer' });
  await expect(banner).toContainText('Sam Staff acting as Sunshine Coast Tyre Mart (C10002, Riley Retailer)');
  await expect(page).toHaveURL(/\/home$/);
  // The banner stays on screen however far the page scrolls.
  await page.mouse.wheel(0, 4000);
  await expect(banner).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Account menu for Riley Retailer (C10002)' })).toBeVisible();
  const acting = await storedSession(page);
  expect(acting).toMatchObject({ impersonatorToken: expect.any(String) });

  // Every call now carries the impersonator header; a reload keeps acting as the customer.
  const call = page.waitForRequest(
    (request) => request.url().includes('/yhi/api/') && request.headers().authorization !== undefined,
  );
  await page.reload();
  expect((await call).headers()['x-impersonator-token']).toEqual(expect.any(String));
  await expect(banner).toBeVisible();

  await banner.getByRole('button', { name: 'Return to staff' }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await expect(banner).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu for Sam Staff (Staff)' })).toBeVisible();
  await expect(page.getByLabel('Account code or name')).toBeVisible();
});

test('another tab signing out reloads this one, which is then signed out too', async ({ context }) => {
  const first = await context.newPage();
  await signIn(first, '/login', 'onhold@demo.test');
  const account = 'Account menu for Owen Onhold (C10003)';
  await expect(first.getByRole('button', { name: account })).toBeVisible();

  const second = await context.newPage();
  await second.goto('/home');
  await expect(second.getByRole('button', { name: account })).toBeVisible();

  const reloaded = second.waitForEvent('load');
  await first.getByRole('button', { name: account }).click();
  await first.getByRole('menuitem', { name: 'Sign out' }).click();
  await reloaded;
  await expect(second.getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(second.getByRole('button', { name: account })).toHaveCount(0);
});
