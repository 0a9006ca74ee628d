import type { Access } from '../../contract/route';
import type { Principal } from '../modules/auth/principal';
import { type HttpProblem, problems } from './problem';

export interface AccountFlags {
  readonly isRestrictedSalesRetailer: boolean;
}

/**
 * The access rule of DESIGN.md §4, in one place: visitors get 401 from signed-in routes,
 * staff who are not impersonating get 403 from customer routes, customers get 403 from staff routes,
 * restricted sales retailers get 403 from payer routes. Returns the refusal, or null to let the call through.
 */
export async function refusal(
  access: Access,
  principal: Principal | null,
  accountFlags: (accountId: number) => Promise<AccountFlags | null>,
): Promise<HttpProblem | null> {
  if (access === 'public') return null;
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
