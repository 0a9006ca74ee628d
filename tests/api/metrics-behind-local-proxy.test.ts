import { afterEach, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../support/test-app';

const TOKEN = 'metrics-token-0123456789';

/** What a proxy on this host adds to a request it forwards, without X-Forwarded-For. */
const PROXY_HEADERS: readonly Record<string, string>[] = [
  { 'x-real-ip': '203.0.113.7' },
  { 'x-forwarded-host': 'shop.example.com' },
  { 'x-forwarded-proto': 'https' },
  { 'x-forwarded-port': '443' },
  { via: '1.1 nginx' },
  { 'true-client-ip': '203.0.113.7' },
];

describe('/metrics behind a proxy on this host', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const scrape = (app: TestApp, headers: Record<string, string>) =>
    app.app.inject({ method: 'GET', url: '/metrics', remoteAddress: '127.0.0.1', headers });

  it.each([
    ['without TRUST_PROXY', {}],
    ['with TRUST_PROXY naming that proxy', { TRUST_PROXY: '127.0.0.1' }],
  ])('refuses a loopback request carrying any proxy header %s, unless it brings the token', async (_, env) => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, ...env } });
    expect((await scrape(t, {})).statusCode).toBe(200);
    for (const headers of PROXY_HEADERS) {
      expect((await scrape(t, headers)).statusCode, JSON.stringify(headers)).toBe(403);
      const withToken = await scrape(t, { ...headers, authorization: `Bearer ${TOKEN}` });
      expect(withToken.statusCode, JSON.stringify(headers)).toBe(200);
    }
  });
});
