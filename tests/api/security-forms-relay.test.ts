import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { readConfig } from '../../src/server/config';
import { NOT_ECHOED } from '../../src/server/modules/forms/acknowledgement-echo';
import { sentMail } from '../support/outbox';
import { type TestApp, api, createTestApp, testConfig } from '../support/test-app';
import { countingInRedis } from '../support/redis-counting';

const SHOP = 'trade-desk@yhi.test';
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SPAM = 'Click https://phish.example/win to claim your prize';

const contact = (email: string) => ({
  name: 'Someone',
  email,
  topic: 'Pricing',
  message: SPAM,
  captchaToken: 'local-captcha',
});

describe('forms are not a mail relay', () => {
  let t: TestApp;
  let second: FastifyInstance;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-relay-'));
    // Redis outlives the test: this run's own addresses and recipients keep earlier runs' counts out.
    const env = {
      DATA_DIR: dataDir,
      SHOP_MAIL_TO: SHOP,
      REDIS_URL,
      FORM_RATE_LIMIT_PER_ADDRESS: '3',
      FORM_RATE_LIMIT_PER_RECIPIENT: '2',
    };
    t = await createTestApp({ env });
    second = await buildApp(testConfig(env), { database: t.database, now: () => t.clock.now });
    await second.ready();
    await countingInRedis(t.app, second);
  });
  afterAll(async () => {
    await second.close();
    await t.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const run = randomUUID().slice(0, 8);
  let lastOctet = 1;
  const freshAddress = () =>
    `10.${Number.parseInt(run.slice(0, 2), 16)}.${Number.parseInt(run.slice(2, 4), 16)}.${lastOctet++}`;
  const submit = (app: FastifyInstance, email: string, from: string) =>
    app.inject({ method: 'POST', url: api('Form/ContactUs'), remoteAddress: from, payload: contact(email) });

  it('never sends the text a stranger wrote to the address they typed in', async () => {
    const victim = `victim-${run}@example.test`;
    expect((await submit(t.app, victim, freshAddress())).statusCode).toBe(200);
    const mails = await sentMail(t.app, dataDir);
    const acknowledgement = mails.find((mail) => mail.to === victim);
    expect(acknowledgement?.body).toContain(NOT_ECHOED);
    expect(acknowledgement?.body).not.toContain('phish.example');
    expect(mails.find((mail) => mail.to === SHOP)?.body).toContain('phish.example');
  });

  it('limits submissions per recipient, counted across instances', async () => {
    const victim = `flooded-${run}@example.test`;
    expect((await submit(t.app, victim, freshAddress())).statusCode).toBe(200);
    expect((await submit(second, victim, freshAddress())).statusCode).toBe(200);
    const refused = await submit(t.app, victim, freshAddress());
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('limits submissions per client address, counted across instances', async () => {
    const from = freshAddress();
    for (const [index, app] of [t.app, second, t.app].entries()) {
      expect((await submit(app, `person-${index}-${run}@example.test`, from)).statusCode).toBe(200);
    }
    expect((await submit(second, `person-9-${run}@example.test`, from)).statusCode).toBe(429);
  });

  it('refuses to start in production without reCAPTCHA keys unless the local verifier is chosen on purpose', () => {
    const production = { JWT_SECRET: 'x'.repeat(32), NODE_ENV: 'production', SEED_DEMO_DATA: 'false' };
    expect(() => readConfig(production)).toThrow(/RECAPTCHA_SECRET/);
    expect(readConfig({ ...production, CAPTCHA_LOCAL_MODE: 'accept' }).captchaLocalMode).toBe('accept');
    expect(readConfig({ ...production, RECAPTCHA_SITE_KEY: 'site', RECAPTCHA_SECRET: 'secret' }).recaptchaSecret).toBe(
      'secret',
    );
    expect(readConfig({ ...production, SEED_DEMO_DATA: 'true' }).captchaLocalMode).toBe('accept');
  });
});
