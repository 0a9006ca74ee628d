import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createColleague, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const env = { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' };
const LAST_OWNER =
  'The account needs an enabled owner: make another user an owner before you step down or disable yourself.';

/** An account always keeps one enabled owner: the last cannot step down or disable themselves. */
describe('the last enabled owner', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(async () => {
    await t.close();
  });

  it('cannot demote or disable themselves (409), and can once another owner is enabled', async () => {
    const customer = await createCustomer(t.database.db);
    const owner = bearer(await signIn(t.app, customer.email));
    const update = (payload: object) =>
      t.app.inject({ method: 'POST', url: api('Account/UserUpdate'), headers: owner, payload });
    const self = { email: customer.email, canPayInvoices: true };

    for (const change of [
      { role: 'buyer', disabled: false },
      { role: 'counter', disabled: false },
      { role: 'owner', disabled: true },
    ]) {
      const refused = await update({ ...self, ...change });
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ detail: LAST_OWNER });
    }

    const other = await createColleague(t.database.db, customer.account.id, 'buyer');
    expect(
      (await update({ email: other.email, role: 'owner', canPayInvoices: false, disabled: true })).statusCode,
    ).toBe(200);
    const stillLast = await update({ ...self, role: 'buyer', disabled: false });
    expect(stillLast.statusCode).toBe(409);

    expect(
      (await update({ email: other.email, role: 'owner', canPayInvoices: false, disabled: false })).statusCode,
    ).toBe(200);
    const steppedDown = await update({ ...self, role: 'buyer', disabled: false });
    expect(steppedDown.statusCode, steppedDown.body).toBe(200);
    expect((await update({ ...self, role: 'owner', disabled: false })).statusCode).toBe(403);
  });
});
