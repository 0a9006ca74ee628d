import { useMutation, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { ApiError, errorMessage } from '../../api/api-error';
import { resetLinkCheckQuery } from '../../api/queries/password-reset';
import { useApi } from '../../session/session-context';
import { FormError, FormField, primaryButtonClass } from './form-field';

/** Step one: ask for a reset link by email (the answer is the same whether the email is known or not). */
export function RequestResetForm() {
  const api = useApi();
  const [email, setEmail] = useState('');
  const request = useMutation({
    mutationFn: (value: string) => api.call('forgotPassword', { body: { email: value } }),
  });
  const error = request.error instanceof ApiError ? request.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    request.mutate(email);
  };
  if (request.isSuccess) {
    return (
      <div role="status" className="max-w-xl space-y-3 rounded-lg border border-black/10 bg-panel p-6 text-sm">
        <p>{request.data.message}</p>
        <p>The link works once, for an hour. Check your spam folder if nothing arrives in a few minutes.</p>
      </div>
    );
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Request a password reset link"
      className="max-w-md space-y-4 rounded-lg border border-black/10 bg-white p-6 shadow-sm"
    >
      <p className="text-sm text-black/70">
        Enter the email you sign in with; we will mail you a link to choose a new password.
      </p>
      <FormError message={error && !error.fieldError('email') ? error.message : null} />
      <FormField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        error={error?.fieldError('email')}
      />
      <button type="submit" className={primaryButtonClass} disabled={request.isPending}>
        {request.isPending ? 'Sending…' : 'Send reset link'}
      </button>
    </form>
  );
}

/** A mailed link carries Token, Email and Guid (SPEC.md §3); without them the page asks for a link. */
export const passwordLinkSearchSchema = z.object({
  Token: z.string().optional().catch(undefined),
  Email: z.string().optional().catch(undefined),
  Guid: z.string().optional().catch(undefined),
});

export interface ResetLink {
  readonly Token: string;
  readonly Email: string;
  readonly Guid: string;
}

/**
 * Step two, from the mailed link: the link is checked first, then the new password is set once. Staff members' links
 * (from the back office or `npm run staff`) go to the staff routes and back to the staff sign-in.
 */
export function SetPasswordForm({ link, audience = 'customer' }: { link: ResetLink; audience?: 'customer' | 'staff' }) {
  const api = useApi();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [mismatch, setMismatch] = useState(false);
  const check = useQuery(resetLinkCheckQuery(api, link, audience));
  const reset = useMutation({
    mutationFn: (value: string) => {
      const body = { token: link.Token, email: link.Email, guid: link.Guid, password: value };
      return audience === 'staff' ? api.call('staffSetPassword', { body }) : api.call('resetPassword', { body });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const differs = password !== confirmation;
    setMismatch(differs);
    if (!differs) reset.mutate(password);
  };
  const error = reset.error instanceof ApiError ? reset.error : null;

  if (check.isPending)
    return (
      <p role="status" className="text-sm text-black/60">
        Checking your reset link…
      </p>
    );
  if (check.isError) {
    return (
      <div className="max-w-xl space-y-3">
        <FormError message={errorMessage(check.error)} />
        {audience === 'staff' ? (
          <p className="text-sm">Ask an administrator to add you again for a new link.</p>
        ) : (
          <Link to="/reset-password" search={{}} className="text-sm font-semibold text-brand hover:underline">
            Ask for a new link
          </Link>
        )}
      </div>
    );
  }
  if (reset.isSuccess) {
    return (
      <div role="status" className="max-w-xl space-y-3 rounded-lg border border-black/10 bg-panel p-6 text-sm">
        <p>{reset.data.message}</p>
        <Link
          to={audience === 'staff' ? '/staff/login' : '/login'}
          className="font-semibold text-brand hover:underline"
        >
          Go to login
        </Link>
      </div>
    );
  }
  // An invitation from staff is a new user's first password, not a forgotten one.
  const invited = check.data.purpose === 'invitation';
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={invited ? 'Choose your password' : 'Choose a new password'}
      className="max-w-md space-y-4 rounded-lg border border-black/10 bg-white p-6 shadow-sm"
    >
      <p className="text-sm text-black/70">
        {invited ? 'Welcome to YHI Trade. Choose the password you will sign in with as ' : 'Choose a new password for '}
        <strong>{check.data.email}</strong>. Use at least 8 characters.
      </p>
      <FormError message={error && !error.fieldError('password') ? error.message : null} />
      <FormField
        label="New password"
        type="password"
        name="password"
        autoComplete="new-password"
        required
        minLength={8}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
        error={error?.fieldError('password')}
      />
      <FormField
        label="Confirm new password"
        type="password"
        name="confirmation"
        autoComplete="new-password"
        required
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
        error={mismatch ? 'The passwords do not match' : undefined}
      />
      <button type="submit" className={primaryButtonClass} disabled={reset.isPending}>
        {reset.isPending ? 'Saving…' : invited ? 'Set password' : 'Set new password'}
      </button>
    </form>
  );
}
