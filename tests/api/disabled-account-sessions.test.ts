import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../../src/server/db/schema';
import { FIXTURE_PASSWORD, bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const env = { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' };
const WITHIN_A_MINUTE_MS = 60_000;

describe('the users of a disabled account are treated as disabled users', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(async () => {
    await t.close();
  });

  it('ends their access tokens within a minute, refuses their refresh tokens and refuses their sign-in', async () => {
    const customer = await createCustomer(t.database.db);
    const session = await signIn(t.app, customer.email);
    const userInfo = () =>
      t.app
        .inject({ method: 'GET', url: api('Account/UserInfo'), headers: bearer(session) })
        .then((response) => response.statusCode);
    expect(await userInfo()).toBe(200);

    await t.database.db.update(accounts).set({ disabled: true }).where(eq(accounts.id, customer.account.id));
    t.clock.now = new Date(t.clock.now.getTime() + WITHIN_A_MINUTE_MS);

    expect(await userInfo()).toBe(401);
    const renewed = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/TokenRefresh'),
      payload: { refreshToken: session.refreshToken },
    });
    expect(renewed.statusCode).toBe(401);
    const again = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: customer.email, password: FIXTURE_PASSWORD },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ detail: 'The email or password is incorrect.' });
  });
});
