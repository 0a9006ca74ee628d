import { useCurrentUser, useSessionRole } from '../../session/session-context';
import { SessionNotice } from './session-notice';
import { useReturnToStaff } from './use-return-to-staff';

/**
 * Shown to staff while they act as a customer: who they are, the business they act for (its code and the contact
 * signed in as), and the way back to their own session; it stays at the top of the screen as the page scrolls.
 * Otherwise the place where a failed session start (an expired 'act as' link) is explained.
 */
export function ImpersonationBanner() {
  const role = useSessionRole();
  const user = useCurrentUser();
  const returnToStaff = useReturnToStaff();
  if (role !== 'impersonating' || !user) return <SessionNotice />;

  return (
    <div role="region" aria-label="Acting as a customer" className="sticky top-0 z-50 bg-amber-300 text-ink">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 text-sm sm:px-6">
        <p className="font-semibold">
          {user.impersonatorName ?? 'Staff'} acting as {user.accountName} ({user.sapCode}, {user.name})
        </p>
        <button
          type="button"
          onClick={() => void returnToStaff()}
          className="ml-auto rounded border border-ink px-3 py-1 font-semibold hover:bg-ink hover:text-white focus-visible:outline-2 focus-visible:outline-ink"
        >
          Return to staff
        </button>
      </div>
    </div>
  );
}
