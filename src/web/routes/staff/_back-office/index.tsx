import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { routes } from '../../../../contract/routes';
import { roleMayCall } from '../../../../contract/staff-roles';
import { staffMeQuery } from '../../../api/queries/staff';
import { PaidAfterRelease } from '../../../components/session/paid-after-release';
import { VendorSearch } from '../../../components/session/vendor-search';
import { useApi } from '../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/')({
  staticData: { title: 'Back office', crumb: 'Staff' },
  component: StaffHome,
});

function StaffHome() {
  const api = useApi();
  const role = useQuery(staffMeQuery(api)).data?.role;
  if (!role) return null;
  const mayActAs = roleMayCall(role, routes.staffImpersonationToken.staffRoles);
  const maySeePayments = roleMayCall(role, routes.staffPaidAfterRelease.staffRoles);
  return (
    <div className="space-y-8">
      {mayActAs ? (
        <div className="space-y-4">
          <p className="max-w-prose text-sm text-black/70">
            Find a customer account by its account code or name, then act as that customer. The shop opens as the
            customer sees it; everything you do is recorded under your name too.
          </p>
          <VendorSearch />
        </div>
      ) : null}
      {maySeePayments ? <PaidAfterRelease /> : null}
      {!mayActAs && !maySeePayments ? (
        <p className="max-w-prose text-sm text-black/70">Choose a part of the back office above.</p>
      ) : null}
    </div>
  );
}
