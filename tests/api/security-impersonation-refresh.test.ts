import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { staffUsers } from '../../src/server/db/schema';
import { createCustomer, createStaff } from '../support/fixtures';
import { impersonate, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('a refresh re-checks the staff member behind an impersonation', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' } });
  });
  afterAll(() => t.close());

  const refresh = (session: AuthResult) =>
    t.app.inject({
      method: 'POST',
      url: api('Authenticate/TokenRefresh'),
      payload: { token: session.token, refreshToken: session.refreshToken },
    });
  const staffCall = (token: string, path: string, payload: object) =>
    t.app.inject({ method: 'POST', url: api(path), headers: { authorization: `Bearer ${token}` }, payload });

  it('gives a disabled staff member nothing back, and their impersonator tokens stop working', async () => {
    const customer = await createCustomer(t.database.db);
    const staffUser = await createStaff(t.database.db);
    const acting = await impersonate(t.app, await signInStaff(t.app, staffUser.email), customer.account.id);
    await t.database.db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, staffUser.id));

    expect((await refresh(acting)).statusCode).toBe(401);
    // The staff token handed out with the impersonation no longer opens staff routes either (after the brief cache).
    t.clock.now = new Date(t.clock.now.getTime() + 31_000);
    const token = acting.impersonatorToken ?? '';
    expect((await staffCall(token, 'Staff/Vendors', { search: '' })).statusCode).toBe(401);
    expect((await staffCall(token, 'Staff/ImpersonationToken', { accountId: customer.account.id })).statusCode).toBe(
      401,
    );
  });

  it('still renews the impersonation of a staff member in good standing', async () => {
    const customer = await createCustomer(t.database.db);
    const staffUser = await createStaff(t.database.db);
    const acting = await impersonate(t.app, await signInStaff(t.app, staffUser.email), customer.account.id);
    const renewed = await refresh(acting);
    expect(renewed.statusCode).toBe(200);
    const token = renewed.json<AuthResult>().impersonatorToken ?? '';
    expect((await staffCall(token, 'Staff/Vendors', { search: '' })).statusCode).toBe(200);
  });
});
