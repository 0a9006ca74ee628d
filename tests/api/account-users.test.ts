import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountUsers } from '../../src/contract/account-users';
import { bearer, createColleague, createCustomer, signIn } from '../support/fixtures';
import { sentMail } from '../support/outbox';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
const CHOSEN = 'Chosen!2345';

/**
 * Account/Users, Account/UserInvite and Account/UserUpdate: the owner lists the account's people, invites one by
 * email with a role (a mailed set-password link that works once and for 7 days), changes roles and a buyer's switch
 * to pay invoices; no one but the owner may.
 */
describe("the owner manages the account's users", () => {
  let t: TestApp;
  let dataDir: string;
  let owner: Record<string, string>;
  let ownerEmail: string;
  let accountId: number;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-account-users-'));
    t = await createTestApp({
      now: NOW,
      env: { DATA_DIR: dataDir, AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' },
    });
    const customer = await createCustomer(t.database.db, { name: 'Ballarat Tyres' });
    accountId = customer.account.id;
    ownerEmail = customer.email;
    owner = bearer(await signIn(t.app, customer.email));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (route: string, payload: object, headers = owner) =>
    t.app.inject({ method: 'POST', url: api(route), payload, headers });
  const list = (headers = owner) => t.app.inject({ method: 'GET', url: api('Account/Users'), headers });
  const setPassword = (link: URLSearchParams) =>
    t.app.inject({
      method: 'POST',
      url: api('Authenticate/ResetPassword'),
      payload: { token: link.get('Token'), email: link.get('Email'), guid: link.get('Guid'), password: CHOSEN },
    });
  async function linkMailedTo(to: string): Promise<URLSearchParams> {
    const mails = (await sentMail(t.app, dataDir)).filter((mail) => mail.to === to);
    const url = /https?:\/\/\S+\/reset-password\?\S+/.exec(mails.at(-1)?.body ?? '')?.[0];
    if (!url) throw new Error(`no link mailed to ${to}`);
    return new URL(url).searchParams;
  }

  it('lists the owner alone at first, marked as the caller', async () => {
    const answer = await list();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json<AccountUsers>().users).toEqual([
      expect.objectContaining({
        email: ownerEmail,
        role: 'owner',
        canPayInvoices: true,
        disabled: false,
        invited: false,
        isYou: true,
      }),
    ]);
  });

  it('invites a counter user, whose link sets the password once and who then signs in', async () => {
    const invited = await post('Account/UserInvite', {
      email: 'Cora@Ballarat.test',
      name: 'Cora Counter',
      role: 'counter',
    });
    expect(invited.statusCode, invited.body).toBe(200);
    expect(invited.json<AccountUsers>().users).toContainEqual({
      email: 'cora@ballarat.test',
      name: 'Cora Counter',
      role: 'counter',
      canPayInvoices: false,
      disabled: false,
      invited: true,
      isYou: false,
    });
    const mails = (await sentMail(t.app, dataDir)).filter((mail) => mail.to === 'cora@ballarat.test');
    expect(mails.map((mail) => mail.subject)).toEqual(['You are invited to YHI Trade']);
    expect(mails[0]?.body).toContain('Ballarat Tyres');

    const link = await linkMailedTo('cora@ballarat.test');
    expect((await setPassword(link)).statusCode).toBe(200);
    expect((await setPassword(link)).statusCode).toBe(400);
    const session = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: 'cora@ballarat.test', password: CHOSEN },
    });
    expect(session.statusCode).toBe(200);
    const info = await t.app.inject({
      method: 'GET',
      url: api('Account/UserInfo'),
      headers: bearer(session.json<{ token: string }>()),
    });
    expect(info.json()).toMatchObject({ name: 'Cora Counter', role: 'counter', canPayInvoices: false });
    const listed = (await list()).json<AccountUsers>().users.find((user) => user.email === 'cora@ballarat.test');
    expect(listed?.invited).toBe(false);
  });

  it('refuses an invitation link after seven days', async () => {
    await post('Account/UserInvite', { email: 'slow@ballarat.test', name: 'Sam Slow', role: 'buyer' });
    const link = await linkMailedTo('slow@ballarat.test');
    t.clock.now = new Date(NOW.getTime() + 7 * 24 * 3_600_000 + 1_000);
    try {
      expect((await setPassword(link)).statusCode).toBe(400);
    } finally {
      t.clock.now = NOW;
    }
  });

  it('answers 400 naming email for an email that already signs in, anywhere in the shop', async () => {
    const other = await createCustomer(t.database.db);
    const taken = await post('Account/UserInvite', { email: other.email.toUpperCase(), name: 'Twin', role: 'buyer' });
    expect(taken.statusCode).toBe(400);
    expect(taken.json()).toMatchObject({
      validationErrors: [{ name: 'email', reason: `${other.email} already signs in to YHI Trade.` }],
    });
    const invalid = await post('Account/UserInvite', { email: 'not an email', name: '', role: 'boss' });
    expect(invalid.statusCode).toBe(400);
    const fields = invalid.json<{ validationErrors: { name: string }[] }>().validationErrors.map((error) => error.name);
    expect(fields.sort()).toEqual(['email', 'name', 'role']);
  });

  it("changes a user's role and a buyer's switch to pay invoices, which the user's next call follows", async () => {
    const buyer = await createColleague(t.database.db, accountId, 'buyer');
    const buyerSession = bearer(await signIn(t.app, buyer.email));
    const allowed = await post('Account/UserUpdate', {
      email: buyer.email,
      role: 'buyer',
      canPayInvoices: true,
      disabled: false,
    });
    expect(allowed.statusCode, allowed.body).toBe(200);
    expect(allowed.json<AccountUsers>().users.find((user) => user.email === buyer.email)).toMatchObject({
      role: 'buyer',
      canPayInvoices: true,
    });
    const info = () => t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: buyerSession });
    expect((await info()).json()).toMatchObject({ role: 'buyer', canPayInvoices: true });

    const demoted = await post('Account/UserUpdate', {
      email: buyer.email,
      role: 'counter',
      canPayInvoices: true,
      disabled: false,
    });
    expect(demoted.json<AccountUsers>().users.find((user) => user.email === buyer.email)).toMatchObject({
      role: 'counter',
      canPayInvoices: false,
    });
    expect((await info()).json()).toMatchObject({ role: 'counter', canPayInvoices: false });
    const cart = await t.app.inject({ method: 'GET', url: api('Cart/Get'), headers: buyerSession });
    expect(cart.statusCode).toBe(403);
  });

  it('answers 404 for an email that is not a user of the account', async () => {
    const stranger = await createCustomer(t.database.db);
    const answer = await post('Account/UserUpdate', {
      email: stranger.email,
      role: 'counter',
      canPayInvoices: false,
      disabled: true,
    });
    expect(answer.statusCode).toBe(404);
  });

  it('refuses buyers and counter users with the owner-only message', async () => {
    for (const role of ['buyer', 'counter'] as const) {
      const colleague = bearer(await signIn(t.app, (await createColleague(t.database.db, accountId, role)).email));
      const listed = await list(colleague);
      expect(listed.statusCode).toBe(403);
      const invite = await post('Account/UserInvite', { email: `x-${role}@ballarat.test`, name: 'X', role }, colleague);
      expect(invite.statusCode).toBe(403);
      expect(invite.json()).toMatchObject({
        detail:
          role === 'buyer'
            ? "Only the account's owner can do this."
            : 'A counter user cannot do this: ask a buyer or the owner of the account.',
      });
    }
  });
});
