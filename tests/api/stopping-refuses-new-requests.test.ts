import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('a stopping server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers new requests 503 with Connection: close, and /readyz too, so a load balancer sends them elsewhere', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
    await t.app.drain();
    for (const request of [
      { method: 'GET' as const, url: '/readyz' },
      { method: 'POST' as const, url: api('TyrePublic/Search'), payload: {} },
    ]) {
      const response = await t.app.inject(request);
      expect(response.statusCode).toBe(503);
      expect(response.headers.connection).toBe('close');
      expect(response.json()).toMatchObject({ status: 503, detail: 'The server is stopping. Try again in a moment.' });
    }
  });
});
