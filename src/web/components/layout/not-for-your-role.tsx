import type { ReactNode } from 'react';
import { useCurrentUser } from '../../session/session-context';
import { type UserMay, userMay } from '../../session/user-may';

/** What a page says instead of what the user's role does not offer (the server refuses it too). */
export function NotForYourRole({ what }: { what: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
      <p role="note" className="rounded-lg border border-black/10 bg-panel p-6 text-sm text-black/70">
        {what} is not part of your role in this account: ask a buyer or the owner of the account.
      </p>
    </div>
  );
}

/**
 * A page shown only to a customer's users who `may` (userMay); the others, who reach it by its address, are told why
 * not. Staff who are not acting as a customer have no role here: the page itself answers them as it always did.
 */
export function OfferedTo({ may, what, children }: { may: keyof UserMay; what: string; children: ReactNode }) {
  const user = useCurrentUser();
  return user?.role == null || userMay(user)[may] ? children : <NotForYourRole what={what} />;
}
