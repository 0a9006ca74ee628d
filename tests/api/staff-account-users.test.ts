import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccount } from '../../src/contract/staff-accounts';
import { bearer, createCustomer, createStaff } from '../support/fixtures';
import { sentMail } from '../support/outbox';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const NEW_PASSWORD = 'Chosen!2345';

/** The link in the latest mail to `to`, as its Token, Email and Guid. */
async function linkMailedTo(t: TestApp, dataDir: string, to: string) {
  const mails = (await sentMail(t.app, dataDir)).filter((mail) => mail.to === to);
  const url = /https?:\/\/\S+\/reset-password\?\S+/.exec(mails.at(-1)?.body ?? '')?.[0];
  if (!url) throw new Error(`no link mailed to ${to}`);
  const query = new URL(url).searchParams;
  return { Token: query.get('Token') ?? '', Email: query.get('Email') ?? '', Guid: query.get('Guid') ?? '' };
}

/**
 * Staff/UserInvite, UserInvitationResend, UserAccess and UserPasswordReset: sales add people to an account by email
 * (a single-use link that expires), send it again, disable and enable them, and send a reset; no member sees or sets
 * a password, and every change is audited on the account.
 */
describe('the users of an account in the back office', () => {
  let t: TestApp;
  let dataDir: string;
  let sales: Record<string, string>;
  let accountCode: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-users-'));
    t = await createTestApp({
      now: NOW,
      env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' },
    });
    sales = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    accountCode = (await createCustomer(t.database.db, { name: 'Bendigo Tyre Co' })).account.code;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (route: string, payload: object, headers = sales) =>
    t.app.inject({ method: 'POST', url: api(route), payload, headers });
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: api('Authenticate/Login'), payload: { email, password } });
  const setPassword = (link: { Token: string; Email: string; Guid: string }) =>
    t.app.inject({
      method: 'POST',
      url: api('Authenticate/ResetPassword'),
      payload: { token: link.Token, email: link.Email, guid: link.Guid, password: NEW_PASSWORD },
    });

  it('invites a user, who chooses a password through the link once and signs in', async () => {
    const invited = await post('Staff/UserInvite', { accountCode, name: 'Ivy Buyer', email: 'Ivy@Bendigo.test' });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json<StaffAccount>().users).toContainEqual({
      id: expect.any(Number),
      email: 'ivy@bendigo.test',
      name: 'Ivy Buyer',
      disabled: false,
      invited: true,
    });
    expect(invited.json<StaffAccount>().audit[0]).toMatchObject({
      action: 'user.invited',
      subject: 'user ivy@bendigo.test',
      after: { email: 'ivy@bendigo.test', name: 'Ivy Buyer' },
    });
    const mails = (await sentMail(t.app, dataDir)).filter((mail) => mail.to === 'ivy@bendigo.test');
    expect(mails.map((mail) => mail.subject)).toEqual(['You are invited to YHI Trade']);
    expect(mails[0]?.body).toContain('Bendigo Tyre Co');
    expect(mails[0]?.body).not.toMatch(/password:\s*\S+$/m);

    const link = await linkMailedTo(t, dataDir, 'ivy@bendigo.test');
    const check = await t.app.inject({
      method: 'GET',
      url: api(`Authenticate/ResetPassword?${new URLSearchParams(link).toString()}`),
    });
    expect(check.json()).toEqual({ email: 'ivy@bendigo.test', purpose: 'invitation' });
    expect((await setPassword(link)).statusCode).toBe(200);
    expect((await signIn('ivy@bendigo.test', NEW_PASSWORD)).statusCode).toBe(200);
    expect((await setPassword(link)).statusCode).toBe(400);

    const account = await t.app.inject({
      method: 'GET',
      url: api(`Staff/Account?accountCode=${accountCode}`),
      headers: sales,
    });
    expect(account.json<StaffAccount>().users.find((user) => user.email === 'ivy@bendigo.test')?.invited).toBe(false);
  });

  it('refuses an email that already signs in, and invites no one', async () => {
    const taken = await post('Staff/UserInvite', { accountCode, name: 'Ivy Again', email: 'ivy@bendigo.test' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ detail: 'ivy@bendigo.test already signs in to YHI Trade.' });
    const invalid = await post('Staff/UserInvite', { accountCode, name: '', email: 'not an email' });
    expect(invalid.statusCode).toBe(400);
    const fields = invalid.json<{ validationErrors: { name: string }[] }>().validationErrors.map((error) => error.name);
    expect(fields.sort()).toEqual(['email', 'name']);
  });

  it('resends an invitation with a new link, and the earlier link stops working', async () => {
    await post('Staff/UserInvite', { accountCode, name: 'Rex Late', email: 'rex@bendigo.test' });
    const first = await linkMailedTo(t, dataDir, 'rex@bendigo.test');
    const resent = await post('Staff/UserInvitationResend', { accountCode, email: 'rex@bendigo.test' });
    expect(resent.statusCode, resent.body).toBe(200);
    expect(resent.json<StaffAccount>().audit[0]).toMatchObject({ action: 'user.invitation-resent' });
    const second = await linkMailedTo(t, dataDir, 'rex@bendigo.test');
    expect(second.Guid).not.toBe(first.Guid);
    expect((await setPassword(first)).statusCode).toBe(400);
    expect((await setPassword(second)).statusCode).toBe(200);
    const again = await post('Staff/UserInvitationResend', { accountCode, email: 'rex@bendigo.test' });
    expect(again.statusCode).toBe(409);
  });

  it('refuses an invitation link after seven days', async () => {
    await post('Staff/UserInvite', { accountCode, name: 'Olive Slow', email: 'olive@bendigo.test' });
    const link = await linkMailedTo(t, dataDir, 'olive@bendigo.test');
    t.clock.now = new Date(NOW.getTime() + 7 * 24 * 3_600_000 + 1_000);
    try {
      expect((await setPassword(link)).statusCode).toBe(400);
    } finally {
      t.clock.now = NOW;
    }
    expect((await setPassword(link)).statusCode).toBe(200);
  });

  it('disables a user, ending their session, and enables them again', async () => {
    const session = await signIn('ivy@bendigo.test', NEW_PASSWORD);
    const headers = bearer(session.json<{ token: string }>());
    expect((await t.app.inject({ method: 'GET', url: api('Account/Details'), headers })).statusCode).toBe(200);

    const disabled = await post('Staff/UserAccess', { accountCode, email: 'ivy@bendigo.test', disabled: true });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect(disabled.json<StaffAccount>().audit[0]).toMatchObject({
      action: 'user.disabled',
      before: { disabled: false },
      after: { disabled: true },
    });
    expect((await t.app.inject({ method: 'GET', url: api('Account/Details'), headers })).statusCode).toBe(401);
    expect((await signIn('ivy@bendigo.test', NEW_PASSWORD)).statusCode).not.toBe(200);
    const reset = await post('Staff/UserPasswordReset', { accountCode, email: 'ivy@bendigo.test' });
    expect(reset.statusCode).toBe(409);

    const enabled = await post('Staff/UserAccess', { accountCode, email: 'ivy@bendigo.test', disabled: false });
    expect(enabled.json<StaffAccount>().audit[0]).toMatchObject({ action: 'user.enabled' });
    expect((await signIn('ivy@bendigo.test', NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('mails a password reset the member never sees, and refuses one before the invitation is used', async () => {
    const reset = await post('Staff/UserPasswordReset', { accountCode, email: 'ivy@bendigo.test' });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.body).not.toContain('Token');
    expect(reset.json<StaffAccount>().audit[0]).toMatchObject({ action: 'user.password-reset-sent' });
    const link = await linkMailedTo(t, dataDir, 'ivy@bendigo.test');
    const check = await t.app.inject({
      method: 'GET',
      url: api(`Authenticate/ResetPassword?${new URLSearchParams(link).toString()}`),
    });
    expect(check.json()).toEqual({ email: 'ivy@bendigo.test', purpose: 'reset' });

    await post('Staff/UserInvite', { accountCode, name: 'Nell New', email: 'nell@bendigo.test' });
    const early = await post('Staff/UserPasswordReset', { accountCode, email: 'nell@bendigo.test' });
    expect(early.statusCode).toBe(409);
  });

  it("answers 404 for someone who is not the account's user", async () => {
    const other = await createCustomer(t.database.db);
    const response = await post('Staff/UserAccess', { accountCode, email: other.email, disabled: true });
    expect(response.statusCode).toBe(404);
  });
});
