import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CustomerRoleGrant } from '../../src/contract/customer-roles';
import type { Access, RouteDefinition } from '../../src/contract/route';
import { API_PREFIX, type RouteName, routes } from '../../src/contract/routes';
import { type RoleName, sessionsForEveryRole, staffRoleOf } from '../support/roles';
import { type TestApp, createTestApp } from '../support/test-app';

/**
 * SPEC.md §6 and DESIGN.md §4 as a table: what each role gets from a route of each access level.
 * 'allowed' means the access rule lets the call through (the answer may still be 400 for a missing input).
 * A staff route's row is narrowed by the roles it declares (expectedFor): the others get 403.
 */
const EXPECTED: Record<Access, Record<RoleName, 401 | 403 | 'allowed'>> = {
  public: {
    visitor: 'allowed',
    customer: 'allowed',
    buyer: 'allowed',
    payingBuyer: 'allowed',
    counter: 'allowed',
    restrictedRetailer: 'allowed',
    staff: 'allowed',
    salesStaff: 'allowed',
    creditStaff: 'allowed',
    claimsStaff: 'allowed',
    contentStaff: 'allowed',
    impersonatingStaff: 'allowed',
    integration: 'allowed',
  },
  signedIn: {
    visitor: 401,
    customer: 'allowed',
    buyer: 'allowed',
    payingBuyer: 'allowed',
    counter: 'allowed',
    restrictedRetailer: 'allowed',
    staff: 'allowed',
    salesStaff: 'allowed',
    creditStaff: 'allowed',
    claimsStaff: 'allowed',
    contentStaff: 'allowed',
    impersonatingStaff: 'allowed',
    integration: 403,
  },
  customer: {
    visitor: 401,
    customer: 'allowed',
    buyer: 'allowed',
    payingBuyer: 'allowed',
    counter: 'allowed',
    restrictedRetailer: 'allowed',
    staff: 403,
    salesStaff: 403,
    creditStaff: 403,
    claimsStaff: 403,
    contentStaff: 403,
    impersonatingStaff: 'allowed',
    integration: 403,
  },
  payer: {
    visitor: 401,
    customer: 'allowed',
    buyer: 'allowed',
    payingBuyer: 'allowed',
    counter: 'allowed',
    restrictedRetailer: 403,
    staff: 403,
    salesStaff: 403,
    creditStaff: 403,
    claimsStaff: 403,
    contentStaff: 403,
    impersonatingStaff: 'allowed',
    integration: 403,
  },
  staff: {
    visitor: 401,
    customer: 403,
    buyer: 403,
    payingBuyer: 403,
    counter: 403,
    restrictedRetailer: 403,
    staff: 'allowed',
    salesStaff: 'allowed',
    creditStaff: 'allowed',
    claimsStaff: 'allowed',
    contentStaff: 'allowed',
    impersonatingStaff: 403,
    integration: 403,
  },
  integration: {
    visitor: 401,
    customer: 403,
    buyer: 403,
    payingBuyer: 403,
    counter: 403,
    restrictedRetailer: 403,
    staff: 403,
    salesStaff: 403,
    creditStaff: 403,
    claimsStaff: 403,
    contentStaff: 403,
    impersonatingStaff: 403,
    integration: 'allowed',
  },
};

const ROLES = Object.keys(EXPECTED.public) as RoleName[];

/** The customer role each of an account's users in sessionsForEveryRole has (the owner signs in as `customer`). */
const customerRoleOf: Partial<Record<RoleName, CustomerRoleGrant>> = {
  buyer: 'buyer',
  payingBuyer: 'buyer',
  counter: 'counter',
};

function expectedFor(route: RouteDefinition, role: RoleName): 401 | 403 | 'allowed' {
  const customerRole = customerRoleOf[role];
  if ((route.access === 'customer' || route.access === 'payer') && customerRole) {
    if (!(route.customerRoles ?? []).includes(customerRole)) return 403;
    if (route.access === 'payer' && role !== 'payingBuyer') return 403;
    return 'allowed';
  }
  const staffRole = staffRoleOf[role];
  if (route.access === 'staff' && staffRole) {
    return staffRole === 'administrator' || (route.staffRoles ?? []).includes(staffRole) ? 'allowed' : 403;
  }
  return EXPECTED[route.access][role];
}

describe('role matrix: every route of the contract, for every role', () => {
  let t: TestApp;
  let headers: Record<RoleName, Record<string, string>>;

  beforeAll(async () => {
    t = await createTestApp({ env: { AUTH_RATE_LIMIT_PER_ADDRESS: '100000', AUTH_RATE_LIMIT_PER_ACCOUNT: '100000' } });
    ({ headers } = await sessionsForEveryRole(t.app, t.database.db));
  });
  afterAll(() => t.close());

  // Read at run time, so routes added later are covered without touching this file.
  const names = Object.keys(routes) as RouteName[];

  it('covers every access level the contract uses', () => {
    const used = new Set(names.map((name) => (routes[name] as RouteDefinition).access));
    for (const access of used) expect(Object.keys(EXPECTED)).toContain(access);
  });

  it('has every staff route declare its staff roles, and no other route declare any', () => {
    for (const name of names) {
      const route: RouteDefinition = routes[name];
      if (route.access === 'staff') expect(route.staffRoles, name).toBeDefined();
      else expect(route.staffRoles, name).toBeUndefined();
    }
  });

  it("has every customer and payer route declare its customers' roles, and no other route declare any", () => {
    for (const name of names) {
      const route: RouteDefinition = routes[name];
      if (route.access === 'customer' || route.access === 'payer') expect(route.customerRoles, name).toBeDefined();
      else expect(route.customerRoles, name).toBeUndefined();
    }
  });

  // Routes without input that still depend on state: Checkout/PayPalOrder refuses an empty cart (400).
  const answersOnlyWithState = new Set<RouteName>(['checkoutPayPalOrder']);

  // Routes that end the caller's sessions get sessions of their own for each role, so the others keep theirs.
  const endsSessions = new Set<RouteName>(['logoutEverywhere']);

  it.each(names)('%s answers each role as its access declares', async (name) => {
    const route: RouteDefinition = routes[name];
    const outcomes: Record<string, number> = {};
    const wanted: Record<string, number | string> = {};
    for (const role of ROLES) {
      const sessions = endsSessions.has(name) ? (await sessionsForEveryRole(t.app, t.database.db)).headers : headers;
      const response = await t.app.inject({
        method: route.method,
        url: `${API_PREFIX}/${route.path}`,
        headers: sessions[role],
        ...(route.method === 'POST' ? { payload: {} } : {}),
      });
      const expected = expectedFor(route, role);
      outcomes[role] = response.statusCode;
      wanted[role] = expected;
      if (expected === 'allowed') {
        expect(response.statusCode, `${name} as ${role}: ${response.body}`).not.toBe(401);
        expect(response.statusCode, `${name} as ${role}: ${response.body}`).not.toBe(403);
        expect(response.statusCode, `${name} as ${role}: ${response.body}`).toBeLessThan(500);
        if (!route.query && !route.body && !answersOnlyWithState.has(name))
          expect(response.statusCode, `${name} as ${role}`).toBe(200);
      } else {
        expect(response.statusCode, `${name} as ${role}: ${response.body}`).toBe(expected);
      }
    }
    expect(Object.keys(outcomes)).toEqual(ROLES);
  });
});
