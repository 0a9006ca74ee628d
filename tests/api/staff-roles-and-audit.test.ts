import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffUsers } from '../../src/server/db/schema';
import { recordStaffChange } from '../../src/server/modules/staff/staff-audit';
import { bearer, createCustomer, createStaff } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

/**
 * A staff member's role decides which staff routes answer (read at each request, so a changed role counts at once),
 * Staff/Me says who and what they are, and Staff/Audit lists what staff changed, newest first, to administrators.
 */
describe('staff roles and the audit', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers Staff/Me with the member and their role', async () => {
    const member = await createStaff(t.database.db, 'claims');
    const session = await signInStaff(t.app, member.email);
    const response = await t.app.inject({ method: 'GET', url: api('Staff/Me'), headers: bearer(session) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ name: member.name, email: member.email, role: 'claims' });
  });

  it('refuses a route outside the role, and lets it through once the role changes, without signing in again', async () => {
    const member = await createStaff(t.database.db, 'content');
    const session = await signInStaff(t.app, member.email);
    const search = () =>
      t.app.inject({
        method: 'POST',
        url: api('Staff/Vendors'),
        headers: bearer(session),
        payload: { search: '' },
      });
    const refused = await search();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: 'Your staff role does not include this.' });
    await t.database.db.update(staffUsers).set({ role: 'sales' }).where(eq(staffUsers.id, member.id));
    expect((await search()).statusCode).toBe(200);
  });

  it('keeps an unknown role out of the database', async () => {
    const member = await createStaff(t.database.db, 'sales');
    await expect(
      t.database.db.update(staffUsers).set({ role: 'owner' }).where(eq(staffUsers.id, member.id)),
    ).rejects.toThrow();
  });

  it('lists changes newest first to administrators, narrowed to an account, and refuses other roles', async () => {
    const administrator = await createStaff(t.database.db, 'administrator');
    const sales = await createStaff(t.database.db, 'sales');
    const customer = await createCustomer(t.database.db);
    const other = await createCustomer(t.database.db);
    await recordStaffChange(
      t.database.db,
      sales.id,
      {
        action: 'account.updated',
        subjectType: 'account',
        subjectRef: customer.account.code,
        accountId: customer.account.id,
        before: { creditLimitCents: 0 },
        after: { creditLimitCents: 500_000 },
      },
      new Date('2026-11-20T01:00:00Z'),
    );
    await recordStaffChange(
      t.database.db,
      sales.id,
      {
        action: 'account.updated',
        subjectType: 'account',
        subjectRef: customer.account.code,
        accountId: customer.account.id,
        before: { onHold: false },
        after: { onHold: true },
      },
      new Date('2026-11-21T01:00:00Z'),
    );
    await recordStaffChange(
      t.database.db,
      sales.id,
      {
        action: 'account.updated',
        subjectType: 'account',
        subjectRef: other.account.code,
        accountId: other.account.id,
        before: null,
        after: { name: 'x' },
      },
      new Date('2026-11-22T01:00:00Z'),
    );

    const admin = await signInStaff(t.app, administrator.email);
    const listed = await t.app.inject({
      method: 'GET',
      url: api(`Staff/Audit?accountCode=${customer.account.code}`),
      headers: bearer(admin),
    });
    expect(listed.statusCode).toBe(200);
    const body = listed.json() as { entries: Record<string, unknown>[]; total: number };
    expect(body.total).toBe(2);
    expect(body.entries).toEqual([
      expect.objectContaining({
        at: '2026-11-21T01:00:00.000Z',
        staffEmail: sales.email,
        action: 'account.updated',
        subject: `account ${customer.account.code}`,
        before: { onHold: false },
        after: { onHold: true },
      }),
      expect.objectContaining({ at: '2026-11-20T01:00:00.000Z', after: { creditLimitCents: 500_000 } }),
    ]);

    const salesSession = await signInStaff(t.app, sales.email);
    const refused = await t.app.inject({ method: 'GET', url: api('Staff/Audit'), headers: bearer(salesSession) });
    expect(refused.statusCode).toBe(403);
  });
});
