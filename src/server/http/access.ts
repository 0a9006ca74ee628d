import type { RouteDefinition } from '../../contract/route';
import { customerRoleMayCall } from '../../contract/customer-roles';
import { type StaffRole, roleMayCall } from '../../contract/staff-roles';
import type { Principal } from '../modules/auth/principal';
import type { IntegrationCaller } from '../modules/integration/integration-caller';
import { type HttpProblem, problems } from './problem';

export interface AccountFlags {
  readonly isRestrictedSalesRetailer: boolean;
}

/** What the rule reads about the caller beyond its token; each is asked only when the route needs it. */
export interface AccessLookups {
  accountFlags(accountId: number): Promise<AccountFlags | null>;
  /** The staff member's role now (so a changed role counts at once); null for an unknown member. */
  staffRole(staffId: number): Promise<StaffRole | null>;
}

export const noLookups: AccessLookups = { accountFlags: async () => null, staffRole: async () => null };

/**
 * The access rule of DESIGN.md §4, in one place: visitors get 401 from signed-in routes,
 * staff who are not impersonating get 403 from customer routes, customers get 403 from staff routes,
 * restricted sales retailers get 403 from payer routes, a customer's user gets 403 from customer routes their role is
 * not declared for (and a buyer from payer routes unless the owner allowed them to pay invoices), staff get 403 from
 * staff routes their role is not declared for,
 * and integration keys and users' tokens each get 403 from the other's routes. Returns the refusal, or null to let the
 * call through.
 */
export async function refusal(
  route: Pick<RouteDefinition, 'access' | 'staffRoles' | 'customerRoles'>,
  principal: Principal | null,
  lookups: AccessLookups,
  integrationKey: IntegrationCaller | null = null,
): Promise<HttpProblem | null> {
  const { access } = route;
  if (access === 'public') return null;
  if (access === 'integration') {
    if (integrationKey) return null;
    return principal ? problems.forbidden('This route takes an integration key.') : problems.unauthorized();
  }
  if (integrationKey) return problems.forbidden('An integration key can only call the integration routes.');
  if (!principal) return problems.unauthorized();
  switch (access) {
    case 'signedIn':
      return null;
    case 'staff': {
      if (principal.kind !== 'staff') return problems.forbidden('Only staff members can do this.');
      const role = await lookups.staffRole(principal.staffId);
      return role && roleMayCall(role, route.staffRoles ?? [])
        ? null
        : problems.forbidden('Your staff role does not include this.');
    }
    case 'customer':
    case 'payer': {
      if (principal.kind !== 'customer') return problems.forbidden('Choose a customer to act as first.');
      if (!customerRoleMayCall(principal.role, route.customerRoles ?? []))
        return problems.forbidden(
          principal.role === 'counter'
            ? 'A counter user cannot do this: ask a buyer or the owner of the account.'
            : "Only the account's owner can do this.",
        );
      if (access === 'customer') return null;
      if (!principal.canPayInvoices)
        return problems.forbidden("Your account's owner has not allowed you to pay invoices.");
      return (await lookups.accountFlags(principal.accountId))?.isRestrictedSalesRetailer === false
        ? null
        : problems.forbidden('Payments are not available to this account.');
    }
  }
}
