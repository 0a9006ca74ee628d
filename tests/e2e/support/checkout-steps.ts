import { type BrowserContext, type Page, type TestInfo, expect } from '@playwright/test';

/** Steps the checkout specs share, on the demo data (src/server/seed). */
export const DEMO_PASSWORD = 'Demo!2345';

type SavedSession = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * Each account signs in through /login once per worker; later tests reuse that session, because the shop limits
 * sign-in attempts (a run of `--repeat-each 3` would otherwise be refused with 'Too many attempts').
 */
const sessions = new Map<string, SavedSession>();

export function hasSignedIn(email: string): boolean {
  return sessions.has(email);
}

export async function signIn(page: Page, email: string) {
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
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/tyres$/);
  }
  await expect(page.getByRole('button', { name: /^Account menu for / })).toBeVisible();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('yhi.session'))).not.toBeNull();
  if (!saved) sessions.set(email, await page.context().storageState());
}

/** A POST to the shop's API from the page, with the signed-in session's token; answers the status. */
export function callApi(page: Page, path: string, body?: object): Promise<number> {
  return page.evaluate(
    async ({ path: at, body: sent }) => {
      const session = JSON.parse(localStorage.getItem('yhi.session') ?? '{}') as { token?: string };
      const headers: Record<string, string> = { Authorization: `Bearer ${session.token ?? ''}` };
      if (sent) headers['Content-Type'] = 'application/json';
      const answer = await fetch(`/yhi/api/${at}`, {
        method: 'POST',
        headers,
        ...(sent ? { body: JSON.stringify(sent) } : {}),
      });
      return answer.status;
    },
    { path, body },
  );
}

/** Every test starts from an empty cart, whatever an earlier run left behind. */
export async function emptyCart(page: Page) {
  expect(await callApi(page, 'Cart/Clear')).toBe(200);
}

export const cartButton = (page: Page, count: number) =>
  page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` });

/** The first result card (whose name matches `named`, when given) that the own warehouses hold `quantity` of. */
export async function firstCardWithStock(page: Page, quantity: number, named?: RegExp) {
  const cards = page.getByRole('region', { name: 'Results' }).getByRole('article');
  await expect(cards.first()).toBeVisible();
  for (const card of await cards.all()) {
    if (named && !named.test((await card.getAttribute('aria-label')) ?? '')) continue;
    const badge = (await card.getByRole('button', { name: /stock by warehouse for/ }).textContent()) ?? '';
    // '9 local · 99 interstate', '12 local', '40 interstate': the own warehouses hold the sum.
    const held = [...badge.matchAll(/(\d+) (?:local|interstate)/g)].reduce((sum, match) => sum + Number(match[1]), 0);
    if (held >= quantity) return card;
  }
  throw new Error(`no product on the first page${named ? ` named ${named}` : ''} has ${quantity} in stock`);
}

/** Adds `quantity` of the first 265/65R17 tyre of the results that is in stock, through its quantity pill; answers its name. */
export async function addTyres(page: Page, quantity: number): Promise<string> {
  await page.goto('/tyres?size=265%2F65R17');
  const card = await firstCardWithStock(page, quantity);
  const name = (await card.getAttribute('aria-label')) ?? '';
  await card.getByRole('button', { name: 'Add to Cart' }).click();
  const pill = card.getByRole('spinbutton', { name: `Quantity of ${name}` });
  await expect(pill).toHaveValue('1');
  await pill.fill(String(quantity));
  await expect(cartButton(page, quantity)).toBeVisible();
  return name;
}

export async function openCheckout(page: Page) {
  await page.goto('/checkout');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Order summary' })).toBeVisible();
  await expect(page).toHaveTitle('YHI | Checkout');
}

/** A full-page screenshot kept with the test's results. */
export async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: 'image/png' });
}

export const orderDetails = (page: Page) => page.getByRole('region', { name: 'Order details' });
