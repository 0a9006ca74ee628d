import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, bearer, createColleague, createCustomer, createStaff, signIn } from '../support/fixtures';
import { impersonate, sessionHeaders, signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const env = { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' };

/** Account/Profile and Account/ChangePassword: every user edits their own name and password. */
describe("a user's own profile", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env });
  });
  afterAll(async () => {
    await t.close();
  });

  const login = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: api('Authenticate/Login'), payload: { email, password } });

  it('a counter user renames themselves, and UserInfo answers the new name', async () => {
    const customer = await createCustomer(t.database.db);
    const counter = await createColleague(t.database.db, customer.account.id, 'counter');
    const headers = bearer(await signIn(t.app, counter.email));
    const saved = await t.app.inject({
      method: 'POST',
      url: api('Account/Profile'),
      headers,
      payload: { name: '  Carla Front Desk ' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ name: 'Carla Front Desk' });
    const info = await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers });
    expect(info.json()).toMatchObject({ name: 'Carla Front Desk' });
    const empty = await t.app.inject({ method: 'POST', url: api('Account/Profile'), headers, payload: { name: ' ' } });
    expect(empty.json()).toMatchObject({ validationErrors: [{ name: 'name', reason: 'Enter your name' }] });
  });

  it('changes the password given the current one, ending every session', async () => {
    const customer = await createCustomer(t.database.db);
    const session = await signIn(t.app, customer.email);
    const change = (payload: object) =>
      t.app.inject({ method: 'POST', url: api('Account/ChangePassword'), headers: bearer(session), payload });

    const wrong = await change({ currentPassword: 'Not!mine123', newPassword: 'Another!2345' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      validationErrors: [{ name: 'currentPassword', reason: 'That is not your current password.' }],
    });
    const short = await change({ currentPassword: FIXTURE_PASSWORD, newPassword: 'short' });
    expect(short.json()).toMatchObject({
      validationErrors: [{ name: 'newPassword', reason: 'Use at least 8 characters' }],
    });

    const changed = await change({ currentPassword: FIXTURE_PASSWORD, newPassword: 'Another!2345' });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toEqual({ message: 'Your password has been changed. Sign in with the new password.' });
    expect(
      (await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: bearer(session) })).statusCode,
    ).toBe(401);
    expect((await login(customer.email, FIXTURE_PASSWORD)).statusCode).toBe(400);
    expect((await login(customer.email, 'Another!2345')).statusCode).toBe(200);
  });

  it('refuses staff acting as the user a password change', async () => {
    const customer = await createCustomer(t.database.db);
    const staff = await signInStaff(t.app, (await createStaff(t.database.db)).email);
    const acting = sessionHeaders(await impersonate(t.app, staff, customer.account.id));
    const answer = await t.app.inject({
      method: 'POST',
      url: api('Account/ChangePassword'),
      headers: acting,
      payload: { currentPassword: FIXTURE_PASSWORD, newPassword: 'Another!2345' },
    });
    expect(answer.statusCode).toBe(403);
  });
});
