import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import type { StaffMembers } from '../../../../contract/staff-members';
import { type StaffRole, staffRoles } from '../../../../contract/staff-roles';
import { ApiError, errorMessage } from '../../../api/api-error';
import { staffMeQuery, staffMembersKey, staffMembersQuery } from '../../../api/queries/staff';
import { FieldGroup, SelectInput } from '../../../components/forms/form-controls';
import { PersonFields } from '../../../components/forms/person-fields';
import { FormError, primaryButtonClass } from '../../../components/session/form-field';
import { SignInAccess } from '../../../components/back-office/sign-in-access';
import { useApi } from '../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/members')({
  staticData: { title: 'Staff members', crumb: 'Staff' },
  component: StaffMembersPage,
});

const roleOptions = staffRoles.map((role) => ({ value: role, label: role }));

/** Administrators add staff members (mailed a link to choose a password), change their roles and disable them. */
function StaffMembersPage() {
  const api = useApi();
  const queryClient = useQueryClient();
  const me = useQuery(staffMeQuery(api)).data;
  const members = useQuery(staffMembersQuery(api));
  const [done, setDone] = useState<string | null>(null);
  const saved = (answer: StaffMembers, message: string) => {
    queryClient.setQueryData(staffMembersKey, answer);
    setDone(message);
  };
  const save = useMutation({
    mutationFn: (body: { email: string; role: StaffRole; disabled: boolean }) => api.call('staffMemberSave', { body }),
    onMutate: () => setDone(null),
    onSuccess: (answer, body) =>
      saved(answer, body.disabled ? `${body.email} is disabled and signed out.` : `${body.email} is saved.`),
  });

  if (members.isPending) {
    return (
      <p role="status" className="text-sm text-black/70">
        Loading staff members…
      </p>
    );
  }
  if (members.isError) return <FormError message={errorMessage(members.error)} />;
  return (
    <div className="space-y-8">
      <FormError message={errorMessage(save.error)} />
      {done ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          {done}
        </p>
      ) : null}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Staff members</caption>
          <thead>
            <tr className="border-b border-black/10">
              <th scope="col" className="py-2 pr-4">
                Email
              </th>
              <th scope="col" className="py-2 pr-4">
                Name
              </th>
              <th scope="col" className="py-2 pr-4">
                Role
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
            {members.data.members.map((member) => {
              const self = member.email === me?.email;
              return (
                <tr key={member.email} className="border-b border-black/5 align-top">
                  <th scope="row" className="py-2 pr-4 font-normal">
                    {member.email}
                  </th>
                  <td className="py-2 pr-4">{member.name}</td>
                  <td className="py-2 pr-4">
                    <label className="sr-only" htmlFor={`role-${member.email}`}>
                      Role of {member.email}
                    </label>
                    <select
                      id={`role-${member.email}`}
                      value={member.role}
                      disabled={self || save.isPending}
                      onChange={(event) =>
                        save.mutate({
                          email: member.email,
                          role: event.target.value as StaffRole,
                          disabled: member.disabled,
                        })
                      }
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
                    {member.disabled ? 'Disabled' : member.invited ? 'Added, no password yet' : 'Active'}
                  </td>
                  <td className="py-2">
                    {self ? (
                      <span className="text-black/60">You</span>
                    ) : (
                      <SignInAccess
                        person={member}
                        busy={save.isPending}
                        onChange={(disabled) => save.mutate({ email: member.email, role: member.role, disabled })}
                      />
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <AddMemberForm onAdded={(answer, email) => saved(answer, `${email} is added and mailed a link.`)} />
    </div>
  );
}

function AddMemberForm({ onAdded }: { readonly onAdded: (answer: StaffMembers, email: string) => void }) {
  const api = useApi();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [role, setRole] = useState('');
  const add = useMutation({
    mutationFn: () => api.call('staffMemberCreate', { body: { email, name, role: role as StaffRole } }),
    onSuccess: (answer) => {
      onAdded(answer, email);
      setEmail('');
      setName('');
      setRole('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const error = add.error instanceof ApiError ? add.error : null;
  const fieldNamed = error && ['email', 'name', 'role'].some((field) => error.fieldError(field));
  return (
    <form onSubmit={submit} noValidate aria-label="Add a staff member" className="max-w-md space-y-4">
      <FormError
        message={error && !fieldNamed ? error.message : errorMessage(add.error && !error ? add.error : null)}
      />
      <FieldGroup legend="Add a staff member">
        <PersonFields name={name} email={email} onName={setName} onEmail={setEmail} error={error} />
        <SelectInput
          label="Role"
          required
          options={roleOptions}
          value={role}
          onChange={(event) => setRole(event.target.value)}
          error={error?.fieldError('role')}
        />
      </FieldGroup>
      <div className="max-w-xs">
        <button type="submit" disabled={add.isPending} className={primaryButtonClass}>
          {add.isPending ? 'Adding…' : 'Add and mail a link'}
        </button>
      </div>
    </form>
  );
}
