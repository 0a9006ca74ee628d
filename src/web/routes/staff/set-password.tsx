import { createFileRoute } from '@tanstack/react-router';
import { FormError } from '../../components/session/form-field';
import { SetPasswordForm, passwordLinkSearchSchema } from '../../components/session/reset-password-forms';

/** Where a new staff member's link (mailed by an administrator, or printed by `npm run staff`) lands. */
export const Route = createFileRoute('/staff/set-password')({
  validateSearch: passwordLinkSearchSchema,
  staticData: { title: 'Choose your staff password', crumb: 'Staff password' },
  component: StaffSetPasswordPage,
});

function StaffSetPasswordPage() {
  const { Token, Email, Guid } = Route.useSearch();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      {Token && Email && Guid ? (
        <SetPasswordForm link={{ Token, Email, Guid }} audience="staff" />
      ) : (
        <FormError message="This link is incomplete. Open the whole link from your mail, or ask an administrator for a new one." />
      )}
    </div>
  );
}
