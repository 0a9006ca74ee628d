import { createFileRoute } from '@tanstack/react-router';
import { AccountUsersPanel } from '../../../components/account/account-users';
import { OfferedTo } from '../../../components/layout/not-for-your-role';

export const Route = createFileRoute('/_signed-in/my-account/users')({
  staticData: { title: 'Users' },
  component: UsersPage,
});

/** The Users tab, for the account's owner: who signs in for the account and with which role. */
function UsersPage() {
  return (
    <OfferedTo may="manageUsers" what="Managing the account's users">
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <AccountUsersPanel />
      </div>
    </OfferedTo>
  );
}
