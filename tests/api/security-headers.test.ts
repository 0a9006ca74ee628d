import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('headers: no source maps, no caching of personal answers, request ids only when well formed', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'yhi-dist-maps-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1);');
    writeFileSync(path.join(dist, 'assets', 'index-AbC123.js.map'), '{"version":3,"sources":["src/secret.ts"]}');
    t = await createTestApp({
      env: { WEB_DIST_DIR: dist, NODE_ENV: 'production', CAPTCHA_LOCAL_MODE: 'accept', PAYMENT_SANDBOX: 'false' },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves the bundle but never its source map', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js' })).statusCode).toBe(200);
    const map = await t.app.inject({ method: 'GET', url: '/assets/index-AbC123.js.map' });
    expect(map.body).not.toContain('src/secret.ts');
  });

  it('marks API answers with tokens or personal data no-store', async () => {
    const customer = await createCustomer(t.database.db);
    const login = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: customer.email, password: 'Fixture!2345' },
    });
    expect(login.headers['cache-control']).toBe('no-store');
    const session = await signIn(t.app, customer.email);
    for (const route of ['Account/UserInfo', 'Account/Details', 'Cart/Get']) {
      const response = await t.app.inject({ method: 'GET', url: api(route), headers: bearer(session) });
      expect(response.headers['cache-control'], route).toBe('no-store');
    }
  });

  it('keeps a well-formed X-Request-Id and replaces anything else', async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': 'req_0123456789abcdef' },
    });
    expect(kept.headers['x-request-id']).toBe('req_0123456789abcdef');
    for (const bad of ['<script>alert(1)</script>', 'x'.repeat(500), 'a b c d e f g h', 'id.with.dots', '../../etc']) {
      const replaced = await t.app.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': bad } });
      expect(replaced.headers['x-request-id'], bad).toMatch(UUID);
    }
  });
});
