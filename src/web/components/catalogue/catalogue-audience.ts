import { waitFor } from 'xstate';
import type { RouterContext } from '../../router';
import { useShellRole } from '../layout/use-shell-role';

/**
 * Who the catalogue answers for. Customers (and staff acting for one) call the signed-in routes and see price,
 * stock and ordering; visitors and staff on their own call the …Public/ routes and see none of those.
 */
export type CatalogueAudience = 'trade' | 'public';

export function useCatalogueAudience(): CatalogueAudience | 'checking' {
  const role = useShellRole();
  if (role === 'checking') return 'checking';
  return role === 'customer' ? 'trade' : 'public';
}

/** The same decision for a route loader: waits until the session has been checked. */
export async function catalogueAudienceOf(context: RouterContext): Promise<CatalogueAudience> {
  const settled = await waitFor(
    context.session,
    (snapshot) => snapshot.matches('anonymous') || snapshot.matches('signedIn'),
  );
  const user = settled.context.user;
  if (!settled.matches('signedIn') || !user) return 'public';
  return user.isStaffMember && !user.isImpersonating ? 'public' : 'trade';
}
