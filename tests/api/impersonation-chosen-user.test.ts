import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contract/account';
import type { AuthResult } from '../../src/contract/auth';
import type { CartState } from '../../src/contract/cart';
import { impersonationAudit, orders, users } from '../../src/server/db/schema';
import { checkoutCalls, createCheckoutFixture } from '../support/checkout-fixtures';
import { bearer, createCustomer, createStaff, createColleague, signIn } from '../support/fixtures';
import { sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

describe('Staff/ImpersonationToken acts as the chosen user of the account', () => {
  let t: TestApp;
  let fixture: Awaited<ReturnType<typeof createCheckoutFixture>>;
  let staff: AuthResult;
  let staffId: number;
  let customer: Awaited<ReturnType<typeof createCustomer>>;
  let buyer: { id: number; email: string };
  let disabled: { id: number };
  let outsider: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    fixture = await createCheckoutFixture(db, NOW);
    await t.app.catalogue.reload();
    customer = await createCustomer(db, {
      state: 'VIC',
      deliveryAddress1: '1 Trade St',
      deliveryCity: 'Melbourne',
      deliveryPostcode: '3000',
      creditLimitCents: 10_000_000,
      termsDays: 30,
    });
    buyer = (await createColleague(db, customer.account.id, 'buyer', { name: 'Carla Buyer' })).user;
    disabled = (await createColleague(db, customer.account.id, 'buyer', { name: 'Gone Person', disabled: true })).user;
    outsider = await createCustomer(db);
    const staffUser = await createStaff(db);
    staffId = staffUser.id;
    staff = await signInStaff(t.app, staffUser.email);
  });
  afterAll(() => t.close());

  const mint = (payload: object) =>
    t.app.inject({ method: 'POST', url: api('Staff/ImpersonationToken'), headers: bearer(staff), payload });
  const actAs = async (payload: object) => {
    const minted = await mint(payload);
    expect(minted.statusCode, minted.body).toBe(200);
    const redeemed = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Impersonate'),
      headers: bearer(staff),
      payload: { token: minted.json<{ token: string }>().token, captchaToken: 'local-captcha' },
    });
    expect(redeemed.statusCode, redeemed.body).toBe(200);
    return redeemed.json<AuthResult>();
  };

  it('signs in as the chosen user, whose name the session carries, and audits that user', async () => {
    await t.database.db.delete(impersonationAudit);
    const acting = await actAs({ accountId: customer.account.id, userId: buyer.id });
    const info = await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: sessionHeaders(acting) });
    expect(info.json<UserInfo>()).toMatchObject({ name: 'Carla Buyer', isImpersonating: true });
    const audited = await t.database.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.staffId, staffId));
    expect(audited.map((row) => [row.path, row.accountId, row.userId])).toContainEqual([
      '/yhi/api/Authenticate/Impersonate',
      customer.account.id,
      buyer.id,
    ]);
  });

  it("works on the chosen user's cart, and the order it places records that user and the staff member", async () => {
    const acting = checkoutCalls(
      t.app,
      sessionHeaders(await actAs({ accountId: customer.account.id, userId: buyer.id })),
    );
    await acting.add(fixture.tyres.t1, 2);
    const counterSelf = checkoutCalls(t.app, bearer(await signIn(t.app, buyer.email)));
    const firstUser = checkoutCalls(t.app, bearer(await signIn(t.app, customer.email)));
    expect((await counterSelf.get('Cart/Get')).json<CartState>().items.map((item) => item.quantity)).toEqual([2]);
    expect((await firstUser.get('Cart/Get')).json<CartState>().items).toEqual([]);
    const placed = await acting.completed({ paymentMethod: 'Payments.TradingAccount' });
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, placed.orderId));
    expect([order?.userId, order?.impersonatorStaffId]).toEqual([buyer.id, staffId]);
  });

  it("without a userId acts as the account's first enabled user", async () => {
    const acting = await actAs({ accountId: customer.account.id });
    const info = await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: sessionHeaders(acting) });
    expect(info.json<UserInfo>().name).toBe(customer.user.name);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, customer.user.id));
    const next = await actAs({ accountId: customer.account.id });
    const nextInfo = await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: sessionHeaders(next) });
    expect(nextInfo.json<UserInfo>().name).toBe('Carla Buyer');
    await t.database.db.update(users).set({ disabled: false }).where(eq(users.id, customer.user.id));
  });

  it('refuses a user of another account (404) and a disabled user (400), naming userId', async () => {
    const foreign = await mint({ accountId: customer.account.id, userId: outsider.user.id });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toMatchObject({
      detail: 'That user is not a user of this account.',
      validationErrors: [{ name: 'userId', reason: 'That user is not a user of this account.' }],
    });
    const off = await mint({ accountId: customer.account.id, userId: disabled.id });
    expect(off.statusCode).toBe(400);
    expect(off.json()).toMatchObject({
      detail: 'That user is disabled and cannot be acted as.',
      validationErrors: [{ name: 'userId', reason: 'That user is disabled and cannot be acted as.' }],
    });
    const bad = await mint({ accountId: customer.account.id, userId: 'two' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ validationErrors: [{ name: 'userId' }] });
  });
});
