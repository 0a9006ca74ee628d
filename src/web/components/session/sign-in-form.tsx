import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import type { AuthResult, LoginRequest } from '../../../contract/auth';
import { ApiError } from '../../api/api-error';
import { SessionActorContext, useApi } from '../../session/session-context';
import { signedInHeader } from '../layout/signed-in-header-parts';
import { DemoLogins } from './demo-logins';
import { FormError, FormField, primaryButtonClass } from './form-field';

export interface SignInFormProps {
  /** Customers sign in through Authenticate/Login, staff through Staff/Login. */
  readonly audience: 'customer' | 'staff';
  readonly returnUrl?: string | undefined;
}

/** The sign-in form: it calls the login route, then hands the result to the session machine. */
export function SignInForm({ audience, returnUrl }: SignInFormProps) {
  const api = useApi();
  const session = SessionActorContext.useActorRef();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  // Whoever opens the sign-in form is about to need the signed-in header: fetch it while they type.
  useEffect(() => void signedInHeader.preload().catch(() => undefined), []);
  const signIn = useMutation<AuthResult, unknown, LoginRequest>({
    mutationFn: (body) => (audience === 'staff' ? api.call('staffLogin', { body }) : api.call('login', { body })),
    onSuccess: (result) => session.send({ type: 'session.signIn', result, returnUrl: returnUrl ?? null }),
  });
  const error = signIn.error instanceof ApiError ? signIn.error : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    signIn.mutate({ email, password });
  };
  const formError = error && !error.fieldError('email') && !error.fieldError('password') ? error.message : null;

  return (
    <div className="grid gap-8 md:grid-cols-[minmax(0,26rem)_1fr]">
      <form
        onSubmit={submit}
        noValidate
        aria-label={audience === 'staff' ? 'Staff sign in' : 'Sign in'}
        className="space-y-4 rounded-lg border border-black/10 bg-white p-6 shadow-sm"
      >
        <FormError message={formError} />
        <FormField
          label="Email"
          type="email"
          name="email"
          autoComplete="username"
          // Signing in is all the page is for: the cursor starts in Email, not twelve Tabs away.
          autoFocus
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={error?.fieldError('email')}
        />
        <FormField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={error?.fieldError('password')}
        />
        <button type="submit" className={primaryButtonClass} disabled={signIn.isPending}>
          {signIn.isPending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
      <DemoLogins
        audience={audience}
        onChoose={(demoEmail, demoPassword) => {
          setEmail(demoEmail);
          setPassword(demoPassword);
        }}
      />
    </div>
  );
}
