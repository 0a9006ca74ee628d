import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserInfo } from '../../src/contract/account';
import type { AuthResult } from '../../src/contract/auth';
import type { Notification } from '../../src/contract/home';
import { accounts } from '../../src/server/db/schema';
import { DEMO_PASSWORD, demoLogins } from '../../src/domain/demo-logins';
import { isSeeded, seedDemoData } from '../../src/server/seed/seed-demo-data';
import { type TestApp, api, createTestApp } from '../support/test-app';

const NOW = new Date('2026-11-22T02:00:00Z');
/** The accounts and home data are what this file checks; a small catalogue keeps it fast. */
const catalogueSize = { tyres: 60, wheels: 30, merchandise: 20 };

describe('demo data', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemoData(t.database.db, { now: NOW, catalogueSize });
  });
  afterAll(() => t.close());

  it('marks the database seeded', async () => {
    expect(await isSeeded(t.database.db)).toBe(true);
  });

  it('leaves the planner statistics of what it loaded, which the embedded database never gathers by itself', async () => {
    const answer = (await t.database.db.execute(
      sql`select relname, reltuples from pg_class where relname in ('products', 'tyres', 'wheels', 'product_stock')`,
    )) as unknown as { rows: { relname: string; reltuples: number }[] };
    expect(answer.rows).toHaveLength(4);
    for (const row of answer.rows) expect(Number(row.reltuples), row.relname).toBeGreaterThan(0);
  });

  it('lets every customer demo login sign in and shows the account of DESIGN.md §6', async () => {
    const expected: Record<string, Partial<UserInfo>> = {
      'dealer@demo.test': { sapCode: 'C10001', isMarshalKeyDealer: true, isAssociateDealer: true, hasPitPass: true },
      'retailer@demo.test': { sapCode: 'C10002', isRestrictedSalesRetailer: true, hasPitPass: false },
      'onhold@demo.test': { sapCode: 'C10003', isRestrictedSalesRetailer: false },
    };
    for (const login of demoLogins.filter((l) => l.role === 'customer')) {
      const signIn = await t.app.inject({
        method: 'POST',
        url: api('Authenticate/Login'),
        payload: { email: login.email, password: DEMO_PASSWORD },
      });
      expect(signIn.statusCode, login.email).toBe(200);
      const { token } = signIn.json() as AuthResult;
      const info = (
        await t.app.inject({
          method: 'GET',
          url: api('Account/UserInfo'),
          headers: { authorization: `Bearer ${token}` },
        })
      ).json() as UserInfo;
      expect(info).toMatchObject({ isLoggedIn: true, isStaffMember: false, ...expected[login.email] });
    }
  });

  it('seeds active, expired, future and open-ended notifications', async () => {
    const active = (await t.app.inject({ method: 'GET', url: api('Home/Notifications') })).json() as Notification[];
    expect(active.length).toBe(4);
    expect(active.some((n) => n.startDate === null)).toBe(true);
    expect(active.some((n) => n.endDate === null)).toBe(true);
    const rows = await t.database.db.query.notifications.findMany();
    expect(rows.length).toBeGreaterThan(active.length);
  });

  it('is deterministic and re-runnable: a second seed replaces the data with the same accounts', async () => {
    const first = await t.database.db
      .select({ code: accounts.code, name: accounts.name })
      .from(accounts)
      .orderBy(accounts.code);
    await seedDemoData(t.database.db, { now: NOW, catalogueSize });
    const second = await t.database.db
      .select({ code: accounts.code, name: accounts.name })
      .from(accounts)
      .orderBy(accounts.code);
    expect(second).toEqual(first);
    expect(first.length).toBeGreaterThan(30);
    const dealers = await t.database.db.select().from(accounts).where(eq(accounts.code, 'C10001'));
    expect(dealers).toHaveLength(1);
  });
});
