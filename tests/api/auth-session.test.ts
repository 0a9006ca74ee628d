import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contract/account';
import type { AuthResult } from '../../src/contract/auth';
import { SIGN_IN_REFUSED } from '../../src/server/modules/auth/auth-service';
import { FIXTURE_PASSWORD, bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';

describe('Authenticate: sign-in, tokens and refresh', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });
    customer = await createCustomer(t.database.db, { isMarshalKeyDealer: true, hasPitPass: true });
  });
  afterAll(() => t.close());

  const userInfo = (headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers });
  const refresh = (payload: object) => t.app.inject({ method: 'POST', url: api('Authenticate/TokenRefresh'), payload });

  it('signs a customer in with the auth result of SPEC.md §3, and the token reads the user', async () => {
    const result = await signIn(t.app, customer.email.toUpperCase());
    expect(result).toMatchObject({
      cookieExpiry: 1440,
      isStaffMember: false,
      impersonatorToken: null,
      impersonatorRefresherToken: null,
      returnUrl: null,
    });
    expect(result.refreshToken).toMatch(/^[\w-]{40,}$/);
    const response = await userInfo(bearer(result));
    expect(response.statusCode).toBe(200);
    expect(response.json<UserInfo>()).toMatchObject({
      isLoggedIn: true,
      name: customer.user.name,
      sapCode: customer.account.code,
      isMarshalKeyDealer: true,
      hasPitPass: true,
      isStaffMember: false,
      isImpersonating: false,
    });
  });

  it('gives the same answer for an unknown email and a wrong password', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: customer.email, password: 'not the password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: 'nobody@fixture.test', password: FIXTURE_PASSWORD },
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ detail: SIGN_IN_REFUSED, isError: true });
  });

  it('keeps customers and staff apart: a customer cannot use the staff login, nor staff the customer one', async () => {
    const staff = await createStaff(t.database.db);
    const staffAtCustomerLogin = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: staff.email, password: FIXTURE_PASSWORD },
    });
    expect(staffAtCustomerLogin.statusCode).toBe(400);
    await expect(signInStaff(t.app, customer.email)).rejects.toThrow(/400/);
    const staffSession = await signInStaff(t.app, staff.email);
    expect(staffSession.isStaffMember).toBe(true);
    expect((await userInfo(bearer(staffSession))).json<UserInfo>()).toMatchObject({
      isStaffMember: true,
      name: staff.name,
      isImpersonating: false,
    });
  });

  it('refuses tampered, foreign-signed, expired and malformed tokens with 401', async () => {
    const result = await signIn(t.app, customer.email);
    const [header, payload, signature] = result.token.split('.');
    const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
    const forgedPayload = Buffer.from(JSON.stringify({ ...claims, acc: 999_999 })).toString('base64url');
    const foreign = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('another-secret-another-secret-another-secret'));
    const expired = await new SignJWT({ ...claims, exp: Math.floor(Date.now() / 1000) - 10 })
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode(SECRET));
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`;
    for (const token of [`${header}.${forgedPayload}.${signature}`, foreign, expired, unsigned, 'garbage']) {
      expect((await userInfo({ authorization: `Bearer ${token}` })).statusCode).toBe(401);
    }
  });

  it('expires the access token after its lifetime (86400 s by default)', async () => {
    const signedInAt = new Date();
    t.clock.now = signedInAt;
    const result = await signIn(t.app, customer.email);
    t.clock.now = new Date(signedInAt.getTime() + 86_399_000);
    expect((await userInfo(bearer(result))).statusCode).toBe(200);
    t.clock.now = new Date(signedInAt.getTime() + 86_401_000);
    expect((await userInfo(bearer(result))).statusCode).toBe(401);
    t.clock.now = new Date();
  });

  it('rotates the refresh token on every use; the new pair works', async () => {
    const first = await signIn(t.app, customer.email);
    const second = await refresh({ token: first.token, refreshToken: first.refreshToken });
    expect(second.statusCode).toBe(200);
    const rotated = second.json<AuthResult>();
    expect(rotated.refreshToken).not.toBe(first.refreshToken);
    expect((await userInfo(bearer(rotated))).statusCode).toBe(200);
    const third = await refresh({ token: rotated.token, refreshToken: rotated.refreshToken });
    expect(third.statusCode).toBe(200);
  });

  it('revokes the whole family when a spent refresh token is used again', async () => {
    const first = await signIn(t.app, customer.email);
    const rotated = (await refresh({ refreshToken: first.refreshToken })).json<AuthResult>();
    const replay = await refresh({ refreshToken: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect((await refresh({ refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    // Another sign-in is another family and is untouched.
    const other = await signIn(t.app, customer.email);
    expect((await refresh({ refreshToken: other.refreshToken })).statusCode).toBe(200);
  });

  it("refuses an unknown refresh token, and one presented with somebody else's access token", async () => {
    expect((await refresh({ refreshToken: 'never-issued' })).statusCode).toBe(401);
    const mine = await signIn(t.app, customer.email);
    const someoneElse = await createCustomer(t.database.db);
    const theirs = await signIn(t.app, someoneElse.email);
    expect((await refresh({ token: theirs.token, refreshToken: mine.refreshToken })).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const result = await signIn(t.app, customer.email);
    t.clock.now = new Date(Date.now() + 31 * 86_400_000);
    expect((await refresh({ refreshToken: result.refreshToken })).statusCode).toBe(401);
    t.clock.now = new Date();
  });

  it('ends a session on sign-out: its refresh token (and any newer one of the family) no longer renews', async () => {
    const first = await signIn(t.app, customer.email);
    const rotated = (await refresh({ refreshToken: first.refreshToken })).json<AuthResult>();
    const logout = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Logout'),
      payload: { refreshToken: rotated.refreshToken },
    });
    expect(logout.statusCode).toBe(200);
    expect((await refresh({ refreshToken: rotated.refreshToken })).statusCode).toBe(401);
    const unknown = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Logout'),
      payload: { refreshToken: 'never-issued' },
    });
    expect(unknown.statusCode).toBe(200);
  });

  it('refreshes staff sessions as staff', async () => {
    const staff = await createStaff(t.database.db);
    const session = await signInStaff(t.app, staff.email);
    const renewed = await refresh({ token: session.token, refreshToken: session.refreshToken });
    expect(renewed.statusCode).toBe(200);
    expect(renewed.json<AuthResult>().isStaffMember).toBe(true);
  });
});
