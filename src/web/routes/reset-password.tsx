import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { RequestResetForm, SetPasswordForm } from '../components/session/reset-password-forms';

/** A mailed link carries Token, Email and Guid (SPEC.md §3); without them the page asks for a link. */
const resetSearchSchema = z.object({
  Token: z.string().optional().catch(undefined),
  Email: z.string().optional().catch(undefined),
  Guid: z.string().optional().catch(undefined),
});

export const Route = createFileRoute('/reset-password')({
  validateSearch: resetSearchSchema,
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
