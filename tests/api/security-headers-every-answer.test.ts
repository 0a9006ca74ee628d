import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** Helmet's headers as the shop configures them (no HSTS: the tests' PUBLIC_URL is plain http). */
const EXPECTED = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('the security headers, built once, are on every answer', () => {
  for (const [what, method, url] of [
    ['the trivial route', 'GET', '/healthz'],
    ['a public search', 'POST', '/yhi/api/TyrePublic/Search'],
    ['an unknown API route', 'GET', '/yhi/api/NoSuchThing'],
    ['a signed-in route without a token', 'POST', '/yhi/api/Tyre/Search'],
  ] as const) {
    it(`on ${what}`, async () => {
      const response = await t.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
      for (const [name, value] of Object.entries(EXPECTED)) expect(response.headers[name], name).toBe(value);
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
    });
  }
});
