import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens } from '../../src/server/db/schema';
import { createCustomer } from '../support/fixtures';
import { readOutbox } from '../support/outbox';
import { type TestApp, api, createTestApp } from '../support/test-app';

describe('forgot-password answers a known and an unknown email alike', () => {
  let t: TestApp;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-forgot-'));
    t = await createTestApp({ env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: api('Authenticate/ForgotPassword'), payload: { email } });

  it('answers before any lookup or mail, with the same words, then mails the known address from the queue', async () => {
    const customer = await createCustomer(t.database.db);
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Hold the queue: whatever the answer depends on cannot be queued work.
    t.app.backgroundWork.enqueue('test gate', () => gate);

    const known = await forgot(customer.email);
    const unknown = await forgot('nobody-here@fixture.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(await t.database.db.select().from(passwordResetTokens)).toEqual([]);
    expect(readOutbox(dataDir)).toEqual([]);

    release();
    await t.app.backgroundWork.idle();
    expect(readOutbox(dataDir).map((mail) => mail.to)).toEqual([customer.email]);
  });
});
