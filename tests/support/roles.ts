import type { FastifyInstance } from 'fastify';
import type { AuthResult } from '../../src/contract/auth';
import type { Database } from '../../src/server/db/client';
import { FIXTURE_PASSWORD, createColleague, createCustomer, createStaff, signIn } from './fixtures';
import { api } from './test-app';
import type { StaffRole } from '../../src/contract/staff-roles';
import { integrationScopes } from '../../src/contract/integration';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';

/** Signs a staff member in through the real Staff/Login route. */
export async function signInStaff(app: FastifyInstance, email: string): Promise<AuthResult> {
  const response = await app.inject({
    method: 'POST',
    url: api('Staff/Login'),
    payload: { email, password: FIXTURE_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`staff sign-in failed: ${response.statusCode} ${response.body}`);
  return response.json() as AuthResult;
}

/** Staff act as an account through the real routes: mint a token, then redeem it as the browser does. */
export async function impersonate(app: FastifyInstance, staff: AuthResult, accountId: number): Promise<AuthResult> {
  const minted = await app.inject({
    method: 'POST',
    url: api('Staff/ImpersonationToken'),
    headers: { authorization: `Bearer ${staff.token}` },
    payload: { accountId },
  });
  if (minted.statusCode !== 200) throw new Error(`minting failed: ${minted.statusCode} ${minted.body}`);
  const { token } = minted.json() as { token: string };
  const redeemed = await app.inject({
    method: 'POST',
    url: api('Authenticate/Impersonate'),
    headers: { authorization: `Bearer ${staff.token}` },
    payload: { token, captchaToken: 'local-captcha' },
  });
  if (redeemed.statusCode !== 200) throw new Error(`impersonation failed: ${redeemed.statusCode} ${redeemed.body}`);
  return redeemed.json() as AuthResult;
}

/** The headers a browser sends for a session, the impersonator header included while impersonating. */
export function sessionHeaders(result: Pick<AuthResult, 'token' | 'impersonatorToken'>): Record<string, string> {
  return {
    authorization: `Bearer ${result.token}`,
    ...(result.impersonatorToken ? { 'x-impersonator-token': result.impersonatorToken } : {}),
  };
}

/**
 * `customer` is an account's owner, `buyer`, `payingBuyer` (a buyer allowed to pay invoices) and `counter` its other
 * users; `staff` is an administrator, and each other staff role signs in as `<role>Staff`.
 */
export type RoleName =
  | 'visitor'
  | 'customer'
  | 'buyer'
  | 'payingBuyer'
  | 'counter'
  | 'restrictedRetailer'
  | 'staff'
  | 'salesStaff'
  | 'creditStaff'
  | 'claimsStaff'
  | 'contentStaff'
  | 'impersonatingStaff'
  | 'integration';

/** The staff role each staff session of sessionsForEveryRole has. */
export const staffRoleOf: Partial<Record<RoleName, StaffRole>> = {
  staff: 'administrator',
  salesStaff: 'sales',
  creditStaff: 'credit',
  claimsStaff: 'claims',
  contentStaff: 'content',
};

/** One signed-in session per role of SPEC.md §6, each on fixtures of its own. */
export async function sessionsForEveryRole(app: FastifyInstance, db: Database) {
  // Both belong to every dealer program, so routes a program flag also guards (PitPass/Get) are judged here by their
  // access level alone; tests/api/programs.test.ts covers the flags.
  const programs = { isMarshalKeyDealer: true, isAssociateDealer: true, hasPitPass: true };
  const customer = await createCustomer(db, programs);
  const retailer = await createCustomer(db, { ...programs, isRestrictedSalesRetailer: true });
  const staffUser = await createStaff(db);
  const staff = await signInStaff(app, staffUser.email);
  const staffOf = async (role: StaffRole) =>
    sessionHeaders(await signInStaff(app, (await createStaff(db, role)).email));
  const headers: Record<RoleName, Record<string, string>> = {
    visitor: {},
    customer: sessionHeaders(await signIn(app, customer.email)),
    buyer: sessionHeaders(await signIn(app, (await createColleague(db, customer.account.id, 'buyer')).email)),
    payingBuyer: sessionHeaders(
      await signIn(app, (await createColleague(db, customer.account.id, 'buyer', { canPayInvoices: true })).email),
    ),
    counter: sessionHeaders(await signIn(app, (await createColleague(db, customer.account.id, 'counter')).email)),
    restrictedRetailer: sessionHeaders(await signIn(app, retailer.email)),
    staff: sessionHeaders(staff),
    salesStaff: await staffOf('sales'),
    creditStaff: await staffOf('credit'),
    claimsStaff: await staffOf('claims'),
    contentStaff: await staffOf('content'),
    impersonatingStaff: sessionHeaders(await impersonate(app, staff, customer.account.id)),
    integration: {
      authorization: `Bearer ${(await createIntegrationKey(db, `every-scope-${customer.account.id}`, integrationScopes)).token}`,
    },
  };
  return { headers, customer, retailer, staffUser };
}
