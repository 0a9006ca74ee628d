import { Link, createFileRoute } from '@tanstack/react-router';
import { Spinner } from '../components/layout/spinner';
import { useLeaveWhenSignedIn } from '../components/session/after-sign-in';
import { SignInForm } from '../components/session/sign-in-form';
import { loginSearchSchema } from '../guards/return-url';

export const Route = createFileRoute('/login')({
  validateSearch: loginSearchSchema,
  staticData: { title: 'Login' },
  component: LoginPage,
});

function LoginPage() {
  const { returnUrl } = Route.useSearch();
  const leaving = useLeaveWhenSignedIn('customer', returnUrl);
  if (leaving) return <Spinner label="Signing you in…" />;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-10 sm:px-6">
      <p className="max-w-prose text-sm text-black/70">
        Sign in with the email and password of your trade account to see your pricing, stock and orders.
      </p>
      <SignInForm audience="customer" returnUrl={returnUrl} />
      <p className="flex flex-wrap gap-x-6 gap-y-2 text-sm font-semibold">
        <Link to="/reset-password" className="text-brand hover:underline">
          Forgot your password?
        </Link>
        <Link to="/register" className="text-brand hover:underline">
          Not a customer yet? Register
        </Link>
        <Link to="/staff/login" className="text-black/60 hover:underline">
          Staff sign in
        </Link>
      </p>
    </div>
  );
}
