import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import { outboxDir } from '../../src/server/integrations/mail/mailer';
import { RESET_LINK_SENT } from '../../src/server/modules/auth/password-reset';
import { createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NEW_PASSWORD = 'Brand-new-pass-42';

describe('Authenticate: forgot and reset password', () => {
  let t: TestApp;
  let dataDir: string;
  let customer: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-reset-'));
    t = await createTestApp({
      env: {
        DATA_DIR: dataDir,
        PUBLIC_URL: 'https://shop.example',
        AUTH_RATE_LIMIT_PER_ADDRESS: '1000',
        AUTH_RATE_LIMIT_PER_ACCOUNT: '1000',
      },
    });
    customer = await createCustomer(t.database.db);
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function mails(): Promise<string[]> {
    const directory = outboxDir(dataDir);
    const names = (await readdir(directory).catch(() => [])).sort();
    return Promise.all(names.map((name) => readFile(path.join(directory, name), 'utf8')));
  }

  async function requestLink(): Promise<URL> {
    const before = (await mails()).length;
    const response = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/ForgotPassword'),
      payload: { email: customer.email },
    });
    expect(response.statusCode).toBe(200);
    await t.app.backgroundWork.idle();
    const all = await mails();
    expect(all).toHaveLength(before + 1);
    const mail = (all.at(-1) ?? '').replace(/=\r?\n/g, '').replaceAll('=3D', '=');
    const link = /https:\/\/shop\.example\/reset-password\?\S+/.exec(mail)?.[0];
    expect(mail).toContain(`To: ${customer.email}`);
    if (!link) throw new Error(`no link in mail:\n${mail}`);
    return new URL(link);
  }

  const parts = (link: URL) => ({
    token: link.searchParams.get('Token') ?? '',
    email: link.searchParams.get('Email') ?? '',
    guid: link.searchParams.get('Guid') ?? '',
  });
  const check = (link: URL) =>
    t.app.inject({ method: 'GET', url: `${api('Authenticate/ResetPassword')}${link.search}` });
  const reset = (payload: object) => t.app.inject({ method: 'POST', url: api('Authenticate/ResetPassword'), payload });

  it('answers the same for an unknown email, and mails nothing', async () => {
    const before = (await mails()).length;
    const response = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/ForgotPassword'),
      payload: { email: 'nobody@fixture.test' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: RESET_LINK_SENT });
    await t.app.backgroundWork.idle();
    expect(await mails()).toHaveLength(before);
  });

  it('mails a link whose Token, Email and Guid check out, and sets the password once', async () => {
    const session = await signIn(t.app, customer.email);
    const link = await requestLink();
    const checked = await check(link);
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({ email: customer.email, purpose: 'reset' });

    expect((await reset({ ...parts(link), password: 'short' })).statusCode).toBe(400);
    expect((await reset({ ...parts(link), password: NEW_PASSWORD })).statusCode).toBe(200);

    const login = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: customer.email, password: NEW_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    // Single use: the same link no longer works, for checking or for setting.
    expect((await check(link)).statusCode).toBe(400);
    expect((await reset({ ...parts(link), password: 'Another-pass-99' })).statusCode).toBe(400);
    // Sessions from before the reset cannot be refreshed.
    const stale = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/TokenRefresh'),
      payload: { refreshToken: session.refreshToken },
    });
    expect(stale.statusCode).toBe(401);
    expect((login.json() as AuthResult).token).toEqual(expect.any(String));
  });

  it('refuses a link with a wrong token, another email, or after it expired', async () => {
    const link = await requestLink();
    const good = parts(link);
    expect((await reset({ ...good, token: `${good.token}x`, password: NEW_PASSWORD })).statusCode).toBe(400);
    expect((await reset({ ...good, email: 'someone@fixture.test', password: NEW_PASSWORD })).statusCode).toBe(400);
    t.clock.now = new Date(Date.now() + 61 * 60_000);
    expect((await check(link)).statusCode).toBe(400);
    expect((await reset({ ...good, password: NEW_PASSWORD })).statusCode).toBe(400);
    t.clock.now = new Date();
    expect((await check(link)).statusCode).toBe(200);
  });
});
