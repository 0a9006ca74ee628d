import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('API key (when API_KEY is set)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { API_KEY: 'gateway-key-123' } });
  });
  afterAll(() => t.close());

  it('refuses a call without the key', async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Global/States') });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ isError: true, detail: 'A valid API key is required.' });
  });

  it('refuses a wrong key', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('Global/States'),
      headers: { 'x-api-key': 'gateway-key-124' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('lets a call with the key through, and leaves health checks alone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: api('Global/States'),
      headers: { 'x-api-key': 'gateway-key-123' },
    });
    expect(response.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
