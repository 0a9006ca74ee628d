import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffIntegrationKeyCreated, StaffIntegrationKeys } from '../../src/contract/staff-integration';
import { bearer, createStaff } from '../support/fixtures';
import { signInStaff } from '../support/roles';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');

/**
 * Staff/IntegrationKeys and IntegrationKeyRevoke: administrators create a key (answered once, then only its first
 * characters), see when each was last used, and revoke one, which is refused from then on; the audit never holds the key.
 */
describe('integration keys in the back office', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let adminEmail: string;

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    adminEmail = (await createStaff(t.database.db, 'administrator')).email;
    admin = bearer(await signInStaff(t.app, adminEmail));
  }, 60_000);
  afterAll(async () => {
    await t?.close();
  });

  const list = async () =>
    (
      await t.app.inject({ method: 'GET', url: api('Staff/IntegrationKeys'), headers: admin })
    ).json<StaffIntegrationKeys>();
  const whoAmI = (key: string) =>
    t.app.inject({ method: 'GET', url: api('Integration/Key'), headers: { authorization: `Bearer ${key}` } });

  it('creates a key shown once, which works, and whose last use the list shows; revoking refuses it', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: api('Staff/IntegrationKeys'),
      headers: admin,
      payload: { name: 'erp', scopes: ['stock', 'prices', 'stock'] },
    });
    expect(created.statusCode, created.body).toBe(200);
    const { key, ...rest } = created.json<StaffIntegrationKeyCreated>();
    expect(rest).toEqual({ name: 'erp', scopes: ['stock', 'prices'] });
    expect(key).toMatch(/^yhi_ik_[A-Za-z0-9_-]{43}$/);

    const before = await list();
    expect(JSON.stringify(before)).not.toContain(key.slice(13));
    expect(before.keys).toEqual([
      {
        name: 'erp',
        scopes: ['stock', 'prices'],
        prefix: key.slice(0, 13),
        createdAt: expect.any(String),
        lastUsedAt: null,
        revokedAt: null,
      },
    ]);

    const used = await whoAmI(key);
    expect(used.statusCode).toBe(200);
    expect(used.json()).toMatchObject({ name: 'erp', scopes: ['stock', 'prices'] });
    expect((await list()).keys[0]?.lastUsedAt).toBe(NOW.toISOString());

    const revoked = await t.app.inject({
      method: 'POST',
      url: api('Staff/IntegrationKeyRevoke'),
      headers: admin,
      payload: { name: 'erp' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect(revoked.json<StaffIntegrationKeys>().keys[0]?.revokedAt).toBe(NOW.toISOString());
    expect((await whoAmI(key)).statusCode).toBe(401);

    const again = await t.app.inject({
      method: 'POST',
      url: api('Staff/IntegrationKeyRevoke'),
      headers: admin,
      payload: { name: 'erp' },
    });
    expect(again.statusCode).toBe(404);

    const audit = await t.app.inject({
      method: 'GET',
      url: api('Staff/Audit?subjectType=integration-key'),
      headers: admin,
    });
    expect(audit.body).not.toContain(key.slice(13));
    expect(audit.json<{ entries: unknown[] }>().entries).toEqual([
      expect.objectContaining({
        staffEmail: adminEmail,
        action: 'integration-key.revoked',
        subject: 'integration-key erp',
        before: { revokedAt: null },
        after: { revokedAt: NOW.toISOString() },
      }),
      expect.objectContaining({
        staffEmail: adminEmail,
        action: 'integration-key.created',
        subject: 'integration-key erp',
        before: null,
        after: { name: 'erp', scopes: ['stock', 'prices'] },
      }),
    ]);
  });

  it('refuses a name already taken, a name it cannot use, and no scopes', async () => {
    const create = (payload: object) =>
      t.app.inject({ method: 'POST', url: api('Staff/IntegrationKeys'), headers: admin, payload });
    expect((await create({ name: 'feed', scopes: ['stock'] })).statusCode).toBe(200);
    expect((await create({ name: 'feed', scopes: ['stock'] })).statusCode).toBe(409);
    expect((await create({ name: 'Stock Feed', scopes: ['stock'] })).statusCode).toBe(400);
    expect((await create({ name: 'empty', scopes: [] })).statusCode).toBe(400);
  });

  it('is for administrators only', async () => {
    const sales = bearer(await signInStaff(t.app, (await createStaff(t.database.db, 'sales')).email));
    const response = await t.app.inject({ method: 'GET', url: api('Staff/IntegrationKeys'), headers: sales });
    expect(response.statusCode).toBe(403);
  });
});
