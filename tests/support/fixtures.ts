import type { CustomerRole } from '../../src/contract/customer-roles';
import type { StaffRole } from '../../src/contract/staff-roles';
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthResult } from '../../src/contract/auth';
import type { Database } from '../../src/server/db/client';
import { accounts, staffUsers, users } from '../../src/server/db/schema';
import { hashPassword } from '../../src/server/modules/auth/passwords';
import { api } from './test-app';

export const FIXTURE_PASSWORD = 'Fixture!2345';
let fixturePasswordHash: Promise<string> | undefined;
const passwordHash = () => (fixturePasswordHash ??= hashPassword(FIXTURE_PASSWORD));

export type AccountValues = Partial<typeof accounts.$inferInsert>;

/** A trade account with one user who signs in with FIXTURE_PASSWORD. */
export async function createCustomer(db: Database, account: AccountValues = {}) {
  const suffix = randomUUID().slice(0, 8);
  const [created] = await db
    .insert(accounts)
    .values({ code: `T${suffix}`, name: `Fixture Tyres ${suffix}`, state: 'VIC', ...account })
    .returning();
  if (!created) throw new Error('account not created');
  const [user] = await db
    .insert(users)
    .values({
      accountId: created.id,
      email: `user-${suffix}@fixture.test`,
      name: `Fixture User ${suffix}`,
      passwordHash: await passwordHash(),
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { account: created, user, email: user.email };
}

/** Another user of an existing account, with the role (and invoice switch) given; signs in with FIXTURE_PASSWORD. */
export async function createColleague(
  db: Database,
  accountId: number,
  role: CustomerRole,
  options: { canPayInvoices?: boolean; name?: string; disabled?: boolean } = {},
) {
  const suffix = randomUUID().slice(0, 8);
  const [user] = await db
    .insert(users)
    .values({
      accountId,
      email: `${role}-${suffix}@fixture.test`,
      name: options.name ?? `Fixture ${role} ${suffix}`,
      passwordHash: await passwordHash(),
      role,
      canPayInvoices: options.canPayInvoices ?? false,
      disabled: options.disabled ?? false,
    })
    .returning();
  if (!user) throw new Error('user not created');
  return { user, email: user.email };
}

/** A staff member of `role` (an administrator unless told), who signs in with FIXTURE_PASSWORD. */
export async function createStaff(db: Database, role: StaffRole = 'administrator') {
  const suffix = randomUUID().slice(0, 8);
  const [staff] = await db
    .insert(staffUsers)
    .values({
      email: `staff-${suffix}@fixture.test`,
      name: `Fixture Staff ${suffix}`,
      passwordHash: await passwordHash(),
      role,
    })
    .returning();
  if (!staff) throw new Error('staff not created');
  return staff;
}

/** Signs a customer in through the real Authenticate/Login route. */
export async function signIn(app: FastifyInstance, email: string): Promise<AuthResult> {
  const response = await app.inject({
    method: 'POST',
    url: api('Authenticate/Login'),
    payload: { email, password: FIXTURE_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json() as AuthResult;
}

/** A new trade account (of `account`'s values) with its user signed in: the headers its requests carry. */
export async function signedInCustomer(
  app: FastifyInstance,
  db: Database,
  account: AccountValues = {},
): Promise<Record<string, string>> {
  return bearer(await signIn(app, (await createCustomer(db, account)).email));
}

export function bearer(result: { token: string }): Record<string, string> {
  return { authorization: `Bearer ${result.token}` };
}
