import { screen, waitFor } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { homeMerchandise, promotionBanners } from '../../src/server/db/schema';
import { createCatalogueFixture } from '../support/catalogue-fixtures';
import { createCustomer, signIn } from '../support/fixtures';
import { renderApp } from '../support/render-app';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
let dealer: AuthResult;

beforeAll(async () => {
  t = await createTestApp();
  await createCatalogueFixture(t.database.db, t.clock.now);
  await t.app.catalogue.reload();
  await t.database.db.insert(promotionBanners).values({
    title: 'Winter wheel deal',
    imageUrl: '/images/promotions/summer-tyre-sale.svg',
    alternateText: 'Winter wheel deal',
    linkUrl: '/wheels',
  });
  await t.database.db.insert(homeMerchandise).values({
    title: 'Valve caps',
    imageUrl: '/images/home/tyre-care.svg',
    alternateText: 'Valve caps',
    linkUrl: '/merchandise',
    sortOrder: 1,
  });
  const customer = await createCustomer(t.database.db, { state: 'VIC' });
  dealer = await signIn(t.app, customer.email);
}, 60_000);

afterAll(() => t?.close());

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

/** How many times each API path was called while the page loaded. */
function countCalls() {
  const calls = new Map<string, number>();
  const record = (path: string) => {
    const name = path.replace(/^\/yhi\/api\//i, '');
    calls.set(name, (calls.get(name) ?? 0) + 1);
  };
  return { record, calls };
}

/** Lets every query the page started answer, and a little more, so a second round of calls would be seen. */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 300));
}

// A page load asks each thing once; a second Cart/Count or banner call is a wasted round trip.
describe('API calls of one page load for a signed-in dealer', () => {
  it('/home asks for the cart count, the promotion banner and the merchandise once each', async () => {
    const { record, calls } = countCalls();
    renderApp(t, '/home', dealer, record);
    await screen.findByRole('img', { name: 'Winter wheel deal' });
    await screen.findByRole('link', { name: /Valve caps/ });
    await waitFor(() => expect(calls.get('Cart/Count')).toBeGreaterThan(0));
    await settle();
    expect(calls.get('Cart/Count')).toBe(1);
    expect(calls.get('Home/PromotionBanner')).toBe(1);
    expect(calls.get('Home/Merchandise')).toBe(1);
    for (const [path, count] of calls) expect({ path, count }).toEqual({ path, count: 1 });
  });

  it('/tyres asks for each thing once', async () => {
    const { record, calls } = countCalls();
    renderApp(t, '/tyres?size=265%2F65R17', dealer, record);
    await screen.findByRole('article', { name: 'Alpha Road One 265/65R17 112H' });
    await waitFor(() => expect(calls.get('Cart/Count')).toBeGreaterThan(0));
    await settle();
    expect(calls.get('Cart/Count')).toBe(1);
    for (const [path, count] of calls) expect({ path, count }).toEqual({ path, count: 1 });
  });
});
