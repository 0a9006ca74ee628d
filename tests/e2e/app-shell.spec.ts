import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';

/** Fails the test on any console error (a CSP violation, a React warning, a failed request the page did not expect). */
function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('the shell for a visitor', () => {
  test('/ lands on the home page with the public banner, header, background and footer', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/');
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Trade customers' })).toContainText('log in to see your pricing');
    await expect(page.getByRole('region', { name: 'Notifications' })).toHaveCount(0);
    await expect(page.getByRole('contentinfo')).toContainText('1300 975 707');
    await expect(page.getByRole('contentinfo')).toContainText('protected by reCAPTCHA');
    await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0);
    const background = await page.evaluate(() =>
      [...document.querySelectorAll('*')]
        .map((el) => getComputedStyle(el).backgroundImage)
        .find((bg) => bg.includes('car-background')),
    );
    expect(background).toContain('car-background');
    expect(errors).toEqual([]);
  });

  test('has no serious accessibility violations on the home page', async ({ page }) => {
    await page.goto('/home');
    await expect(page.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
    const results = await new AxeBuilder({ page }).analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });

  test('a guarded page sends the visitor to the login page with the way back', async ({ page }) => {
    await page.goto('/my-account/invoices');
    await expect(page).toHaveURL(/\/login\?returnUrl=%2Fmy-account%2Finvoices$/);
  });

  test('an unknown address shows a helpful not-found page inside the shell', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Home', exact: true }).first()).toBeVisible();
    await expect(page).toHaveTitle('YHI | Page not found');
  });

  test('back-to-top appears after scrolling and takes the page back up', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 500 });
    await page.goto('/home');
    const backToTop = page.getByRole('button', { name: 'Back to top' });
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(backToTop).toHaveCount(0);
    // The home page grows as its banners and links load; a scroll made before that is clamped, so scroll until it holds.
    await expect(async () => {
      await page.evaluate(() => window.scrollTo(0, 400));
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
    }).toPass();
    await expect(backToTop).toBeVisible();
    await backToTop.click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});

test.describe('the API beside the shell', () => {
  test('answers JSON, problem+json for unknown routes and for malformed bodies', async ({ request }) => {
    const notifications = await request.get('/yhi/api/Home/Notifications');
    expect(notifications.status()).toBe(200);
    expect(Array.isArray(await notifications.json())).toBe(true);

    const missing = await request.get('/yhi/api/NoSuchThing');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toMatch(/^application\/problem\+json/);

    const malformed = await request.post('/yhi/api/Authenticate/Login', {
      headers: { 'content-type': 'application/json' },
      data: '{"email":',
    });
    expect(malformed.status()).toBe(400);
    expect(malformed.headers()['content-type']).toMatch(/^application\/problem\+json/);
  });

  test('answers /robots.txt as plain text that keeps crawlers out of the API and the signed-in pages', async ({
    request,
  }) => {
    const robots = await request.get('/robots.txt');
    expect(robots.status()).toBe(200);
    expect(robots.headers()['content-type']).toContain('text/plain');
    const text = await robots.text();
    expect(text).toContain('User-agent: *');
    expect(text).toContain('Disallow: /yhi/');
    expect(text).toContain('Disallow: /my-account');
    expect(text).not.toContain('<html');
  });

  test('serves the API reference page', async ({ page }) => {
    await page.goto('/yhi/api/docs/');
    await expect(page.getByText('YHI trade shop API').first()).toBeVisible();
  });
});

test.describe('the shell for a signed-in dealer', () => {
  test('shows name and account code, the notification bar cycling, and the programs', async ({ page }) => {
    const errors = watchConsole(page);
    await page.goto('/login');
    await page.getByLabel('Email').fill('dealer@demo.test');
    await page.getByLabel('Password').fill('Demo!2345');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText('C10001').first()).toBeVisible();
    await expect(page.getByText('Dana Dealer').first()).toBeVisible();

    const bar = page.getByRole('region', { name: 'Notifications' });
    await expect(bar).toBeVisible();
    const first = await bar.locator('p').first().innerText();
    await expect(bar.locator('p').first()).not.toHaveText(first, { timeout: 12_000 });
    await expect(page.getByRole('region', { name: 'Trade customers' })).toHaveCount(0);

    await page.getByRole('button', { name: /programs/i }).click();
    await expect(page.getByRole('menuitem', { name: /pit ?pass/i })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
