import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { ApiError, errorMessage } from '../../api/api-error';
import { SessionActorContext, useApi, useCurrentUser } from '../../session/session-context';
import { FieldGroup, TextInput, secondaryButtonClass } from '../forms/form-controls';
import { FormError, primaryButtonClass } from '../session/form-field';

/** The fields a refusal names, under their inputs; anything else above the form. */
function useRefusal(error: unknown, fields: readonly string[]) {
  const refusal = error instanceof ApiError ? error : null;
  const named = refusal !== null && fields.some((field) => refusal.fieldError(field));
  return {
    field: (name: string) => refusal?.fieldError(name),
    message: named ? null : errorMessage(error),
  };
}

/** Every session of the user has ended on the server: this browser forgets its own and goes to the sign-in page. */
function useSignedOutEverywhere() {
  const session = SessionActorContext.useActorRef();
  const navigate = useNavigate();
  return () => {
    session.send({ type: 'session.signOut' });
    void navigate({ to: '/login' });
  };
}

function NameForm() {
  const api = useApi();
  const user = useCurrentUser();
  const [name, setName] = useState(user?.name ?? '');
  const save = useMutation({ mutationFn: () => api.call('accountProfileSave', { body: { name } }) });
  const refusal = useRefusal(save.error, ['name']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Your name" className="max-w-md space-y-4">
      <FormError message={refusal.message} />
      <FieldGroup legend="Your name">
        <TextInput
          label="Name"
          required
          autoComplete="name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            save.reset();
          }}
          error={refusal.field('name')}
        />
      </FieldGroup>
      <div className="flex flex-wrap items-center gap-4">
        <button type="submit" disabled={save.isPending} className={`${primaryButtonClass} sm:w-auto`}>
          {save.isPending ? 'Saving…' : 'Save name'}
        </button>
        <p role="status" className="text-sm font-semibold text-emerald-700">
          {save.isSuccess ? 'Your name is saved.' : ''}
        </p>
      </div>
    </form>
  );
}

function PasswordForm() {
  const api = useApi();
  const signedOut = useSignedOutEverywhere();
  const [currentPassword, setCurrentPassword] = useState('');
  const [newPassword, setNewPassword] = useState('');
  const change = useMutation({
    mutationFn: () => api.call('accountPasswordChange', { body: { currentPassword, newPassword } }),
    onSuccess: signedOut,
  });
  const refusal = useRefusal(change.error, ['currentPassword', 'newPassword']);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    change.mutate();
  };
  return (
    <form onSubmit={submit} noValidate aria-label="Change your password" className="max-w-md space-y-4">
      <FormError message={refusal.message} />
      <FieldGroup legend="Change your password">
        <p className="text-xs text-black/60">
          At least 8 characters. Every session of yours ends, here too: sign in again with the new password.
        </p>
        <TextInput
          label="Current password"
          type="password"
          required
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={refusal.field('currentPassword')}
        />
        <TextInput
          label="New password"
          type="password"
          required
          autoComplete="new-password"
          value={newPassword}
          onChange={(event) => setNewPassword(event.target.value)}
          error={refusal.field('newPassword')}
        />
      </FieldGroup>
      <button type="submit" disabled={change.isPending} className={`${primaryButtonClass} sm:w-auto`}>
        {change.isPending ? 'Changing…' : 'Change password'}
      </button>
    </form>
  );
}

function SignOutEverywhere() {
  const api = useApi();
  const signedOut = useSignedOutEverywhere();
  const end = useMutation({ mutationFn: () => api.call('logoutEverywhere'), onSuccess: signedOut });
  return (
    <section aria-labelledby="sign-out-everywhere-heading" className="max-w-md space-y-2">
      <h2 id="sign-out-everywhere-heading" className="text-base font-bold text-ink">
        Sessions
      </h2>
      <p className="text-sm text-black/70">
        Signed in on a computer you no longer use? End every session of yours, on every device, this one included.
      </p>
      <FormError message={errorMessage(end.error)} />
      <button type="button" disabled={end.isPending} onClick={() => end.mutate()} className={secondaryButtonClass}>
        {end.isPending ? 'Signing out…' : 'Sign out everywhere'}
      </button>
    </section>
  );
}

/** /my-account/profile: every user's own name, password and sessions (docs/my-account.md). */
export function ProfilePanel() {
  return (
    <div className="space-y-10">
      <NameForm />
      <PasswordForm />
      <SignOutEverywhere />
    </div>
  );
}
