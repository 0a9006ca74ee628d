import { createFileRoute } from '@tanstack/react-router';
import {
  RequestResetForm,
  SetPasswordForm,
  passwordLinkSearchSchema,
} from '../components/session/reset-password-forms';

export const Route = createFileRoute('/reset-password')({
  validateSearch: passwordLinkSearchSchema,
  staticData: { title: 'Reset password' },
  component: ResetPasswordPage,
});

function ResetPasswordPage() {
  const { Token, Email, Guid } = Route.useSearch();
  return (
    <div className="mx-auto max-w-5xl px-4 py-10 sm:px-6">
      {Token && Email && Guid ? <SetPasswordForm link={{ Token, Email, Guid }} /> : <RequestResetForm />}
    </div>
  );
}
