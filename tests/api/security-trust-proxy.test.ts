import { afterEach, describe, expect, it } from 'vitest';
import { readConfig } from '../../src/server/config';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('the proxy is trusted only when told', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  const attempts = async (app: TestApp, count: number) => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < count; attempt += 1) {
      const response = await app.app.inject({
        method: 'POST',
        url: api('Authenticate/Login'),
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': `192.0.2.${attempt + 1}` },
        payload: { email: `nobody-${attempt}@fixture.test`, password: 'wrong' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  };

  it('ignores X-Forwarded-For by default, so rotating it does not escape the per-address limit', async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '3' } });
    expect(await attempts(t, 4)).toEqual([400, 400, 400, 429]);
  });

  it('takes the client address from a listed proxy', async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '3', TRUST_PROXY: '127.0.0.1' } });
    expect(await attempts(t, 4)).toEqual([400, 400, 400, 400]);
  });

  it('reads off, a hop count or a list of addresses, and refuses anything else', () => {
    const trust = (value?: string) =>
      readConfig({ JWT_SECRET: 'x'.repeat(32), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('off')).toBe(false);
    expect(trust('1')).toBe(1);
    expect(trust('10.0.0.0/8, 127.0.0.1')).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => trust('true')).toThrow(/TRUST_PROXY/);
    expect(() => trust('anyone')).toThrow(/TRUST_PROXY/);
  });
});
