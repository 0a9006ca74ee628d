import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('serving the built front end', () => {
  let t: TestApp;
  let dist: string;
  const bundle = `console.log(${JSON.stringify('x'.repeat(4000))});`;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'yhi-dist-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), bundle);
    writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    t = await createTestApp({ env: { WEB_DIST_DIR: dist } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers index.html for client routes (history fallback), revalidated', async () => {
    for (const url of ['/home', '/tyres?width=265', '/checkout/success/42', '/promotions/Michelin']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.body).toContain('<div id="root">');
      expect(response.headers['cache-control']).toBe('no-cache');
    }
  });

  it('caches hashed assets for a year and compresses them', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/assets/index-AbC123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.rawPayload.length)).toBeLessThan(bundle.length / 4);
  });

  it('revalidates unhashed files', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it("sends security headers with a CSP that allows only the shop's own scripts", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/home' });
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
  });

  it('never falls back to the page for unknown API routes or missing assets', async () => {
    expect((await t.app.inject({ method: 'GET', url: api('Nope') })).headers['content-type']).toMatch(/problem\+json/);
    const missing = await t.app.inject({ method: 'POST', url: '/home' });
    expect(missing.statusCode).toBe(404);
  });
});
