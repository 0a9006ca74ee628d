import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffMembers } from '../../src/contract/staff-members';
import { bearer, createStaff } from '../support/fixtures';
import { sentMail } from '../support/outbox';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * Staff/Members, MemberCreate and MemberSave: administrators add staff members (mailed a single-use link to choose a
 * password), change their roles and disable them, never themselves; each change is audited.
 */
describe('staff members in the back office', () => {
  let t: TestApp;
  let dataDir: string;
  let admin: Record<string, string>;
  let adminEmail: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-staff-members-'));
    t = await createTestApp({
      now: NOW,
      env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' },
    });
    adminEmail = (await createStaff(t.database.db, 'administrator')).email;
    admin = bearer(await signInStaff(t.app, adminEmail));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (route: string, payload: object, headers = admin) =>
    t.app.inject({ method: 'POST', url: api(route), payload, headers });
  const staffSignIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: api('Staff/Login'), payload: { email, password } });

  it('adds a member who chooses a password through the mailed link, once, and signs in with their role', async () => {
    const added = await post('Staff/MemberCreate', {
      email: 'Cam@Wholesaler.test',
      name: 'Cam Content',
      role: 'content',
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json<StaffMembers>().members).toContainEqual({
      email: 'cam@wholesaler.test',
      name: 'Cam Content',
      role: 'content',
      disabled: false,
      invited: true,
    });
    const mail = (await sentMail(t.app, dataDir)).find((sent) => sent.to === 'cam@wholesaler.test');
    expect(mail?.subject).toBe('Your YHI Trade back office sign-in');
    const link = new URL(/https?:\/\/\S+\/staff\/set-password\?\S+/.exec(mail?.body ?? '')?.[0] ?? 'http://x/');
    const parts = Object.fromEntries(link.searchParams);
    const check = await t.app.inject({ method: 'GET', url: api(`Staff/SetPassword?${link.searchParams.toString()}`) });
    expect(check.json()).toEqual({ email: 'cam@wholesaler.test' });
    const set = () =>
      post(
        'Staff/SetPassword',
        { token: parts.Token, email: parts.Email, guid: parts.Guid, password: 'Content!2345' },
        {},
      );
    expect((await set()).statusCode).toBe(200);
    expect((await set()).statusCode).toBe(400);
    const signedIn = await staffSignIn('cam@wholesaler.test', 'Content!2345');
    expect(signedIn.statusCode).toBe(200);
    const me = await t.app.inject({ method: 'GET', url: api('Staff/Me'), headers: bearer(signedIn.json()) });
    expect(me.json()).toMatchObject({ role: 'content' });

    const audit = await t.app.inject({ method: 'GET', url: api('Staff/Audit?subjectType=staff'), headers: admin });
    expect(audit.json<{ entries: unknown[] }>().entries[0]).toMatchObject({
      staffEmail: adminEmail,
      action: 'staff.created',
      subject: 'staff cam@wholesaler.test',
      after: { email: 'cam@wholesaler.test', role: 'content' },
    });
  });

  it('refuses an email already taken and a role that does not exist', async () => {
    const taken = await post('Staff/MemberCreate', { email: adminEmail, name: 'Twin', role: 'sales' });
    expect(taken.statusCode).toBe(409);
    const role = await post('Staff/MemberCreate', { email: 'x@wholesaler.test', name: 'X', role: 'owner' });
    expect(role.statusCode).toBe(400);
  });

  it('changes a role, which counts at once, and disabling ends the member’s session', async () => {
    const member = await createStaff(t.database.db, 'sales');
    const session = bearer(await signInStaff(t.app, member.email));
    const accounts = () => t.app.inject({ method: 'GET', url: api('Staff/Accounts'), headers: session });
    expect((await accounts()).statusCode).toBe(200);

    const claims = await post('Staff/MemberSave', { email: member.email, role: 'claims', disabled: false });
    expect(claims.statusCode, claims.body).toBe(200);
    expect((await accounts()).statusCode).toBe(403);

    const disabled = await post('Staff/MemberSave', { email: member.email, role: 'claims', disabled: true });
    expect(disabled.json<StaffMembers>().members.find((row) => row.email === member.email)?.disabled).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: api('Staff/Me'), headers: session })).statusCode).toBe(401);
  });

  it('never lets administrators disable or demote themselves', async () => {
    const demote = await post('Staff/MemberSave', { email: adminEmail, role: 'sales', disabled: false });
    expect(demote.statusCode).toBe(409);
    const disable = await post('Staff/MemberSave', { email: adminEmail, role: 'administrator', disabled: true });
    expect(disable.statusCode).toBe(409);
    expect((await t.app.inject({ method: 'GET', url: api('Staff/Me'), headers: admin })).json()).toMatchObject({
      role: 'administrator',
    });
  });

  it('answers 404 for an email no member signs in with', async () => {
    const missing = await post('Staff/MemberSave', { email: 'nobody@wholesaler.test', role: 'sales', disabled: false });
    expect(missing.statusCode).toBe(404);
  });
});
