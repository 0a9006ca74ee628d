import { useCurrentUser, useSessionStatus } from '../../session/session-context';

/**
 * Who the shell is drawn for. Staff acting as a customer (impersonating) see the customer's shop;
 * staff on their own see no shopping links, no cart and no returns links (SPEC.md §2, §6).
 */
export type ShellRole = 'checking' | 'visitor' | 'customer' | 'staff';

export function useShellRole(): ShellRole {
  const status = useSessionStatus();
  const user = useCurrentUser();
  if (status === 'checking') return 'checking';
  if (status === 'anonymous' || !user) return 'visitor';
  return user.isStaffMember && !user.isImpersonating ? 'staff' : 'customer';
}
