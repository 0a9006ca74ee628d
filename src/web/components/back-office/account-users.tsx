import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { StaffAccount } from '../../../contract/staff-accounts';
import { ApiError, errorMessage } from '../../api/api-error';
import { useApi } from '../../session/session-context';
import { FieldGroup, secondaryButtonClass, smallButtonClass } from '../forms/form-controls';
import { PersonFields } from '../forms/person-fields';
import { FormError, primaryButtonClass } from '../session/form-field';
import { ActAsButton } from './act-as-button';
import { SignInAccess } from './sign-in-access';

type AccountUser = StaffAccount['users'][number];

/** What a user action did, said once it is done. */
type Done = { readonly message: string };

function standing(user: AccountUser): string {
  if (user.disabled) return 'Disabled';
  return user.invited ? 'Invited, no password yet' : 'Active';
}

/**
 * The people who sign in for an account: invite one (they get a link to choose their password), resend an invitation,
 * send a password reset, disable (after a confirmation) or enable, and, with `canActAs`, act as an enabled one. Nobody
 * here sees or sets a password.
 */
export function AccountUsers({
  account,
  onSaved,
  canActAs = false,
}: {
  readonly account: StaffAccount;
  readonly onSaved: (saved: StaffAccount) => unknown;
  readonly canActAs?: boolean;
}) {
  const api = useApi();
  const [done, setDone] = useState<Done | null>(null);
  const act = useMutation({
    mutationFn: async (action: { kind: 'resend' | 'reset' | 'disable' | 'enable'; user: AccountUser }) => {
      const body = { accountCode: account.accountCode, email: action.user.email };
      switch (action.kind) {
        case 'resend':
          return {
            saved: await api.call('staffUserInvitationResend', { body }),
            message: `Invitation sent again to ${action.user.email}.`,
          };
        case 'reset':
          return {
            saved: await api.call('staffUserPasswordReset', { body }),
            message: `Password reset link sent to ${action.user.email}.`,
          };
        case 'disable':
          return {
            saved: await api.call('staffUserAccess', { body: { ...body, disabled: true } }),
            message: `${action.user.email} is disabled and signed out.`,
          };
        case 'enable':
          return {
            saved: await api.call('staffUserAccess', { body: { ...body, disabled: false } }),
            message: `${action.user.email} can sign in again.`,
          };
      }
    },
    onMutate: () => setDone(null),
    onSuccess: async ({ saved, message }) => {
      setDone({ message });
      await onSaved(saved);
    },
  });

  return (
    <div className="space-y-4">
      <FormError message={errorMessage(act.error)} />
      {done ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {done.message}
        </p>
      ) : null}
      {account.users.length === 0 ? (
        <p className="text-sm text-black/70">No one signs in for this account yet.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Users of {account.name}</caption>
            <thead>
              <tr className="border-b border-black/10">
                <th scope="col" className="py-2 pr-4">
                  Name
                </th>
                <th scope="col" className="py-2 pr-4">
                  Email
                </th>
                <th scope="col" className="py-2 pr-4">
                  Standing
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody>
              {account.users.map((user) => (
                <tr key={user.email} className="border-b border-black/5 align-top">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {user.name}
                  </th>
                  <td className="py-2 pr-4">{user.email}</td>
                  <td className="py-2 pr-4">{standing(user)}</td>
                  <td className="space-x-2 py-2">
                    {user.invited && !user.disabled ? (
                      <button
                        type="button"
                        className={smallButtonClass}
                        disabled={act.isPending}
                        aria-label={`Resend the invitation to ${user.email}`}
                        onClick={() => act.mutate({ kind: 'resend', user })}
                      >
                        Resend invitation
                      </button>
                    ) : null}
                    {!user.invited && !user.disabled ? (
                      <button
                        type="button"
                        className={smallButtonClass}
                        disabled={act.isPending}
                        aria-label={`Send a password reset to ${user.email}`}
                        onClick={() => act.mutate({ kind: 'reset', user })}
                      >
                        Send password reset
                      </button>
                    ) : null}
                    <SignInAccess
                      person={user}
                      busy={act.isPending}
                      onChange={(disabled) => act.mutate({ kind: disabled ? 'disable' : 'enable', user })}
                    />
                    {canActAs && !user.disabled ? <ActAsButton accountId={account.accountId} user={user} /> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <InviteUserForm
        account={account}
        onInvited={async (saved, email) => {
          setDone({ message: `Invitation sent to ${email}.` });
          await onSaved(saved);
        }}
      />
    </div>
  );
}

function InviteUserForm({
  account,
  onInvited,
}: {
  readonly account: StaffAccount;
  readonly onInvited: (saved: StaffAccount, email: string) => unknown;
}) {
  const api = useApi();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const invite = useMutation({
    mutationFn: () => api.call('staffUserInvite', { body: { accountCode: account.accountCode, name, email } }),
    onSuccess: async (saved) => {
      setName('');
      setEmail('');
      await onInvited(saved, email);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const error = invite.error instanceof ApiError ? invite.error : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Invite a user" className="max-w-md space-y-4">
      <FormError message={error && !error.fieldError('name') && !error.fieldError('email') ? error.message : null} />
      <FieldGroup legend="Invite a user">
        <PersonFields name={name} email={email} onName={setName} onEmail={setEmail} error={error} />
      </FieldGroup>
      <div className="flex max-w-xs gap-3">
        <button type="submit" disabled={invite.isPending} className={primaryButtonClass}>
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </button>
        {name || email ? (
          <button
            type="button"
            className={secondaryButtonClass}
            onClick={() => {
              setName('');
              setEmail('');
              invite.reset();
            }}
          >
            Clear
          </button>
        ) : null}
      </div>
    </form>
  );
}
