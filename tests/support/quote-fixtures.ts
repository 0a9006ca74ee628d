import type { LightMyRequestResponse } from 'fastify';
import { assignDiscountTier, createCatalogueFixture } from './catalogue-fixtures';
import { bearer, createColleague, createCustomer, signIn } from './fixtures';
import { type TestApp, api } from './test-app';

/** An ABN with a valid checksum (the ATO's own example). */
export const SHOP_ABN = '51824753556';

/**
 * A tyre shop's account on the Gold tier (T1 at trade $180.00 for it, RRP $300.00) with an owner, a buyer and a counter
 * user, and another account with a user of its own.
 */
export async function createQuoteFixture(t: TestApp, now: Date) {
  const db = t.database.db;
  const catalogue = await createCatalogueFixture(db, now);
  const shop = await createCustomer(db, { state: 'VIC', priceDisplay: 'Trade', name: 'Corner Tyres' });
  await assignDiscountTier(db, shop.account.id, catalogue.goldTierId);
  const buyer = await createColleague(db, shop.account.id, 'buyer');
  const counter = await createColleague(db, shop.account.id, 'counter');
  const other = await createCustomer(db, { state: 'VIC' });
  await t.app.catalogue.reload();
  return {
    catalogue,
    shop,
    owner: bearer(await signIn(t.app, shop.email)),
    buyer: bearer(await signIn(t.app, buyer.email)),
    counter: bearer(await signIn(t.app, counter.email)),
    counterName: counter.user.name,
    otherAccount: bearer(await signIn(t.app, other.email)),
  };
}

/** Calls the API as the user of `headers`. */
export function quoteCalls(t: TestApp, headers: Record<string, string>) {
  const call = (method: 'GET' | 'POST', path: string, payload?: object): Promise<LightMyRequestResponse> =>
    t.app.inject({ method, url: api(path), headers, ...(payload ? { payload } : {}) });
  return {
    get: (path: string) => call('GET', path),
    post: (path: string, payload: object) => call('POST', path, payload),
  };
}
