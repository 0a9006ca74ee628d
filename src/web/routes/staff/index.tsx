import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { PaidAfterRelease } from '../../components/session/paid-after-release';
import { VendorSearch } from '../../components/session/vendor-search';

export const Route = createFileRoute('/staff/')({
  staticData: { title: 'Customer accounts', crumb: 'Staff' },
  beforeLoad: async ({ context }) => {
    const settled = await waitFor(
      context.session,
      (snapshot) => snapshot.matches('anonymous') || snapshot.matches('signedIn'),
    );
    if (!settled.matches({ signedIn: { role: 'staff' } })) {
      throw redirect({ to: '/staff/login', search: { returnUrl: '/staff' } });
    }
  },
  component: StaffHome,
});

function StaffHome() {
  return (
    <div className="mx-auto max-w-7xl space-y-8 px-4 py-10 sm:px-6">
      <div className="space-y-4">
        <p className="max-w-prose text-sm text-black/70">
          Find a customer account by its account code or name, then act as that customer. The shop opens as the customer
          sees it; everything you do is recorded under your name too.
        </p>
        <VendorSearch />
      </div>
      <PaidAfterRelease />
    </div>
  );
}
