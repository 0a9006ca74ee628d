import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, users } from '../../src/server/db/schema';
import { outboxDir } from '../../src/server/integrations/mail/mailer';
import { createCustomer } from '../support/fixtures';
import { type FileImporter, createFileImporter } from '../support/import-file';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/** Trade customers and the people who sign in for them, from the ERP, by account code and by email. */
describe('importing accounts and users', () => {
  let t: TestApp;
  let dataDir: string;
  let importFile: FileImporter;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-import-accounts-'));
    t = await createTestApp({ now: NOW, env: { DATA_DIR: dataDir, PUBLIC_URL: 'https://shop.example' } });
    importFile = await createFileImporter(t, NOW);
  });
  afterAll(async () => {
    await importFile.dispose();
    await t.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const account = async (code: string) => {
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.code, code));
    return row;
  };
  const signIn = (email: string, password: string) =>
    t.app.inject({ method: 'POST', url: api('Authenticate/Login'), payload: { email, password } });

  it('creates accounts by code, names each refused row, and takes dollars as cents', async () => {
    const { job, refused } = await importFile(
      'accounts',
      [
        'code,name,state,credit_limit,terms_days,contact_email,pit_pass,restricted_sales_retailer',
        'c30001,Ballarat Tyres,VIC,12500.50,30,office@ballarat.example,yes,false',
        'C30002,Darwin Wheels,NT,,,,,',
        'C30003,Nowhere Tyres,XYZ,1000,30,,,',
        'C30004,Cheap Tyres,NSW,12.345,30,,,',
        'C 30005,Spaced Tyres,NSW,,,,,',
        'C30006,Bad Mail Tyres,NSW,,,not-an-email,,',
        'C30007,Unsure Tyres,NSW,,,,maybe,',
      ].join('\n'),
    );
    expect(refused).toEqual([
      'line 4: state: is not an Australian state',
      'line 5: credit_limit: is not an amount in dollars such as 123.45',
      'line 6: code: is not an account code (letters, digits, dashes)',
      'line 7: contact_email: Enter a valid email address',
      'line 8: pit_pass: is not yes or no',
    ]);
    expect(job.counts).toMatchObject({ read: 7, created: 2, failed: 5 });
    expect(await account('C30001')).toMatchObject({
      name: 'Ballarat Tyres',
      state: 'VIC',
      creditLimitCents: 1_250_050,
      termsDays: 30,
      contactEmail: 'office@ballarat.example',
      hasPitPass: true,
      isRestrictedSalesRetailer: false,
      priceDisplay: 'Trade',
    });
    expect(await account('C30002')).toMatchObject({
      state: 'NT',
      creditLimitCents: 0,
      termsDays: 30,
      hasPitPass: false,
    });
  });

  it('leaves what a file does not give as it is, and changes nothing the second time', async () => {
    const partial = 'code,name,state\nC30001,Ballarat Tyres,VIC\n';
    const { job } = await importFile('accounts', partial);
    expect(job.counts).toMatchObject({ created: 0, updated: 0, unchanged: 1 });
    expect(await account('C30001')).toMatchObject({ creditLimitCents: 1_250_050, hasPitPass: true });

    const moved = await importFile('accounts', 'code,name,state,credit_limit\nC30001,Ballarat Tyres,WA,900\n');
    expect(moved.job.counts).toMatchObject({ updated: 1 });
    expect(await account('C30001')).toMatchObject({ state: 'WA', creditLimitCents: 90_000, hasPitPass: true });
  });

  it('creates users who choose their password through the reset link, and never moves one between accounts', async () => {
    const other = await createCustomer(t.database.db);
    const { job, refused } = await importFile(
      'users',
      [
        'email,account,name,active',
        'Owner@Ballarat.example,C30001,Bea Owner,true',
        'counter@ballarat.example,c30001,Counter,',
        'someone@ballarat.example,C99999,Someone,true',
        `${other.email},C30001,Taken Over,true`,
      ].join('\n'),
    );
    expect(refused).toEqual([
      'line 4: account: no account has this code',
      `line 5: email: signs in for account ${other.account.code}`,
    ]);
    expect(job.counts).toMatchObject({ created: 2, failed: 2 });
    expect((await signIn('owner@ballarat.example', '')).statusCode).toBe(400);

    const asked = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/ForgotPassword'),
      payload: { email: 'owner@ballarat.example' },
    });
    expect(asked.statusCode).toBe(200);
    await t.app.backgroundWork.idle();
    const names = (await readdir(outboxDir(dataDir))).sort();
    const mail = (await readFile(path.join(outboxDir(dataDir), names.at(-1) ?? ''), 'utf8'))
      .replace(/=\r?\n/g, '')
      .replaceAll('=3D', '=');
    const link = new URL(/https:\/\/shop\.example\/reset-password\?\S+/.exec(mail)?.[0] ?? 'https://missing');
    const reset = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/ResetPassword'),
      payload: {
        token: link.searchParams.get('Token'),
        email: link.searchParams.get('Email'),
        guid: link.searchParams.get('Guid'),
        password: 'Chosen-by-Bea-1',
      },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect((await signIn('owner@ballarat.example', 'Chosen-by-Bea-1')).statusCode).toBe(200);
  });

  it('disables a user with active false, and a second import of the same file changes nothing', async () => {
    const file = 'email,account,name,active\nowner@ballarat.example,C30001,Bea Owner,false\n';
    expect((await importFile('users', file)).job.counts).toMatchObject({ updated: 1 });
    expect((await importFile('users', file)).job.counts).toMatchObject({ updated: 0, unchanged: 1 });
    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'owner@ballarat.example'));
    expect(user?.disabled).toBe(true);
    expect((await signIn('owner@ballarat.example', 'Chosen-by-Bea-1')).json()).toMatchObject({
      detail: 'The email or password is incorrect.',
    });
  });
});
