import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contract/account';
import type { TradeTyreResults } from '../../src/contract/catalogue-tyres';
import { users } from '../../src/server/db/schema';
import { assignDiscountTier, createCatalogueFixture } from '../support/catalogue-fixtures';
import { bearer, createColleague, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * The roles of an account's users, enforced by the server: the owner may do everything; a buyer buys at trade but
 * cannot change the account's settings or (without the owner's switch) pay its invoices; a counter user browses at
 * RRP and can do nothing else that shows or spends at trade.
 */
describe("an account's users and their roles", () => {
  let t: TestApp;
  let owner: Record<string, string>;
  let buyer: Record<string, string>;
  let payingBuyer: Record<string, string>;
  let counter: Record<string, string>;
  let counterOfHiddenAccount: Record<string, string>;
  let buyerId: number;
  let buyerEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const fixture = await createCatalogueFixture(t.database.db, NOW);
    const account = await createCustomer(t.database.db, { state: 'VIC', priceDisplay: 'Trade' });
    await assignDiscountTier(t.database.db, account.account.id, fixture.goldTierId);
    const buyerUser = await createColleague(t.database.db, account.account.id, 'buyer');
    buyerId = buyerUser.user.id;
    buyerEmail = buyerUser.email;
    owner = bearer(await signIn(t.app, account.email));
    buyer = bearer(await signIn(t.app, buyerUser.email));
    payingBuyer = bearer(
      await signIn(
        t.app,
        (await createColleague(t.database.db, account.account.id, 'buyer', { canPayInvoices: true })).email,
      ),
    );
    counter = bearer(await signIn(t.app, (await createColleague(t.database.db, account.account.id, 'counter')).email));
    const hidden = await createCustomer(t.database.db, { state: 'VIC', priceDisplay: 'Hide' });
    counterOfHiddenAccount = bearer(
      await signIn(t.app, (await createColleague(t.database.db, hidden.account.id, 'counter')).email),
    );
    await t.app.catalogue.reload();
  });
  afterAll(() => t.close());

  const call = (headers: Record<string, string>, method: 'GET' | 'POST', path: string, payload?: object) =>
    t.app.inject({ method, url: api(path), headers, ...(payload ? { payload } : {}) });

  const tyre = async (headers: Record<string, string>, sku: string) => {
    const response = await call(headers, 'POST', 'Tyre/Search', {});
    expect(response.statusCode, response.body).toBe(200);
    const item = (response.json() as TradeTyreResults).items.find((candidate) => candidate.sku === sku);
    if (!item) throw new Error(`${sku} not in the answer`);
    return item;
  };

  it('tells each user their role and whether they may pay invoices', async () => {
    const info = async (headers: Record<string, string>) =>
      (await call(headers, 'GET', 'Account/UserInfo')).json() as UserInfo;
    expect(await info(owner)).toMatchObject({ role: 'owner', canPayInvoices: true });
    expect(await info(buyer)).toMatchObject({ role: 'buyer', canPayInvoices: false });
    expect(await info(payingBuyer)).toMatchObject({ role: 'buyer', canPayInvoices: true });
    expect(await info(counter)).toMatchObject({ role: 'counter', canPayInvoices: false });
  });

  it("answers a buyer the account's trade price and a counter user the RRP, never trade", async () => {
    expect(await tyre(owner, 'T1')).toMatchObject({ priceDisplay: 'Trade', priceCents: 18_000, rrpCents: 30_000 });
    expect(await tyre(buyer, 'T1')).toMatchObject({ priceDisplay: 'Trade', priceCents: 18_000, rrpCents: 30_000 });
    expect(await tyre(counter, 'T1')).toMatchObject({ priceDisplay: 'RRP', priceCents: 30_000, rrpCents: 30_000 });
    expect((await tyre(counter, 'T1')).priceBreaks).toEqual([]);
    expect(await tyre(counterOfHiddenAccount, 'T1')).toMatchObject({
      priceDisplay: 'Hide',
      priceCents: null,
      rrpCents: null,
    });
  });

  it("refuses a buyer the account's settings, and lets them read them", async () => {
    expect((await call(buyer, 'GET', 'Account/Details')).statusCode).toBe(200);
    const saved = await call(buyer, 'POST', 'Account/Details', {});
    expect(saved.statusCode).toBe(403);
    expect(saved.json()).toMatchObject({ detail: "Only the account's owner can do this." });
    const registered = await call(buyer, 'POST', 'Dealer/Register', {});
    expect(registered.statusCode).toBe(403);
  });

  it("lets a buyer pay the account's invoices only with the owner's switch on", async () => {
    const refused = await call(buyer, 'GET', 'Payment/Invoice?id=1');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: "Your account's owner has not allowed you to pay invoices." });
    expect([401, 403]).not.toContain((await call(payingBuyer, 'GET', 'Payment/Invoice?id=1')).statusCode);
    expect([401, 403]).not.toContain((await call(owner, 'GET', 'Payment/Invoice?id=1')).statusCode);
  });

  it('refuses a counter user the cart, checkout, orders, invoices and requests', async () => {
    for (const [method, path] of [
      ['GET', 'Cart/Get'],
      ['POST', 'Cart/Add'],
      ['GET', 'Checkout/Get'],
      ['GET', 'Order/History'],
      ['GET', 'Account/Invoices'],
      ['GET', 'Account/CreditLimit'],
      ['GET', 'Account/Requests'],
      ['POST', 'Form/ProductReturn'],
    ] as const) {
      const response = await call(counter, method, path, method === 'POST' ? {} : undefined);
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toMatchObject({
        detail: 'A counter user cannot do this: ask a buyer or the owner of the account.',
      });
    }
  });

  it('applies a changed role to a signed-in user within 30 seconds', async () => {
    const session = bearer(await signIn(t.app, buyerEmail));
    expect((await call(session, 'GET', 'Cart/Get')).statusCode).toBe(200);
    await t.database.db.update(users).set({ role: 'counter' }).where(eq(users.id, buyerId));
    t.clock.now = new Date(NOW.getTime() + 30_000);
    expect((await call(session, 'GET', 'Cart/Get')).statusCode).toBe(403);
    expect(await tyre(session, 'T1')).toMatchObject({ priceDisplay: 'RRP', priceCents: 30_000 });
  });
});
