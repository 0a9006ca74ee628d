import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuthResult } from '../../src/contract/auth';
import type { VendorPage } from '../../src/contract/staff';
import { users } from '../../src/server/db/schema';
import { bearer, createCustomer, createStaff } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

/**
 * Staff/Vendors shows each account's contact, so staff search by the person they have on the phone: the contact
 * name or email of any of the account's users finds the account, once, as well as its code and trading name.
 */
describe('Staff/Vendors finds accounts by their people', () => {
  let t: TestApp;
  let staff: AuthResult;
  let harbour: Awaited<ReturnType<typeof createCustomer>>;
  let ridge: Awaited<ReturnType<typeof createCustomer>>;

  beforeAll(async () => {
    t = await createTestApp();
    harbour = await createCustomer(t.database.db, { name: 'Harbour Wheels' });
    ridge = await createCustomer(t.database.db, { name: 'Ridge Tyre Co' });
    await t.database.db.insert(users).values([
      {
        accountId: harbour.account.id,
        email: 'priya.nair@harbourwheels.example',
        name: 'Priya Nair',
        passwordHash: 'x',
      },
      {
        accountId: harbour.account.id,
        email: 'p.nair.accounts@harbourwheels.example',
        name: 'Priya Nair (accounts)',
        passwordHash: 'x',
      },
      { accountId: ridge.account.id, email: 'owen@ridgetyres.example', name: 'Owen Sato', passwordHash: 'x' },
    ]);
    staff = await signInStaff(t.app, (await createStaff(t.database.db)).email);
  });
  afterAll(() => t.close());

  const search = async (text: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: api('Staff/Vendors'),
      headers: bearer(staff),
      payload: { search: text },
    });
    expect(response.statusCode).toBe(200);
    return response.json<VendorPage>();
  };

  it('matches the contact name, any case, and lists the account once however many of its users match', async () => {
    const found = await search('priya NAIR');
    expect(found.items.map((vendor) => vendor.accountId)).toEqual([harbour.account.id]);
    expect(found.total).toBe(1);
  });

  it('matches part of a user email', async () => {
    expect((await search('@ridgetyres')).items.map((vendor) => vendor.accountId)).toEqual([ridge.account.id]);
    expect((await search('p.nair.accounts')).items.map((vendor) => vendor.accountId)).toEqual([harbour.account.id]);
  });

  it('still matches the account code and trading name, and nothing for text no one carries', async () => {
    expect((await search(ridge.account.code.toLowerCase())).items.map((vendor) => vendor.accountId)).toEqual([
      ridge.account.id,
    ]);
    expect((await search('harbour wheels')).items.map((vendor) => vendor.accountId)).toEqual([harbour.account.id]);
    expect(await search('nobody-by-this-name')).toMatchObject({ items: [], total: 0 });
  });
});
