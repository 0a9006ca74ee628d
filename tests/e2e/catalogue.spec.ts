import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';

async function signInAsDealer(page: Page) {
  await page.goto('/login?returnUrl=/tyres');
  await page.getByLabel('Email').fill('dealer@demo.test');
  await page.getByLabel('Password').fill('Demo!2345');
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/tyres$/);
  // Signed in once the header names the account (the session is stored then, so reloads keep it).
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('yhi.session'))).not.toBeNull();
}

const results = (page: Page) => page.getByRole('region', { name: 'Results' });
const status = (page: Page) => results(page).getByRole('status');
const resultCards = (page: Page) => results(page).getByRole('article');

/** '1–24 of 83 products' → 83. */
async function totalCount(page: Page): Promise<number> {
  await expect(status(page)).toHaveText(/of [\d,]+ products/);
  const text = (await status(page).textContent()) ?? '';
  return Number(/of ([\d,]+) products/.exec(text)?.[1]?.replace(/,/g, ''));
}

async function names(page: Page): Promise<string[]> {
  return resultCards(page).evaluateAll((cards) => cards.map((card) => card.getAttribute('aria-label') ?? ''));
}

async function typeSize(page: Page, typed: string) {
  const box = page.getByLabel('Size or product search');
  await box.fill(typed);
  await box.press('Enter');
}

test('a dealer finds 265/65R17 tyres by typing, by the pickers and by vehicle, filters, sorts and opens one', async ({
  page,
}) => {
  await signInAsDealer(page);

  await typeSize(page, '2656517');
  await expect(page).toHaveURL(/size=265%2F65R17/);
  const bySize = await totalCount(page);
  expect(bySize).toBeGreaterThan(5);
  for (const name of await names(page)) expect(name).toContain('265/65R17');
  await expect(resultCards(page).first().getByTestId('product-price')).toContainText('excl. GST');

  // The same size through the pickers.
  await page.goto('/tyres');
  await page.getByLabel('Width').selectOption('265');
  await page.getByLabel('Profile').selectOption('65');
  await page.getByLabel('Rim').selectOption('17');
  await expect(page).toHaveURL(/size=265%2F65R17/);
  expect(await totalCount(page)).toBe(bySize);

  // And by vehicle: a Toyota HiLux whose original size is 265/65R17.
  await page.goto('/tyres');
  await page.getByRole('tab', { name: 'By vehicle' }).click();
  await page.getByLabel('Make').selectOption({ label: 'Toyota' });
  await page.getByLabel('Model').selectOption({ label: 'HiLux' });
  const series = page.getByLabel('Series');
  const sr5 = await series.locator('option', { hasText: 'N80 SR5 4x4' }).getAttribute('value');
  await series.selectOption(sr5 ?? '');
  await expect(page.getByRole('button', { name: /^265\/65R17/ })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('button', { name: /^265\/60R18/ })).toBeVisible();
  expect(await totalCount(page)).toBe(bySize);

  // Filter by a brand: fewer results, all of that brand.
  const brands = page.getByRole('group', { name: 'Brand' });
  const brandBox = brands.getByRole('checkbox').first();
  const brand = ((await brandBox.locator('xpath=..').textContent()) ?? '').replace(/\d+$/, '').trim();
  await brandBox.click();
  await expect(page).toHaveURL(/brands=/);
  await expect(page.getByRole('button', { name: `Remove filter Brand: ${brand}` })).toBeVisible();
  const filtered = await totalCount(page);
  expect(filtered).toBeLessThan(bySize);
  for (const name of await names(page)) expect(name.startsWith(brand)).toBe(true);

  // Sort by price, low to high.
  await page.getByLabel('Sort').selectOption({ label: 'Price low–high' });
  await expect(page).toHaveURL(/sort=price-asc/);
  await expect(status(page)).not.toContainText('updating');
  const prices = await results(page)
    .getByTestId('product-price')
    .evaluateAll((nodes) =>
      nodes.map((node) => Number((node.querySelector('p')?.textContent ?? '').replace(/[^\d.]/g, ''))),
    );
  expect(prices.length).toBe(filtered > 24 ? 24 : filtered);
  expect([...prices].sort((a, b) => a - b)).toEqual(prices);

  // A shared URL restores the same results.
  const shared = page.url();
  const sharedNames = await names(page);
  const other = await page.context().newPage();
  await other.goto(shared);
  await expect(resultCards(other)).toHaveCount(sharedNames.length);
  expect(await names(other)).toEqual(sharedNames);
  await other.close();

  // Open the first tyre: its stock by warehouse.
  const first = sharedNames[0] ?? '';
  await resultCards(page).first().getByRole('link', { name: first }).click();
  await expect(page).toHaveURL(/\/tyres\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { name: first })).toBeVisible();
  const breakdown = page.getByRole('table', { name: 'Stock by warehouse' });
  await expect(breakdown.getByRole('row').first()).toBeVisible();
  expect(await breakdown.getByRole('rowheader').count()).toBeGreaterThan(0);
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Tyres');

  // Back restores the filtered, sorted search.
  await page.goBack();
  await expect(page).toHaveURL(shared);
  expect(await names(page)).toEqual(sharedNames);
  await expect(page.getByRole('checkbox', { name: new RegExp(`^${brand}`) })).toBeChecked();

  // The counter switch flips the price on this screen only.
  const counter = page.getByRole('group', { name: 'Prices shown on this screen' });
  await counter.getByText('RRP', { exact: true }).click();
  await expect(resultCards(page).first().getByTestId('product-price')).toContainText('RRP ea excl. GST');
  await counter.getByText('Hide', { exact: true }).click();
  await expect(resultCards(page).first().getByTestId('product-price')).toHaveCount(0);
  await counter.getByText('Account', { exact: true }).click();
  await expect(resultCards(page).first().getByTestId('product-price')).toContainText('Trade ea excl. GST');
});

test('a visitor searches the same way and sees no price, stock or cart', async ({ page }) => {
  await page.goto('/tyres');
  await expect(page.getByRole('region', { name: 'Trade customers' })).toBeVisible();
  await typeSize(page, '265/65R17');
  await expect(page).toHaveURL(/size=265%2F65R17/);
  const count = await totalCount(page);
  expect(count).toBeGreaterThan(5);
  for (const name of await names(page)) expect(name).toContain('265/65R17');
  await expect(results(page).getByTestId('product-price')).toHaveCount(0);
  await expect(results(page).getByRole('button', { name: /stock by warehouse/ })).toHaveCount(0);
  await expect(page.getByRole('group', { name: 'Prices shown on this screen' })).toHaveCount(0);
  await expect(page.getByLabel('Sort').locator('option', { hasText: 'Price' })).toHaveCount(0);

  // Other spellings a counter hand types land on the same results.
  for (const typed of ['265 65 17', '265/65R17 112H']) {
    await typeSize(page, typed);
    await expect(status(page)).toHaveText(/of [\d,]+ products/);
  }
  await typeSize(page, '2656517');
  expect(await totalCount(page)).toBe(count);

  await resultCards(page).first().getByRole('link').first().click();
  await expect(page.getByText('to see your price and stock.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Stock by warehouse' })).toHaveCount(0);
});

test('wheels and accessories search with filters in the URL', async ({ page }) => {
  await page.goto('/merchandise');
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('Accessories & Equipment');
  const all = await totalCount(page);
  await page.getByRole('list', { name: 'Categories' }).getByRole('button').nth(1).click();
  await expect(page).toHaveURL(/category=/);
  expect(await totalCount(page)).toBeLessThan(all);

  await page.goto('/wheels');
  const wheels = await totalCount(page);
  await page.getByRole('group', { name: 'Rim size' }).getByRole('checkbox').first().click();
  await expect(page).toHaveURL(/sizes=/);
  expect(await totalCount(page)).toBeLessThan(wheels);
  await page.goBack();
  expect(await totalCount(page)).toBe(wheels);
});

test('a dealer mails picked tyres as a quote; a visitor asks about a tyre', async ({ page, browser }) => {
  await signInAsDealer(page);
  await typeSize(page, '2656517');
  await expect(resultCards(page)).not.toHaveCount(0);
  await resultCards(page)
    .nth(0)
    .getByRole('checkbox', { name: /^Email / })
    .check();
  await resultCards(page)
    .nth(1)
    .getByRole('checkbox', { name: /^Email / })
    .check();
  const tray = page.getByRole('region', { name: 'Products to email' });
  await expect(tray).toContainText('2 products picked to email');
  await tray.getByRole('button', { name: 'Email quote…' }).click();
  const dialog = page.getByRole('dialog', { name: 'Email these products' });
  await dialog.getByLabel('Send to (email)').fill('walk-in@example.test');
  await dialog.getByRole('button', { name: 'Send quote' }).click();
  await expect(dialog.getByText(/^Sent 2 products to walk-in@example.test \(quote QT-[2-9A-Z]{6}\)\.$/)).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(tray).toHaveCount(0);

  const visitor = await browser.newPage();
  await visitor.goto('/tyres?size=265%2F65R17');
  await resultCards(visitor).first().getByRole('link').first().click();
  await visitor.getByRole('button', { name: 'Ask about this product' }).click();
  await visitor.getByLabel(/Your name/).fill('Jo Walk-in');
  await visitor.getByLabel(/^Email/).fill('jo@example.test');
  await visitor.getByLabel(/Your question/).fill('Do you have four for Friday?');
  await visitor.getByRole('button', { name: 'Send enquiry' }).click();
  await expect(visitor.getByTestId('form-reference')).toHaveText(/^PE-[2-9A-Z]{6}$/);
  await visitor.close();
});

test('the catalogue pages have no serious accessibility violations and no console errors', async ({ page }) => {
  // One axe audit per catalogue page, each seconds of work on a busy machine: more than the default test time.
  test.slow();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await signInAsDealer(page);
  for (const path of ['/tyres?size=265%2F65R17', '/tyres?size=265%2F65R17&view=list', '/wheels', '/merchandise']) {
    await page.goto(path);
    await expect(resultCards(page).first()).toBeVisible();
    const audit = await new AxeBuilder({ page }).analyze();
    const serious = audit.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  }
  await resultCards(page).first().getByRole('link').first().click();
  await expect(page.getByRole('table', { name: 'Stock by warehouse' })).toBeVisible();
  const detail = await new AxeBuilder({ page }).analyze();
  expect(detail.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual(
    [],
  );
  expect(errors).toEqual([]);
});

test('back from a product restores the search and where the list was scrolled to', async ({ page }) => {
  // The grid: the dense list puts the tenth product on the first screen, with nothing to scroll back to.
  await page.goto('/tyres?size=265%2F65R17&brands=%5B%22BFGoodrich%22%2C%22Cooper%22%2C%22Dunlop%22%5D');
  const card = resultCards(page).nth(9);
  await card.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('link', { name }).click();
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await page.goBack();
  await expect(resultCards(page).nth(9)).toHaveAttribute('aria-label', name);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 60);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 60);
});
