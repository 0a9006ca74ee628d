import { useQuery } from '@tanstack/react-query';
import { Link, Outlet, createFileRoute } from '@tanstack/react-router';
import { roleMayCall } from '../../../contract/staff-roles';
import { errorMessage } from '../../api/api-error';
import { staffMeQuery } from '../../api/queries/staff';
import { backOfficeSections } from '../../components/back-office/back-office-sections';
import { SessionSpinner } from '../../components/layout/spinner';
import { FormError } from '../../components/session/form-field';
import { requireStaff } from '../../guards/require-staff';
import { useApi } from '../../session/session-context';

/** The back office's pages: staff only, with the navigation of the parts the member's role may use. */
export const Route = createFileRoute('/staff/_back-office')({
  beforeLoad: requireStaff,
  pendingComponent: SessionSpinner,
  component: BackOfficeLayout,
});

function BackOfficeLayout() {
  const api = useApi();
  const me = useQuery(staffMeQuery(api));
  if (me.isPending) return <SessionSpinner />;
  if (me.isError) {
    return (
      <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
        <FormError message={errorMessage(me.error)} />
      </div>
    );
  }
  const sections = backOfficeSections.filter((section) => roleMayCall(me.data.role, section.roles));
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <nav aria-label="Back office" className="mb-6 border-b border-black/10 pb-3">
        <p className="mb-2 text-xs text-black/70">
          Signed in as {me.data.name} ({me.data.role})
        </p>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm font-semibold">
          {sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                activeOptions={{ exact: section.to === '/staff' }}
                activeProps={{ className: 'text-brand underline underline-offset-4', 'aria-current': 'page' }}
                className="hover:underline"
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </div>
  );
}
