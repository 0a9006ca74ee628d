import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, bearer, createColleague, createCustomer, signIn } from '../support/fixtures';
import { startSecondInstance } from '../support/second-instance';
import { type TestApp, api, createTestApp } from '../support/test-app';

const env = { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' };
const WITHIN_A_MINUTE_MS = 60_000;

/** Account/UserUpdate with disabled: the owner ends a user's sessions on every instance within a minute. */
describe('an owner disabling a user signs them out', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses their token at once here and within a minute on another instance, and their refresh and sign-in', async () => {
    const customer = await createCustomer(t.database.db);
    const owner = bearer(await signIn(t.app, customer.email));
    const buyer = await createColleague(t.database.db, customer.account.id, 'buyer');
    const session = await signIn(t.app, buyer.email);
    const second = await startSecondInstance(t, env);
    try {
      const userInfo = (app = t.app) =>
        app
          .inject({ method: 'GET', url: api('Account/UserInfo'), headers: bearer(session) })
          .then((response) => response.statusCode);
      expect(await userInfo()).toBe(200);
      expect(await userInfo(second.app)).toBe(200);

      const disabled = await t.app.inject({
        method: 'POST',
        url: api('Account/UserUpdate'),
        headers: owner,
        payload: { email: buyer.email, role: 'buyer', canPayInvoices: false, disabled: true },
      });
      expect(disabled.statusCode, disabled.body).toBe(200);
      expect(await userInfo()).toBe(401);

      t.clock.now = new Date(t.clock.now.getTime() + WITHIN_A_MINUTE_MS);
      expect(await userInfo(second.app)).toBe(401);
      const renewed = await t.app.inject({
        method: 'POST',
        url: api('Authenticate/TokenRefresh'),
        payload: { refreshToken: session.refreshToken },
      });
      expect(renewed.statusCode).toBe(401);
      const login = { email: buyer.email, password: FIXTURE_PASSWORD };
      expect((await t.app.inject({ method: 'POST', url: api('Authenticate/Login'), payload: login })).statusCode).toBe(
        400,
      );

      const enabled = await t.app.inject({
        method: 'POST',
        url: api('Account/UserUpdate'),
        headers: owner,
        payload: { email: buyer.email, role: 'buyer', canPayInvoices: false, disabled: false },
      });
      expect(enabled.statusCode).toBe(200);
      expect((await t.app.inject({ method: 'POST', url: api('Authenticate/Login'), payload: login })).statusCode).toBe(
        200,
      );
    } finally {
      await second.close();
    }
  });
});
