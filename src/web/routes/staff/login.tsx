import { createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../../components/layout/spinner';
import { useLeaveWhenSignedIn } from '../../components/session/after-sign-in';
import { SessionActorContext, useSessionRole } from '../../session/session-context';
import { SignInForm } from '../../components/session/sign-in-form';
import { loginSearchSchema } from '../../guards/return-url';

export const Route = createFileRoute('/staff/login')({
  validateSearch: loginSearchSchema,
  staticData: { title: 'Staff login', crumb: 'Staff login' },
  component: StaffLoginPage,
});

function StaffLoginPage() {
  const { returnUrl } = Route.useSearch();
  const leaving = useLeaveWhenSignedIn('staff', returnUrl);
  const role = useSessionRole();
  const session = SessionActorContext.useActorRef();
  if (leaving) return <Spinner label="Signing you in…" />;
  if (role !== null) {
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-10 sm:px-6">
        <p role="note" className="text-sm text-black/70">
          You are signed in to a customer account. Sign out first to sign in as staff.
        </p>
        <button
          type="button"
          onClick={() => session.send({ type: 'session.signOut' })}
          className="rounded border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white"
        >
          Sign out
        </button>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <p className="max-w-prose text-sm text-black/70">
        For YHI staff: sign in to find a customer account and act as that customer.
      </p>
      <SignInForm audience="staff" returnUrl={returnUrl} />
    </div>
  );
}
