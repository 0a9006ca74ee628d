import type { ReactNode } from 'react';
import { type UserMay, useUserMay } from '../../session/user-may';

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

/** A page shown only to users who `may` (useUserMay); the others, who reach it by its address, are told why not. */
export function OfferedTo({ may, what, children }: { may: keyof UserMay; what: string; children: ReactNode }) {
  return useUserMay()[may] ? children : <NotForYourRole what={what} />;
}
