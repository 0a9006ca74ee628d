import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { z } from 'zod';
import { routes } from '../../../../contract/routes';
import { roleMayCall } from '../../../../contract/staff-roles';
import { errorMessage } from '../../../api/api-error';
import { staffAccountKeys, staffAccountsQuery, staffMeQuery } from '../../../api/queries/staff';
import {
  AccountFieldsForm,
  type AccountDraft,
  EMPTY_ACCOUNT,
} from '../../../components/back-office/account-fields-form';
import { FormError } from '../../../components/session/form-field';
import { useApi } from '../../../session/session-context';

const searchSchema = z.object({
  q: z.string().trim().max(100).optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const Route = createFileRoute('/staff/_back-office/accounts/')({
  validateSearch: searchSchema,
  staticData: { title: 'Customer accounts', crumb: 'Accounts' },
  component: AccountsPage,
});

function AccountsPage() {
  const { q = '', page = 1 } = Route.useSearch();
  const navigate = Route.useNavigate();
  const api = useApi();
  const role = useQuery(staffMeQuery(api)).data?.role;
  const [draft, setDraft] = useState(q);
  const [creating, setCreating] = useState(false);
  const accounts = useQuery(staffAccountsQuery(api, q, page));
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (body: AccountDraft) => api.call('staffAccountCreate', { body: body as never }),
    onSuccess: async (account) => {
      await queryClient.invalidateQueries({ queryKey: staffAccountKeys.all });
      await navigate({ to: '/staff/accounts/$accountCode', params: { accountCode: account.accountCode } });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void navigate({ search: { q: draft.trim() || undefined, page: undefined } });
  };
  const mayCreate = role !== undefined && roleMayCall(role, routes.staffAccountCreate.staffRoles);
  const data = accounts.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="space-y-6">
      <form role="search" aria-label="Find accounts" onSubmit={submit} className="flex max-w-xl gap-2">
        <label htmlFor="account-search" className="sr-only">
          Account code, name, contact or email
        </label>
        <input
          id="account-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          placeholder="Account code, name, contact or email"
          className="min-w-0 flex-1 rounded border border-black/20 px-3 py-2 text-sm focus-visible:border-brand focus-visible:outline-2 focus-visible:outline-brand"
        />
        <button
          type="submit"
          className="rounded bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          Find
        </button>
      </form>
      {accounts.isPending ? (
        <p role="status" className="text-sm text-black/70">
          Loading accounts…
        </p>
      ) : accounts.isError ? (
        <FormError message={errorMessage(accounts.error)} />
      ) : data && data.accounts.length === 0 ? (
        <p className="text-sm text-black/70">No account matches.</p>
      ) : data ? (
        <div className="space-y-3">
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Accounts found">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">
                Customer accounts, page {data.page} of {pages}
              </caption>
              <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
                <tr>
                  <th scope="col" className="py-2 pr-4">
                    Account
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Trading name
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    State
                  </th>
                  <th scope="col" className="py-2 pr-4">
                    Contact
                  </th>
                  <th scope="col" className="py-2">
                    Standing
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.accounts.map((account) => (
                  <tr key={account.accountCode} className="border-b border-black/5">
                    <th scope="row" className="py-2 pr-4 font-normal">
                      <Link
                        to="/staff/accounts/$accountCode"
                        params={{ accountCode: account.accountCode }}
                        className="font-mono font-semibold text-brand hover:underline"
                      >
                        {account.accountCode}
                      </Link>
                    </th>
                    <td className="py-2 pr-4">{account.name}</td>
                    <td className="py-2 pr-4">{account.state}</td>
                    <td className="py-2 pr-4">{account.contactName ?? '—'}</td>
                    <td className="py-2">
                      {[account.disabled ? 'Disabled' : null, account.onHold ? 'On hold' : null]
                        .filter(Boolean)
                        .join(', ') || 'Active'}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {pages > 1 ? (
            <nav aria-label="Pages of accounts" className="flex items-center gap-3 text-sm">
              <button
                type="button"
                disabled={page <= 1}
                onClick={() => void navigate({ search: { q: q || undefined, page: page - 1 } })}
                className="rounded border border-black/20 px-3 py-1 disabled:opacity-50"
              >
                Previous
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                disabled={page >= pages}
                onClick={() => void navigate({ search: { q: q || undefined, page: page + 1 } })}
                className="rounded border border-black/20 px-3 py-1 disabled:opacity-50"
              >
                Next
              </button>
            </nav>
          ) : null}
        </div>
      ) : null}
      {mayCreate ? (
        <section aria-labelledby="new-account" className="space-y-3">
          <h2 id="new-account" className="text-lg font-semibold">
            New account
          </h2>
          {creating ? (
            <AccountFieldsForm
              initial={EMPTY_ACCOUNT}
              creating
              submitLabel="Create the account"
              pending={create.isPending}
              error={create.error}
              onSubmit={(body) => create.mutate(body)}
            />
          ) : (
            <button
              type="button"
              onClick={() => setCreating(true)}
              className="rounded border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand hover:text-white"
            >
              Add an account
            </button>
          )}
        </section>
      ) : null}
    </div>
  );
}
