import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffAccount } from '../../src/contract/staff-accounts';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

const newAccount = {
  accountCode: 'c99001',
  name: 'Gippsland Tyre Barn',
  state: 'VIC',
  isMarshalKeyDealer: false,
  isAssociateDealer: true,
  hasPitPass: false,
  isRestrictedSalesRetailer: false,
  priceDisplay: 'Trade',
  contactName: 'Gail Barn',
  phone: '03 5123 4567',
  contactEmail: 'Gail@Barn.example',
  deliveryAddress1: '12 Princes Hwy',
  deliveryCity: 'Traralgon',
  deliveryPostcode: '3844',
};

/**
 * Staff/Accounts, Staff/Account and the account changes: sales find, create and edit accounts (disabling one ends its
 * users' sessions), credit sets limits, terms and holds, and every change is audited with the values before and after.
 */
describe('customer accounts in the back office', () => {
  let t: TestApp;
  let sales: Record<string, string>;
  let credit: Record<string, string>;
  let salesEmail: string;

  beforeAll(async () => {
    t = await createTestApp({
      now: NOW,
      env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000', AUTH_RATE_LIMIT_PER_ACCOUNT: '1000' },
    });
    const salesMember = await createStaff(t.database.db, 'sales');
    salesEmail = salesMember.email;
    sales = bearer(await signInStaff(t.app, salesMember.email));
    credit = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'credit')).email));
  });
  afterAll(() => t.close());

  const get = (path: string, headers: Record<string, string>) =>
    t.app.inject({ method: 'GET', url: api(path), headers });
  const post = (path: string, payload: object, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: api(path), payload, headers });

  it('finds accounts by code, name or a user, each with its accountCode', async () => {
    const customer = await createCustomer(t.database.db, { name: 'Wombat Wheels Pty Ltd' });
    const found = await get('Staff/Accounts?search=wombat', sales);
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json()).toMatchObject({
      accounts: [{ accountCode: customer.account.code, name: 'Wombat Wheels Pty Ltd', onHold: false, disabled: false }],
      total: 1,
    });
    const byUser = await get(`Staff/Accounts?search=${encodeURIComponent(customer.email)}`, credit);
    expect(byUser.json()).toMatchObject({ accounts: [{ accountCode: customer.account.code }] });
  });

  it('creates an account once, with its code in upper case, and records who did it', async () => {
    const created = await post('Staff/AccountCreate', newAccount, sales);
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      accountCode: 'C99001',
      name: 'Gippsland Tyre Barn',
      contactEmail: 'gail@barn.example',
      disabled: false,
      onHold: false,
      users: [],
      credit: { limitValue: 0, isLimitReached: true },
      recentOrders: [],
      audit: [{ staffEmail: salesEmail, action: 'account.created', subject: 'account C99001', before: null }],
    });
    const again = await post('Staff/AccountCreate', newAccount, sales);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ detail: 'An account with the code C99001 already exists.' });
  });

  it('refuses bad fields, naming them, and changes nothing', async () => {
    const refused = await post(
      'Staff/AccountCreate',
      { ...newAccount, accountCode: 'C 1', deliveryPostcode: '38' },
      sales,
    );
    expect(refused.statusCode).toBe(400);
    const names = (refused.json() as { validationErrors: { name: string }[] }).validationErrors.map((e) => e.name);
    expect(names).toEqual(expect.arrayContaining(['accountCode', 'deliveryPostcode']));
    expect((await get('Staff/Account?accountCode=C%201', sales)).statusCode).toBe(400);
    expect((await get('Staff/Account?accountCode=C404404', sales)).statusCode).toBe(404);
  });

  it('lets credit set the limit, terms and hold, and audits only what changed', async () => {
    const customer = await createCustomer(t.database.db, { creditLimitCents: 100_000 });
    const code = customer.account.code;
    const set = await post(
      'Staff/AccountCredit',
      { accountCode: code, creditLimitValue: 500_000, termsDays: 45, onHold: false },
      credit,
    );
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({
      creditLimitValue: 500_000,
      termsDays: 45,
      credit: { limit: '$5,000.00', available: '$5,000.00', isLimitReached: false },
      audit: [
        {
          action: 'account.updated',
          before: { creditLimitCents: 100_000, termsDays: 30 },
          after: { creditLimitCents: 500_000, termsDays: 45 },
        },
      ],
    });
    const held = await post(
      'Staff/AccountCredit',
      { accountCode: code, creditLimitValue: 500_000, termsDays: 45, onHold: true },
      credit,
    );
    expect(held.json()).toMatchObject({ onHold: true, credit: { availableValue: 0, isLimitReached: true } });
    const limit = await get('Account/CreditLimit', bearer(await signIn(t.app, customer.email)));
    expect(limit.json()).toMatchObject({ isLimitReached: true });
    // Each role keeps to its part.
    expect(
      (
        await post(
          'Staff/AccountCredit',
          { accountCode: code, creditLimitValue: 1, termsDays: 1, onHold: false },
          sales,
        )
      ).statusCode,
    ).toBe(403);
    expect(
      (await post('Staff/AccountSave', { ...newAccount, accountCode: code, disabled: false }, credit)).statusCode,
    ).toBe(403);
  });

  it('disabling an account ends its users’ sessions at once and refuses their sign-in', async () => {
    const customer = await createCustomer(t.database.db);
    const session = await signIn(t.app, customer.email);
    expect((await get('Account/UserInfo', bearer(session))).statusCode).toBe(200);
    const current = (await get(`Staff/Account?accountCode=${customer.account.code}`, sales)).json() as StaffAccount;
    const {
      users: _users,
      credit: _credit,
      recentOrders: _orders,
      audit: _audit,
      creditLimitValue: _l,
      termsDays: _t,
      onHold: _h,
      accountId: _id,
      ...fields
    } = current;
    const saved = await post('Staff/AccountSave', { ...fields, priceDisplay: 'RRP', disabled: true }, sales);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({
      disabled: true,
      priceDisplay: 'RRP',
      audit: [{ before: { priceDisplay: 'Trade', disabled: false }, after: { priceDisplay: 'RRP', disabled: true } }],
    });
    expect((await get('Account/UserInfo', bearer(session))).statusCode).toBe(401);
    const refresh = await post('Authenticate/TokenRefresh', { refreshToken: session.refreshToken }, {});
    expect(refresh.statusCode).toBeGreaterThanOrEqual(400);
    const again = await t.app.inject({
      method: 'POST',
      url: api('Authenticate/Login'),
      payload: { email: customer.email, password: 'Fixture!2345', captchaToken: 'local-captcha' },
    });
    expect(again.statusCode).toBe(400);
  });
});
