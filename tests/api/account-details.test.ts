import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccountDetails, AccountDetailsRequest } from '../../src/contract/account';
import type { Problem } from '../../src/contract/problem';
import { accounts } from '../../src/server/db/schema';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { type TestApp, api, createTestApp } from '../support/test-app';

const valid: AccountDetailsRequest = {
  contactName: 'Jo Citizen',
  phone: '(03) 9555 0100',
  email: 'Accounts@Example.com.au',
  deliveryAddress: { address1: '12 Smith Street', city: 'Fitzroy', postcode: '3065', state: 'VIC' },
  billingSameAsDelivery: true,
  billingAddress: null,
  preferences: { priceDisplay: 'RRP', useTabNavigation: false },
};

describe('Account/Details', () => {
  let t: TestApp;
  let headers: Record<string, string>;
  let accountId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const customer = await createCustomer(t.database.db, { state: 'VIC', name: 'Details Tyres' });
    accountId = customer.account.id;
    headers = bearer(await signIn(t.app, customer.email));
  });
  afterAll(() => t.close());

  const get = () => t.app.inject({ method: 'GET', url: api('Account/Details'), headers });
  const post = (payload: object) => t.app.inject({ method: 'POST', url: api('Account/Details'), headers, payload });

  it('answers an account with nothing entered yet with empty fields, its state and its preferences', async () => {
    const response = await get();
    expect(response.statusCode).toBe(200);
    const details = response.json() as AccountDetails;
    expect(details).toMatchObject({
      accountName: 'Details Tyres',
      contactName: '',
      phone: '',
      email: '',
      deliveryAddress: { address1: '', city: '', postcode: '', state: 'VIC' },
      billingSameAsDelivery: true,
      preferences: { priceDisplay: 'Trade', useTabNavigation: true },
      termsDays: 30,
    });
  });

  it('saves the details and answers them as GET then does, billing following delivery', async () => {
    const saved = await post(valid);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await get()).json() as AccountDetails;
    expect(saved.json()).toEqual(read);
    expect(read).toMatchObject({
      contactName: 'Jo Citizen',
      phone: '(03) 9555 0100',
      email: 'accounts@example.com.au',
      deliveryAddress: valid.deliveryAddress,
      billingSameAsDelivery: true,
      billingAddress: valid.deliveryAddress,
      preferences: { priceDisplay: 'RRP', useTabNavigation: false },
    });
  });

  it("takes the price display in any of SPEC.md §3's spellings and answers one: Trade, RRP or Hide", async () => {
    const spellings = [
      ['Rrp', 'RRP'],
      ['rrp', 'RRP'],
      ['TRADE', 'Trade'],
      ['None', 'Hide'],
      [' hide ', 'Hide'],
      ['Trade', 'Trade'],
    ] as const;
    for (const [sent, answered] of spellings) {
      const saved = await post({ ...valid, preferences: { priceDisplay: sent, useTabNavigation: false } });
      expect(saved.statusCode, sent).toBe(200);
      expect((saved.json() as AccountDetails).preferences.priceDisplay, sent).toBe(answered);
      expect((await get()).json()).toMatchObject({ preferences: { priceDisplay: answered } });
    }
    await post(valid);
  });

  it('keeps a separate billing address, and forgets it again when billing is the delivery address', async () => {
    const billing = { address1: 'PO Box 99', city: 'Hobart', postcode: '7000', state: 'TAS' } as const;
    const separate = (
      await post({ ...valid, billingSameAsDelivery: false, billingAddress: billing })
    ).json() as AccountDetails;
    expect(separate).toMatchObject({ billingSameAsDelivery: false, billingAddress: billing });
    const same = (await post(valid)).json() as AccountDetails;
    expect(same).toMatchObject({ billingSameAsDelivery: true, billingAddress: valid.deliveryAddress });
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(row?.billingAddress1).toBeNull();
  });

  it('refuses bad fields with one validation error per field and changes nothing', async () => {
    await post(valid);
    const [before] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    const response = await post({
      ...valid,
      contactName: ' ',
      phone: '12345',
      email: 'not-an-email',
      deliveryAddress: { address1: '1 Road', city: 'Perth', postcode: '600', state: 'XX' },
      preferences: { priceDisplay: 'Cheap', useTabNavigation: true },
    });
    expect(response.statusCode).toBe(400);
    const problem = response.json() as Problem;
    expect(problem.validationErrors.map((error) => error.name).sort()).toEqual(
      [
        'contactName',
        'deliveryAddress.postcode',
        'deliveryAddress.state',
        'email',
        'phone',
        'preferences.priceDisplay',
      ].sort(),
    );
    expect(problem.validationErrors.find((error) => error.name === 'deliveryAddress.postcode')?.reason).toBe(
      'Enter a 4-digit postcode',
    );
    expect(problem.validationErrors.find((error) => error.name === 'phone')?.reason).toBe(
      'Enter an Australian phone number',
    );
    const [after] = await t.database.db.select().from(accounts).where(eq(accounts.id, accountId));
    expect(after).toEqual(before);
  });

  it('asks for a billing address when billing is not the delivery address', async () => {
    const response = await post({ ...valid, billingSameAsDelivery: false, billingAddress: null });
    expect(response.statusCode).toBe(400);
    const problem = response.json() as Problem;
    expect(problem.validationErrors).toEqual([
      { name: 'billingAddress', reason: "Enter the billing address, or tick 'Same as delivery address'" },
    ]);
  });

  it('moves the account to its new delivery state at once, so stock is judged Local for the new state', async () => {
    await post(valid);
    expect((await t.app.catalogue.account(accountId)).state).toBe('VIC');
    const moved = await post({
      ...valid,
      deliveryAddress: { ...valid.deliveryAddress, city: 'Brisbane', postcode: '4000', state: 'QLD' },
    });
    expect(moved.statusCode).toBe(200);
    const pricing = await t.app.catalogue.account(accountId);
    expect(pricing.state).toBe('QLD');
    expect(pricing.priceDisplay).toBe('RRP');
  });

  it('refuses visitors', async () => {
    expect((await t.app.inject({ method: 'GET', url: api('Account/Details') })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: api('Account/Details'), payload: valid })).statusCode).toBe(401);
  });
});
