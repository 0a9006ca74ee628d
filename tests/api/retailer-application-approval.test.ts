import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RequestDetail } from '../../src/contract/requests';
import type { StaffAccount } from '../../src/contract/staff-accounts';
import { bearer, createStaff } from '../support/fixtures';
import { sentMail } from '../support/outbox';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-25T02:00:00Z');

/** A trade account application as /register sends it. */
const application = {
  legalName: 'Ballarat Tyre Traders Pty Ltd',
  tradingName: 'Ballarat Tyre Traders',
  abn: '51824753556',
  businessType: 'Tyre retailer',
  yearsTrading: 12,
  address: '4 Sturt St',
  suburb: 'Ballarat',
  state: 'VIC',
  postcode: '3350',
  contactName: 'Bea Traders',
  position: 'Owner',
  email: 'bea@ballarat-tyres.test',
  phone: '03 5331 0000',
  monthlySpend: '$5,000 to $20,000',
  tradeReferences: [
    { company: 'Tyre Supply Co', contactName: 'Ted Supply', phone: '03 9000 0001' },
    { company: 'Wheel World', contactName: 'Wendy World', phone: '03 9000 0002' },
  ],
  acceptTerms: true,
  captchaToken: 'local-captcha',
};

/** Approving a trade account application opens the account and invites its contact, who then signs in. */
describe('approving a trade account application', () => {
  let t: TestApp;
  let dataDir: string;
  let claims: Record<string, string>;
  let reference: string;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'yhi-approval-'));
    t = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir } });
    claims = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'claims')).email));
    const applied = await t.app.inject({ method: 'POST', url: api('Form/RetailerRegister'), payload: application });
    expect(applied.statusCode, applied.body).toBe(200);
    reference = applied.json<{ reference: string }>().reference;
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('opens the account under the reference, invites the contact, and they sign in to it', async () => {
    const approved = await t.app.inject({
      method: 'POST',
      url: api('Staff/RequestStatus'),
      headers: claims,
      payload: { reference, status: 'approved' },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json<RequestDetail>().status).toBe('approved');

    const admin = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'administrator')).email));
    const account = await t.app.inject({
      method: 'GET',
      url: api(`Staff/Account?accountCode=${reference}`),
      headers: admin,
    });
    expect(account.json<StaffAccount>()).toMatchObject({
      accountCode: reference,
      name: 'Ballarat Tyre Traders',
      state: 'VIC',
      contactEmail: 'bea@ballarat-tyres.test',
      deliveryCity: 'Ballarat',
      creditLimitValue: 0,
      users: [
        {
          id: expect.any(Number),
          email: 'bea@ballarat-tyres.test',
          name: 'Bea Traders',
          disabled: false,
          invited: true,
        },
      ],
    });

    const mail = (await sentMail(t.app, dataDir)).find((sent) => sent.subject === 'You are invited to YHI Trade');
    expect(mail?.to).toBe('bea@ballarat-tyres.test');
    const link = new URL(/https?:\/\/\S+\/reset-password\?\S+/.exec(mail?.body ?? '')?.[0] ?? 'http://x/').searchParams;
    const set = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/ResetPassword'),
      payload: {
        token: link.get('Token'),
        email: link.get('Email'),
        guid: link.get('Guid'),
        password: 'Ballarat!2345',
      },
    });
    expect(set.statusCode, set.body).toBe(200);
    const signedIn = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: 'bea@ballarat-tyres.test', password: 'Ballarat!2345' },
    });
    expect(signedIn.statusCode).toBe(200);
    const info = await t.app.inject({ method: 'GET', url: api('Account/UserInfo'), headers: bearer(signedIn.json()) });
    expect(info.json()).toMatchObject({ sapCode: reference });
  });
});
