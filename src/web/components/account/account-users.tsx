import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { AccountUser, AccountUserUpdate, AccountUsers } from '../../../contract/account-users';
import { type CustomerRole, customerRoles } from '../../../contract/customer-roles';
import { ApiError, errorMessage } from '../../api/api-error';
import { accountUsersKey, accountUsersQuery } from '../../api/queries/account-users';
import { useApi } from '../../session/session-context';
import { AskAgain } from '../forms/ask-again';
import { CheckboxInput, FieldGroup, SelectInput, smallButtonClass } from '../forms/form-controls';
import { PersonFields } from '../forms/person-fields';
import { LoadError } from '../layout/load-error';
import { Spinner } from '../layout/spinner';
import { FormError, primaryButtonClass } from '../session/form-field';

const roleLabels: Record<CustomerRole, string> = { owner: 'Owner', buyer: 'Buyer', counter: 'Counter' };
const roleOptions = customerRoles.map((role) => ({ value: role, label: roleLabels[role] }));

function standing(user: AccountUser): string {
  if (user.disabled) return 'Disabled';
  return user.invited ? 'Invited, no password yet' : 'Active';
}

/** The owner's users page: who signs in for the account, their roles, and an invitation form (docs/my-account.md). */
export function AccountUsersPanel() {
  const api = useApi();
  const queryClient = useQueryClient();
  const users = useQuery(accountUsersQuery(api));
  const [done, setDone] = useState<string | null>(null);
  const saved = (answer: AccountUsers, message: string) => {
    queryClient.setQueryData(accountUsersKey, answer);
    setDone(message);
  };
  const update = useMutation({
    mutationFn: (body: AccountUserUpdate) => api.call('accountUserUpdate', { body }),
    onMutate: () => setDone(null),
    onSuccess: (answer, body) =>
      saved(answer, body.disabled ? `${body.email} is disabled and signed out.` : `${body.email} is saved.`),
  });

  if (users.isPending) return <Spinner label="Loading the account's users…" />;
  if (users.isError) return <LoadError error={users.error} what="The account's users" />;
  return (
    <div className="space-y-8">
      <FormError message={errorMessage(update.error)} />
      <p role="status" className="text-sm font-semibold text-green-800">
        {done ?? ''}
      </p>
      {users.data.users.length === 0 ? (
        <p className="text-sm text-black/70">No one signs in for this account yet: invite someone below.</p>
      ) : (
        <UsersTable users={users.data.users} busy={update.isPending} onChange={(body) => update.mutate(body)} />
      )}
      <InviteForm onInvited={(answer, email) => saved(answer, `${email} is invited and mailed a link.`)} />
    </div>
  );
}

function UsersTable({
  users,
  busy,
  onChange,
}: {
  readonly users: readonly AccountUser[];
  readonly busy: boolean;
  readonly onChange: (body: AccountUserUpdate) => void;
}) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">The account's users</caption>
        <thead>
          <tr className="border-b border-black/10">
            <th scope="col" className="py-2 pr-4">
              Name
            </th>
            <th scope="col" className="py-2 pr-4">
              Email
            </th>
            <th scope="col" className="py-2 pr-4">
              Role
            </th>
            <th scope="col" className="py-2 pr-4">
              May pay invoices
            </th>
            <th scope="col" className="py-2 pr-4">
              Standing
            </th>
            <th scope="col" className="py-2">
              Access
            </th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const current = {
              email: user.email,
              role: user.role,
              canPayInvoices: user.canPayInvoices,
              disabled: user.disabled,
            };
            return (
              <tr key={user.email} className="border-b border-black/5 align-top">
                <th scope="row" className="py-2 pr-4 font-normal">
                  {user.name}
                  {user.isYou ? <span className="ml-2 text-black/60">(you)</span> : null}
                </th>
                <td className="py-2 pr-4">{user.email}</td>
                <td className="py-2 pr-4">
                  <label className="sr-only" htmlFor={`role-${user.email}`}>
                    Role of {user.email}
                  </label>
                  <select
                    id={`role-${user.email}`}
                    value={user.role}
                    disabled={busy}
                    onChange={(event) => onChange({ ...current, role: event.target.value as CustomerRole })}
                    className="rounded border border-black/20 px-2 py-1"
                  >
                    {roleOptions.map((option) => (
                      <option key={option.value} value={option.value}>
                        {option.label}
                      </option>
                    ))}
                  </select>
                </td>
                <td className="py-2 pr-4">
                  {user.role === 'buyer' ? (
                    <PaySwitch
                      user={user}
                      busy={busy}
                      onChange={(canPayInvoices) => onChange({ ...current, canPayInvoices })}
                    />
                  ) : (
                    <span className="text-black/70">{user.role === 'owner' ? 'Always' : 'Never'}</span>
                  )}
                </td>
                <td className="py-2 pr-4">{standing(user)}</td>
                <td className="py-2">
                  <UserAccess user={user} busy={busy} onChange={(disabled) => onChange({ ...current, disabled })} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/** The owner's switch for a buyer, as a switch a keyboard toggles with Space. */
function PaySwitch({
  user,
  busy,
  onChange,
}: {
  readonly user: AccountUser;
  readonly busy: boolean;
  readonly onChange: (canPayInvoices: boolean) => void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={user.canPayInvoices}
      aria-label={`${user.email} may pay invoices`}
      disabled={busy}
      onClick={() => onChange(!user.canPayInvoices)}
      className={smallButtonClass}
    >
      {user.canPayInvoices ? 'Yes' : 'No'}
    </button>
  );
}

/** Enable at once; Disable asks again first, because it signs the user out everywhere. */
function UserAccess({
  user,
  busy,
  onChange,
}: {
  readonly user: AccountUser;
  readonly busy: boolean;
  readonly onChange: (disabled: boolean) => void;
}) {
  const [asking, setAsking] = useState(false);
  if (user.disabled) {
    return (
      <button
        type="button"
        className={smallButtonClass}
        disabled={busy}
        aria-label={`Enable ${user.email}`}
        onClick={() => onChange(false)}
      >
        Enable
      </button>
    );
  }
  if (asking) {
    return (
      <AskAgain
        question={`Sign ${user.name} out and stop them signing in?`}
        yes="Yes, disable"
        yesLabel={`Yes, disable ${user.email}`}
        busyText="Disabling…"
        busy={busy}
        onYes={() => {
          setAsking(false);
          onChange(true);
        }}
        onCancel={() => setAsking(false)}
      />
    );
  }
  return (
    <button
      type="button"
      className={smallButtonClass}
      disabled={busy}
      aria-label={`Disable ${user.email}`}
      onClick={() => setAsking(true)}
    >
      Disable
    </button>
  );
}

function InviteForm({ onInvited }: { readonly onInvited: (answer: AccountUsers, email: string) => void }) {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const [canPayInvoices, setCanPayInvoices] = useState(false);
  const invite = useMutation({
    mutationFn: () =>
      api.call('accountUserInvite', { body: { email, name, role: role as CustomerRole, canPayInvoices } }),
    onSuccess: (answer) => {
      onInvited(answer, email.trim().toLowerCase());
      setEmail('');
      setName('');
      setRole('');
      setCanPayInvoices(false);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate();
  };
  const error = invite.error instanceof ApiError ? invite.error : null;
  const fieldNamed = error && ['email', 'name', 'role'].some((field) => error.fieldError(field));
  return (
    <form onSubmit={submit} noValidate aria-label="Invite a user" className="max-w-md space-y-4">
      <FormError
        message={error && !fieldNamed ? error.message : errorMessage(invite.error && !error ? invite.error : null)}
      />
      <FieldGroup legend="Invite a user">
        <p className="text-xs text-black/60">
          They are mailed a link to choose their password; it works once, for 7 days.
        </p>
        <PersonFields name={name} email={email} onName={setName} onEmail={setEmail} error={error} />
        <SelectInput
          label="Role"
          required
          options={roleOptions}
          value={role}
          onChange={(event) => setRole(event.target.value)}
          error={error?.fieldError('role')}
        />
        {role === 'buyer' ? (
          <CheckboxInput label="May pay invoices" checked={canPayInvoices} onChange={setCanPayInvoices} />
        ) : null}
      </FieldGroup>
      <div className="max-w-xs">
        <button type="submit" disabled={invite.isPending} className={primaryButtonClass}>
          {invite.isPending ? 'Inviting…' : 'Invite and mail a link'}
        </button>
      </div>
    </form>
  );
}
