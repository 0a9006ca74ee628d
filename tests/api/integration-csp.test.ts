import { afterEach, describe, expect, it } from 'vitest';
import { azuriteConnectionString } from '../../src/server/integrations/storage/blob-connection';
import { type TestApp, createTestApp } from '../support/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function policy(env: Record<string, string>): Promise<Record<string, string>> {
  t = await createTestApp({ env });
  const response = await t.app.inject({ method: 'GET', url: '/healthz' });
  const header = String(response.headers['content-security-policy'] ?? '');
  return Object.fromEntries(
    header
      .split(';')
      .map((part) => part.trim())
      .filter(Boolean)
      .map((part) => {
        const [name = '', ...sources] = part.split(/\s+/);
        return [name, sources.join(' ')];
      }),
  );
}

describe('the Content Security Policy follows the configured integrations', () => {
  it('allows only the shop itself without reCAPTCHA keys or blob storage', async () => {
    const csp = await policy({});
    expect(csp['script-src']).toBe("'self'");
    expect(csp['connect-src']).toBe("'self'");
    expect(csp['frame-src']).toBeUndefined();
  });

  it("allows uploads to the blob storage origin, and Google's reCAPTCHA hosts once both keys are set", async () => {
    const csp = await policy({
      AZURE_STORAGE_CONNECTION_STRING: azuriteConnectionString('http://127.0.0.1:10123/devstoreaccount1'),
      RECAPTCHA_SITE_KEY: 'site-key',
      RECAPTCHA_SECRET: 'secret',
    });
    expect(csp['connect-src']).toContain('http://127.0.0.1:10123');
    expect(csp['script-src']).toBe("'self' https://www.google.com/recaptcha/ https://www.gstatic.com/recaptcha/");
    expect(csp['frame-src']).toContain('https://www.google.com/recaptcha/');
  });

  it('tells the browser the site key only when the server verifies with reCAPTCHA', async () => {
    t = await createTestApp({ env: { RECAPTCHA_SITE_KEY: 'site-key', RECAPTCHA_SECRET: 'secret' } });
    const configured = await t.app.inject({ method: 'GET', url: '/yhi/api/Global/Captcha' });
    expect(configured.json()).toEqual({ siteKey: 'site-key' });
    await t.close();
    t = await createTestApp({ env: { RECAPTCHA_SITE_KEY: 'site-key' } });
    const local = await t.app.inject({ method: 'GET', url: '/yhi/api/Global/Captcha' });
    expect(local.json()).toEqual({ siteKey: null });
  });
});
