import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app';

describe('Strict-Transport-Security follows PUBLIC_URL', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const answers = (app: TestApp) => [
    app.app.inject({ method: 'GET', url: '/healthz' }),
    app.app.inject({ method: 'POST', url: '/yhi/api/TyrePublic/Search', payload: {} }),
    app.app.inject({ method: 'GET', url: '/yhi/api/NoSuchThing' }),
  ];

  it('is sent on every answer, for a year and this host only, when the shop is public over https', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://shop.example.com' } });
    for (const response of await Promise.all(answers(t))) {
      expect(response.headers['strict-transport-security'], response.raw.req.url).toBe('max-age=31536000');
    }
  });

  it('is not sent when the shop is served over plain http', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'http://localhost:3000' } });
    for (const response of await Promise.all(answers(t))) {
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });
});
