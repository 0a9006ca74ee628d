import { useCurrentUser, useSessionStatus } from '../../session/session-context';
import { signedInHeader, wantsSignedInHeader } from './signed-in-header-parts';

/**
 * Who the shell is drawn for. Staff acting as a customer (impersonating) see the customer's shop;
 * staff on their own see no shopping links, no cart and no returns links (SPEC.md §2, §6).
 */
export type ShellRole = 'checking' | 'visitor' | 'customer' | 'staff';

export function useShellRole(): ShellRole {
  const status = useSessionStatus();
  const user = useCurrentUser();
  const signedInParts = signedInHeader.usePart(wantsSignedInHeader(status));
  if (status === 'checking') return 'checking';
  if (status === 'anonymous' || !user) return 'visitor';
  // A signed-in shell is drawn once its header parts are there (fetched while the session was checked), so they
  // come with the page rather than after it; if their chunk cannot be fetched, the page is drawn without them.
  if (signedInParts.status === 'waiting') return 'checking';
  return user.isStaffMember && !user.isImpersonating ? 'staff' : 'customer';
}
