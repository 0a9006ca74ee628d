import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, addTyres, emptyCart, signIn } from './support/checkout-steps';

/**
 * Axe reports nothing serious or moderate (nor critical) on any page, in any role. The pages are every
 * route of the route tree the router plugin generates, not a hand-picked list, so a new route is audited without
 * anyone remembering to add it. One browser context per role; each signs in once.
 */
const routeTree = readFileSync(new URL('../../src/web/route-tree.gen.ts', import.meta.url), 'utf8');
const routeBlock = /export interface FileRoutesByFullPath \{([^}]*)\}/.exec(routeTree)?.[1] ?? '';
const routes = [
  ...new Set(
    [...routeBlock.matchAll(/^\s*'([^']+)':/gm)].map(([, path = '']) =>
      path.length > 1 ? path.replace(/\/$/, '') : path,
    ),
  ),
];

const IMPACTS_REFUSED = new Set(['moderate', 'serious', 'critical']);

interface Params {
  readonly tyre: string;
  readonly wheel: string;
  readonly merchandise: string;
  readonly orderId: string;
}

/** The address of a route, its parameters filled with real products and a real order. */
function addressOf(route: string, params: Params): string {
  return route
    .replace(/^\/tyres\/\$slug$/, params.tyre)
    .replace(/^\/wheels\/\$slug$/, params.wheel)
    .replace(/^\/merchandise\/\$slug$/, params.merchandise)
    .replace('$orderId', params.orderId)
    .replace('$accountCode', 'C10001');
}

/** The address of the first product of a result list. */
async function firstProductOf(page: Page, list: string): Promise<string> {
  await page.goto(list);
  const link = page.getByRole('region', { name: 'Results' }).getByRole('article').first().getByRole('link').first();
  await expect(link).toBeVisible();
  const href = await link.getAttribute('href');
  if (!href) throw new Error(`no product link on ${list}`);
  return href;
}

/** The page has settled: the app has rendered its main content and nothing is loading. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('#main')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0);
}

/** Every route, audited as the role whose session `page` holds; answers one line per refused violation. */
async function auditEveryRoute(page: Page, params: Params): Promise<string[]> {
  const found: string[] = [];
  // A route that sends this role elsewhere (a guarded page to /login, a customer page for staff) lands on a page
  // already audited for this role; it is audited once.
  const audited = new Set<string>();
  for (const route of routes) {
    const address = addressOf(route, params);
    await page.goto(address);
    await settled(page);
    const landed = new URL(page.url());
    if (audited.has(landed.pathname + landed.search)) continue;
    audited.add(landed.pathname + landed.search);
    const results = await new AxeBuilder({ page }).analyze();
    for (const violation of results.violations) {
      if (!IMPACTS_REFUSED.has(violation.impact ?? '')) continue;
      found.push(
        `${address} → ${page.url().replace(/^https?:\/\/[^/]+/, '')} ${violation.impact} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      );
    }
  }
  return found;
}

test.describe('accessibility of every route, for every role', () => {
  test.describe.configure({ timeout: 420_000 });
  let params: Params;

  test.beforeAll(async ({ browser }) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const [tyre, wheel, merchandise] = [
      await firstProductOf(page, '/tyres?size=265%2F65R17'),
      await firstProductOf(page, '/wheels'),
      await firstProductOf(page, '/merchandise'),
    ];
    await context.close();
    params = { tyre, wheel, merchandise, orderId: '0' };
  });

  test('the route tree lists the pages the audit visits', () => {
    expect(routes).toEqual(
      expect.arrayContaining([
        '/',
        '/home',
        '/tyres',
        '/tyres/$slug',
        '/my-account',
        '/checkout',
        '/checkout/success/$orderId',
        '/staff',
      ]),
    );
  });

  test('visitor', async ({ page }) => {
    expect(await auditEveryRoute(page, params)).toEqual([]);
  });

  test('dealer, with a cart and a placed order', async ({ page }) => {
    await signIn(page, 'dealer@demo.test');
    await emptyCart(page);
    await addTyres(page, 1);
    await page.goto('/checkout');
    await page.getByRole('region', { name: 'Payment' }).getByRole('button', { name: 'Place Order' }).click();
    await expect(page).toHaveURL(/\/checkout\/success\/\d+$/);
    const orderId = /\/checkout\/success\/(\d+)$/.exec(page.url())?.[1] ?? '0';
    await addTyres(page, 1);
    expect(await auditEveryRoute(page, { ...params, orderId })).toEqual([]);
  });

  test('restricted sales retailer', async ({ page }) => {
    await signIn(page, 'retailer@demo.test');
    expect(await auditEveryRoute(page, params)).toEqual([]);
  });

  test('staff', async ({ page }) => {
    await page.goto('/staff/login');
    await page.getByLabel('Email').fill('staff@demo.test');
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/staff$/);
    expect(await auditEveryRoute(page, params)).toEqual([]);
  });
});
