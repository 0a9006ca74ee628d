import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCustomer, createStaff, signIn } from '../support/fixtures';
import { storeSubmission } from '../support/request-fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

/** Account/Requests: a customer follows their account's returns and warranty claims, with the status staff gave. */
describe("the account's returns and claims", () => {
  let t: TestApp;
  let customer: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    const mine = await createCustomer(db);
    const other = await createCustomer(db);
    customer = bearer(await signIn(t.app, mine.email));
    const payload = { contactName: 'Pat Lee' };
    const accountId = mine.account.id;
    await storeSubmission(db, {
      reference: 'RA-MINE22',
      kind: 'ProductReturn',
      at: '2026-11-20T01:00:00Z',
      accountId,
      payload,
    });
    await storeSubmission(db, {
      reference: 'WC-MINE22',
      kind: 'WarrantyClaim',
      at: '2026-11-21T01:00:00Z',
      accountId,
      payload,
    });
    await storeSubmission(db, {
      reference: 'CU-MINE22',
      kind: 'ContactUs',
      at: '2026-11-22T01:00:00Z',
      accountId,
      payload,
    });
    await storeSubmission(db, {
      reference: 'WC-THEM22',
      kind: 'WarrantyClaim',
      at: '2026-11-23T01:00:00Z',
      accountId: other.account.id,
      payload,
    });
    const claims = bearer(await signInStaff(t.app, (await createStaff(db, 'claims')).email));
    const declined = await t.app.inject({
      method: 'POST',
      url: api('Staff/RequestStatus'),
      headers: claims,
      payload: { reference: 'WC-MINE22', status: 'declined' },
    });
    expect(declined.statusCode).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  it("lists the account's own returns and claims, newest first, with their status", async () => {
    const response = await t.app.inject({ method: 'GET', url: api('Account/Requests'), headers: customer });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { reference: 'WC-MINE22', kind: 'WarrantyClaim', submittedAt: '2026-11-21T01:00:00.000Z', status: 'declined' },
        { reference: 'RA-MINE22', kind: 'ProductReturn', submittedAt: '2026-11-20T01:00:00.000Z', status: 'new' },
      ],
      totalCount: 2,
      page: 1,
      totalPages: 1,
    });
  });

  it('is for customers only', async () => {
    expect((await t.app.inject({ method: 'GET', url: api('Account/Requests') })).statusCode).toBe(401);
  });
});
