import type { Access } from '../../contract/route';
import type { Principal } from '../modules/auth/principal';
import type { IntegrationCaller } from '../modules/integration/integration-caller';
import { type HttpProblem, problems } from './problem';

export interface AccountFlags {
  readonly isRestrictedSalesRetailer: boolean;
}

/**
 * The access rule of DESIGN.md §4, in one place: visitors get 401 from signed-in routes,
 * staff who are not impersonating get 403 from customer routes, customers get 403 from staff routes,
 * restricted sales retailers get 403 from payer routes, and integration keys and users' tokens each get 403 from the
 * other's routes. Returns the refusal, or null to let the call through.
 */
export async function refusal(
  access: Access,
  principal: Principal | null,
  accountFlags: (accountId: number) => Promise<AccountFlags | null>,
  integrationKey: IntegrationCaller | null = null,
): Promise<HttpProblem | null> {
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
    case 'staff':
      return principal.kind === 'staff' ? null : problems.forbidden('Only staff members can do this.');
    case 'customer':
      return principal.kind === 'customer' ? null : problems.forbidden('Choose a customer to act as first.');
    case 'payer':
      if (principal.kind !== 'customer') return problems.forbidden('Choose a customer to act as first.');
      return (await accountFlags(principal.accountId))?.isRestrictedSalesRetailer === false
        ? null
        : problems.forbidden('Payments are not available to this account.');
  }
}
