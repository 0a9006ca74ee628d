import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOO_MANY_ATTEMPTS } from '../../src/server/modules/auth/auth-rate-limits';
import { FIXTURE_PASSWORD, createCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('no one can lock a customer out', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '30', AUTH_RATE_LIMIT_PER_ACCOUNT: '10' } });
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, address: string) =>
    t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      remoteAddress: address,
      payload: { email, password },
    });

  it('locks the stranger guessing, not the owner signing in from their own address', async () => {
    const customer = await createCustomer(t.database.db);
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await login(customer.email, 'wrong', '203.0.113.66')).statusCode).toBe(400);
    }
    const stranger = await login(customer.email, FIXTURE_PASSWORD, '203.0.113.66');
    expect(stranger.statusCode).toBe(429);
    expect(stranger.json()).toMatchObject({ detail: TOO_MANY_ATTEMPTS });
    expect((await login(customer.email, FIXTURE_PASSWORD, '198.51.100.7')).statusCode).toBe(200);
  });

  it('counts failures, not sign-ins: an owner signing in often is never locked out', async () => {
    const customer = await createCustomer(t.database.db);
    for (let attempt = 0; attempt < 11; attempt += 1) {
      expect((await login(customer.email, FIXTURE_PASSWORD, '198.51.100.8')).statusCode).toBe(200);
    }
  });
});
