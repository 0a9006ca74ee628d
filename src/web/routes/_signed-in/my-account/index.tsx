import { createFileRoute } from '@tanstack/react-router';
import { AccountDetailsPanel } from '../../../components/account/account-details-form';
import { SalesSection } from '../../../components/account/sales-section';

export const Route = createFileRoute('/_signed-in/my-account/')({
  staticData: { title: 'Account details', crumb: 'Details' },
  component: AccountDetailsPage,
});

/** The Details tab: the account's details form, then its purchases of the last 12 months (docs/my-account.md). */
function AccountDetailsPage() {
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-8 sm:px-6">
      <AccountDetailsPanel />
      <SalesSection />
    </div>
  );
}
