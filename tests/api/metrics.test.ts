import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_PASSWORD, createCustomer } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const TOKEN = 'metrics-token-0123456789';

describe('/metrics', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { METRICS_TOKEN: TOKEN, AUTH_RATE_LIMIT_PER_ACCOUNT: '1' } });
  });
  afterAll(() => t.close());

  const scrape = (options: { from?: string; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method: 'GET',
      url: '/metrics',
      remoteAddress: options.from ?? '127.0.0.1',
      headers: options.headers ?? {},
    });

  it('answers in Prometheus text format to this host', async () => {
    await t.app.inject({ method: 'POST', url: api('TyrePublic/Search'), payload: {} });
    const response = await scrape();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    expect(text).toMatch(
      /^http_requests_total\{method="POST",route="\/yhi\/api\/TyrePublic\/Search",status="200"\} 1$/im,
    );
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    expect(text).toMatch(/^catalogue_read_model_reloads_total [1-9]/m);
    expect(text).toMatch(/^catalogue_read_model_age_seconds \d/m);
    expect(text).toMatch(/^catalogue_cache_bytes\{cache="answers"\} [1-9]/m);
    expect(text).toContain('catalogue_cache_hit_ratio{cache="tyres-narrowings"}');
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
  });

  it('counts rate-limit refusals', async () => {
    const customer = await createCustomer(t.database.db);
    // One failed attempt reaches the limit of 1 for this account from this address; the next is refused.
    for (let attempt = 0; attempt < 2; attempt += 1) {
      await t.app.inject({
        method: 'POST',
        url: api('Authenticate/Login'),
        payload: { email: customer.email, password: `not-${FIXTURE_PASSWORD}` },
      });
    }
    expect((await scrape()).body).toMatch(/^rate_limit_refusals_total\{limiter="sign-in per account"\} 1$/m);
  });

  it('refuses anyone else without the token: another address, or this host through a proxy', async () => {
    expect((await scrape({ from: '10.1.2.3' })).statusCode).toBe(403);
    expect((await scrape({ headers: { 'x-forwarded-for': '127.0.0.1' } })).statusCode).toBe(403);
    expect(
      (await scrape({ from: '10.1.2.3', headers: { authorization: 'Bearer wrong-token-0123456789' } })).statusCode,
    ).toBe(403);
    const withToken = await scrape({ from: '10.1.2.3', headers: { authorization: `Bearer ${TOKEN}` } });
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('http_requests_total');
  });
});
