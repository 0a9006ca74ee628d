import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../src/server/modules/auth/auth-rate-limits';
import { FIXTURE_PASSWORD, createCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('Sign-in rate limits', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '6', AUTH_RATE_LIMIT_PER_ACCOUNT: '3' } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      remoteAddress: address,
      payload: { email, password },
    });

  it('limits attempts per account from one address, with the same answer for a known and an unknown email', async () => {
    const customer = await createCustomer(t.database.db);
    const statuses = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await login(customer.email, 'wrong', '10.0.0.1')).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400]);
    const blocked = await login(customer.email, FIXTURE_PASSWORD, '10.0.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ detail: TOO_MANY_ATTEMPTS, isError: true });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, elsewhere, still signs in (security-account-lockout.test.ts).
    expect((await login(customer.email, FIXTURE_PASSWORD, '10.0.0.9')).statusCode).toBe(200);

    for (let attempt = 0; attempt < 3; attempt += 1) await login('ghost@fixture.test', 'wrong', '10.0.1.1');
    const ghost = await login('ghost@fixture.test', 'wrong', '10.0.1.1');
    expect(ghost.statusCode).toBe(429);
    expect(ghost.json()).toEqual(blocked.json());
  });

  it('limits attempts per address across accounts, on the staff login too', async () => {
    const address = '10.0.2.1';
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await login(`someone-${attempt}@fixture.test`, 'wrong', address)).statusCode).toBe(400);
    }
    expect((await login('fresh@fixture.test', 'wrong', address)).statusCode).toBe(429);
    const staff = await t.app.inject({
      method: 'POST',
      url: api('Staff/Login'),
      remoteAddress: address,
      payload: { email: 'fresh-staff@fixture.test', password: 'wrong' },
    });
    expect(staff.statusCode).toBe(429);
    expect((await login('fresh@fixture.test', 'wrong', '10.0.2.2')).statusCode).toBe(400);
  });
});
