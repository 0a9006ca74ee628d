import { createHash, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { buildApp } from '../../src/server/app';
import { passwordResetTokens, staffUsers, users } from '../../src/server/db/schema';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { impersonate, sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp, testConfig } from '../support/test-app';

const env = { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' };
/** The promise: ended access stops working everywhere within 60 s. */
const WITHIN_A_MINUTE_MS = 60_000;

describe('access tokens end with their session, on every instance within a minute', () => {
  let t: TestApp;
  let second: FastifyInstance;

  beforeAll(async () => {
    t = await createTestApp({ env });
    second = await buildApp(testConfig(env), { database: t.database, now: () => t.clock.now });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });

  const userInfo = (app: FastifyInstance, headers: Record<string, string>) =>
    app.inject({ method: 'GET', url: api('Account/UserInfo'), headers }).then((response) => response.statusCode);
  const aMinuteLater = () => {
    t.clock.now = new Date(t.clock.now.getTime() + WITHIN_A_MINUTE_MS);
  };

  it('ends an access token at logout: at once where it was signed out, within a minute on the other instance', async () => {
    const customer = await createCustomer(t.database.db);
    const session = await signIn(t.app, customer.email);
    expect(await userInfo(second, bearer(session))).toBe(200);
    await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Logout'),
      payload: { refreshToken: session.refreshToken },
    });
    expect(await userInfo(t.app, bearer(session))).toBe(401);
    aMinuteLater();
    expect(await userInfo(second, bearer(session))).toBe(401);
  });

  it('ends every session of a user whose password was reset', async () => {
    const customer = await createCustomer(t.database.db);
    const session = await signIn(t.app, customer.email);
    const token = 'reset-secret';
    const guid = randomUUID();
    await t.database.db.insert(passwordResetTokens).values({
      guid,
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: customer.user.id,
      expiresAt: new Date(t.clock.now.getTime() + 600_000),
    });
    const reset = await second.inject({
      method: 'POST',
      url: api('Authenticate/ResetPassword'),
      payload: { token, guid, email: customer.email, password: 'Another-pass-42' },
    });
    expect(reset.statusCode).toBe(200);
    expect(await userInfo(second, bearer(session))).toBe(401);
    aMinuteLater();
    expect(await userInfo(t.app, bearer(session))).toBe(401);
  });

  it('ends the sessions of a disabled user and a disabled staff member', async () => {
    const customer = await createCustomer(t.database.db);
    const session = await signIn(t.app, customer.email);
    const staffUser = await createStaff(t.database.db);
    const staff = await signInStaff(t.app, staffUser.email);
    expect(await userInfo(t.app, bearer(session))).toBe(200);
    expect(await userInfo(second, bearer(staff))).toBe(200);
    await t.database.db.update(users).set({ disabled: true }).where(eq(users.id, customer.user.id));
    await t.database.db.update(staffUsers).set({ disabled: true }).where(eq(staffUsers.id, staffUser.id));
    aMinuteLater();
    for (const app of [t.app, second]) {
      expect(await userInfo(app, bearer(session))).toBe(401);
      expect(await userInfo(app, bearer(staff))).toBe(401);
    }
  });

  it('signs a customer out everywhere, and a staff member out of their impersonations too', async () => {
    const customer = await createCustomer(t.database.db);
    const here = await signIn(t.app, customer.email);
    const there = await signIn(second, customer.email);
    const everywhere = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/LogoutEverywhere'),
      headers: bearer(here),
    });
    expect(everywhere.statusCode).toBe(200);
    aMinuteLater();
    for (const session of [here, there]) {
      expect(await userInfo(second, bearer(session))).toBe(401);
      const renewed = await second.inject({
        method: 'POST',
        url: api('Authenticate/TokenRefresh'),
        payload: { refreshToken: session.refreshToken },
      });
      expect(renewed.statusCode).toBe(401);
    }

    const staff: AuthResult = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    const acting = await impersonate(t.app, staff, customer.account.id);
    expect(await userInfo(second, sessionHeaders(acting))).toBe(200);
    await t.app.inject({ method: 'POST', url: api('Authenticate/LogoutEverywhere'), headers: bearer(staff) });
    aMinuteLater();
    expect(await userInfo(second, sessionHeaders(acting))).toBe(401);
    expect(await userInfo(second, bearer(staff))).toBe(401);
  });
});
