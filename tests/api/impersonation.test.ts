import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contract/account';
import type { AuthResult } from '../../src/contract/auth';
import type { VendorPage } from '../../src/contract/staff';
import { impersonationAudit } from '../../src/server/db/schema';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { impersonate, sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('Staff: vendors search and impersonation', () => {
  let t: TestApp;
  let staff: AuthResult;
  let staffId: number;
  let staffName: string;
  let customer: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });
    customer = await createCustomer(t.database.db, { name: 'Zebra Crossing Tyres', isAssociateDealer: true });
    const staffUser = await createStaff(t.database.db);
    staffId = staffUser.id;
    staffName = staffUser.name;
    staff = await signInStaff(t.app, staffUser.email);
  });
  afterAll(() => t.close());

  const vendors = (payload: object, headers = bearer(staff)) =>
    t.app.inject({ method: 'POST', url: api('Staff/Vendors'), headers, payload });
  const mint = (accountId: number, headers = bearer(staff)) =>
    t.app.inject({ method: 'POST', url: api('Staff/ImpersonationToken'), headers, payload: { accountId } });
  const redeem = (token: string, captchaToken = 'local-captcha') =>
    t.app.inject({
      method: 'POST',
      url: api('Authenticate/Impersonate'),
      headers: bearer(staff),
      payload: { token, captchaToken },
    });

  it('finds customer accounts by code or by part of the name, case-insensitively, a page at a time', async () => {
    const byName = (await vendors({ search: 'zebra crossing' })).json<VendorPage>();
    expect(byName.items.map((v) => v.sapCode)).toEqual([customer.account.code]);
    expect(byName.items[0]).toMatchObject({ name: 'Zebra Crossing Tyres', contactName: customer.user.name });
    const byCode = (await vendors({ search: customer.account.code.toLowerCase() })).json<VendorPage>();
    expect(byCode.items.map((v) => v.accountId)).toEqual([customer.account.id]);
    for (let index = 0; index < 4; index += 1) await createCustomer(t.database.db);
    const page = (await vendors({ search: '', page: 2, pageSize: 2 })).json<VendorPage>();
    expect(page).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(page.items).toHaveLength(2);
    expect((await vendors({ search: '%' })).json<VendorPage>().total).toBe(0);
  });

  it('is for staff only', async () => {
    const session = await signIn(t.app, customer.email);
    expect((await vendors({}, bearer(session))).statusCode).toBe(403);
    expect((await vendors({}, {})).statusCode).toBe(401);
    expect((await mint(customer.account.id, bearer(session))).statusCode).toBe(403);
  });

  it('lets staff act as the account: the customer token, with the staff token as impersonator', async () => {
    const acting = await impersonate(t.app, staff, customer.account.id);
    expect(acting.impersonatorToken).toEqual(expect.any(String));
    expect(acting.impersonatorRefresherToken).toEqual(expect.any(String));
    expect(acting.isStaffMember).toBe(false);
    const info = await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: sessionHeaders(acting) });
    expect(info.statusCode).toBe(200);
    expect(info.json<UserInfo>()).toMatchObject({
      sapCode: customer.account.code,
      isImpersonating: true,
      isStaffMember: false,
      isAssociateDealer: true,
      accountName: 'Zebra Crossing Tyres',
      impersonatorName: staffName,
    });
    // The staff token returned is a working staff session to go back to.
    expect((await vendors({ search: '' }, { authorization: `Bearer ${acting.impersonatorToken}` })).statusCode).toBe(
      200,
    );
  });

  it('requires the impersonator header of the staff member who minted the token', async () => {
    const acting = await impersonate(t.app, staff, customer.account.id);
    const call = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers });
    expect((await call(bearer(acting))).statusCode).toBe(401);
    const otherStaff = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    expect((await call({ ...bearer(acting), 'x-impersonator-token': otherStaff.token })).statusCode).toBe(401);
    const someCustomer = await signIn(t.app, customer.email);
    expect((await call({ ...bearer(acting), 'x-impersonator-token': someCustomer.token })).statusCode).toBe(401);
    expect((await call(sessionHeaders(acting))).statusCode).toBe(200);
  });

  it('makes impersonation tokens single use and short-lived', async () => {
    const { token } = (await mint(customer.account.id)).json<{ token: string; expiresInSeconds: number }>();
    expect((await redeem(token)).statusCode).toBe(200);
    expect((await redeem(token)).statusCode).toBe(401);
    const late = (await mint(customer.account.id)).json<{ token: string; expiresInSeconds: number }>();
    t.clock.now = new Date(Date.now() + (late.expiresInSeconds + 5) * 1000);
    expect((await redeem(late.token)).statusCode).toBe(401);
    t.clock.now = new Date();
    expect((await redeem('never-minted')).statusCode).toBe(401);
  });

  it('needs a captcha token, and answers the captcha validation error when it is refused', async () => {
    const { token } = (await mint(customer.account.id)).json<{ token: string }>();
    const refused = await redeem(token, '');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      validationErrors: [{ name: 'CaptchaToken', reason: 'Recaptcha token is invalid.' }],
    });
    // The refused attempt did not spend the token.
    expect((await redeem(token)).statusCode).toBe(200);
  });

  it('keeps the impersonation across a refresh, renewing the staff token too', async () => {
    const acting = await impersonate(t.app, staff, customer.account.id);
    const refreshed = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/TokenRefresh'),
      payload: { token: acting.token, refreshToken: acting.refreshToken },
    });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.json<AuthResult>();
    expect(renewed.impersonatorToken).toEqual(expect.any(String));
    const info = await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: sessionHeaders(renewed) });
    expect(info.json<UserInfo>().isImpersonating).toBe(true);
  });

  it('records every request made while impersonating, with both identities', async () => {
    const acting = await impersonate(t.app, staff, customer.account.id);
    await t.database.db.delete(impersonationAudit);
    await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: sessionHeaders(acting) });
    await t.app.inject({ method: 'POST', url: api('Staff/Vendors'), headers: sessionHeaders(acting), payload: {} });
    const rows = await t.database.db
      .select()
      .from(impersonationAudit)
      .where(eq(impersonationAudit.staffId, staffId))
      .orderBy(impersonationAudit.id);
    expect(rows.map((r) => [r.method, r.path, r.status, r.accountId, r.userId])).toEqual([
      ['GET', '/yhi/api/Account/UserInfo', 200, customer.account.id, customer.user.id],
      ['POST', '/yhi/api/Staff/Vendors', 403, customer.account.id, customer.user.id],
    ]);
  });
});
