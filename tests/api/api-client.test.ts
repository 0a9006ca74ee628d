import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src/web/api/api-client';
import { ApiError } from '../../src/web/api/api-error';
import { createCustomer, FIXTURE_PASSWORD } from '../support/fixtures';
import { type TestApp, createTestApp } from '../support/test-app';

describe('the typed API client against the real server', () => {
  let t: TestApp;
  let baseUrl: string;
  let email: string;

  beforeAll(async () => {
    t = await createTestApp();
    ({ email } = await createCustomer(t.database.db, { code: 'C77001' }));
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    baseUrl = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(() => t.close());

  it('calls a route by its contract name and validates the answer', async () => {
    const client = new ApiClient({ baseUrl, validateResponses: true });
    const states = await client.call('globalStates');
    expect(states).toContainEqual({ code: 'VIC', name: 'Victoria' });
  });

  it('sends the bearer token and answers the signed-in user', async () => {
    const anonymous = new ApiClient({ baseUrl, validateResponses: true });
    const result = await anonymous.call('login', { body: { email, password: FIXTURE_PASSWORD } });
    const client = anonymous.withCredentials({
      token: () => result.token,
      impersonatorToken: () => null,
      refresh: async () => false,
    });
    expect(await client.call('userInfo')).toMatchObject({ isLoggedIn: true, sapCode: 'C77001' });
  });

  it('turns a problem into an ApiError with its detail and field errors', async () => {
    const client = new ApiClient({ baseUrl });
    const error = await client.call('login', { body: { email: 'nope', password: '' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(400);
    expect((error as ApiError).fieldError('Email')).toBe('Enter a valid email address');
  });

  it('asks for one refresh on a 401 with a token, then retries once', async () => {
    let refreshes = 0;
    let token = 'expired-or-tampered';
    const anonymous = new ApiClient({ baseUrl });
    const fresh = await anonymous.call('login', { body: { email, password: FIXTURE_PASSWORD } });
    const client = anonymous.withCredentials({
      token: () => token,
      impersonatorToken: () => null,
      refresh: async () => {
        refreshes += 1;
        token = fresh.token;
        return true;
      },
    });
    expect(await client.call('userInfo')).toMatchObject({ sapCode: 'C77001' });
    expect(refreshes).toBe(1);
  });

  it("says 'A communication error has occurred' when nothing answers", async () => {
    const client = new ApiClient({ baseUrl: 'http://127.0.0.1:9' });
    await expect(client.call('globalStates')).rejects.toThrow('A communication error has occurred');
  });
});
