import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, createFileRoute } from '@tanstack/react-router';
import { type FormEvent, useState } from 'react';
import { routes } from '../../../../contract/routes';
import type { StaffAccount } from '../../../../contract/staff-accounts';
import { roleMayCall } from '../../../../contract/staff-roles';
import { ApiError, errorMessage } from '../../../api/api-error';
import { staffAccountKey, staffAccountKeys, staffAccountQuery, staffMeQuery } from '../../../api/queries/staff';
import { AccountFieldsForm, type AccountDraft } from '../../../components/back-office/account-fields-form';
import { AccountUsers } from '../../../components/back-office/account-users';
import { ActAsButton } from '../../../components/back-office/act-as-button';
import { AuditEntries } from '../../../components/back-office/audit-table';
import { CheckboxInput, FieldGroup, TextInput } from '../../../components/forms/form-controls';
import { FormError, primaryButtonClass } from '../../../components/session/form-field';
import { formatLongDateTime } from '../../../dates/dates';
import { useApi } from '../../../session/session-context';

export const Route = createFileRoute('/staff/_back-office/accounts/$accountCode')({
  staticData: { title: 'Customer account', crumb: 'Account' },
  component: AccountPage,
});

function AccountPage() {
  const { accountCode } = Route.useParams();
  const api = useApi();
  const role = useQuery(staffMeQuery(api)).data?.role;
  const account = useQuery(staffAccountQuery(api, accountCode));
  const saved = useAccountSaved();
  if (account.isPending || !role) {
    return (
      <p role="status" className="text-sm text-black/70">
        Loading the account…
      </p>
    );
  }
  if (account.isError) {
    return <FormError message={errorMessage(account.error)} />;
  }
  const data = account.data;
  const canActAs = roleMayCall(role, routes.staffImpersonationToken.staffRoles);
  return (
    <div className="space-y-8">
      <header className="space-y-1">
        <h2 className="text-xl font-bold">
          {data.name} <span className="font-mono text-base text-black/70">({data.accountCode})</span>
        </h2>
        <p className="text-sm text-black/70">
          {[data.disabled ? 'Disabled' : 'Active', data.onHold ? 'on hold' : null].filter(Boolean).join(', ')} · credit
          limit {data.credit.limit}, used {data.credit.used}, available {data.credit.available} · terms {data.termsDays}{' '}
          days
        </p>
        {canActAs ? <ActAsButton accountId={data.accountId} /> : null}
      </header>
      {roleMayCall(role, routes.staffAccountSave.staffRoles) ? (
        <section aria-labelledby="account-details" className="space-y-3">
          <h2 id="account-details" className="text-lg font-semibold">
            Details
          </h2>
          <AccountDetails account={data} />
        </section>
      ) : null}
      {roleMayCall(role, routes.staffAccountCredit.staffRoles) ? (
        <section aria-labelledby="account-credit" className="space-y-3">
          <h2 id="account-credit" className="text-lg font-semibold">
            Credit
          </h2>
          <AccountCredit account={data} />
        </section>
      ) : null}
      <section aria-labelledby="account-users" className="space-y-3">
        <h2 id="account-users" className="text-lg font-semibold">
          Users
        </h2>
        {roleMayCall(role, routes.staffUserInvite.staffRoles) ? (
          <AccountUsers account={data} onSaved={saved} canActAs={canActAs} />
        ) : data.users.length === 0 ? (
          <p className="text-sm text-black/70">No one signs in for this account yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {data.users.map((user) => (
              <li key={user.email}>
                {user.name} · {user.email}
                {user.disabled ? ' · disabled' : user.invited ? ' · invited' : ''}
                {canActAs && !user.disabled ? (
                  <>
                    {' '}
                    <ActAsButton accountId={data.accountId} user={user} />
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="account-orders" className="space-y-3">
        <h2 id="account-orders" className="text-lg font-semibold">
          Latest orders
        </h2>
        {data.recentOrders.length === 0 ? (
          <p className="text-sm text-black/70">No orders yet.</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {data.recentOrders.map((order) => (
              <li key={order.orderNumber}>
                Order {order.orderNumber} · {formatLongDateTime(order.placedAt)} · {order.status} · {order.total}
              </li>
            ))}
          </ul>
        )}
        <p className="text-sm">
          <Link
            to="/staff/orders"
            search={{ search: data.accountCode }}
            className="font-semibold text-brand hover:underline focus-visible:outline-2 focus-visible:outline-brand"
          >
            Every order of {data.accountCode}
          </Link>
        </p>
      </section>
      <section aria-labelledby="account-audit" className="space-y-3">
        <h2 id="account-audit" className="text-lg font-semibold">
          Changes by staff
        </h2>
        <AuditEntries entries={data.audit} label="Staff changes to this account" />
      </section>
    </div>
  );
}

function useAccountSaved() {
  const queryClient = useQueryClient();
  return (saved: StaffAccount) => {
    queryClient.setQueryData(staffAccountKey(saved.accountCode), saved);
    return queryClient.invalidateQueries({ queryKey: staffAccountKeys.all });
  };
}

function AccountDetails({ account }: { account: StaffAccount }) {
  const api = useApi();
  const saved = useAccountSaved();
  const save = useMutation({
    mutationFn: (body: AccountDraft) =>
      api.call('staffAccountSave', { body: { ...body, accountCode: account.accountCode } as never }),
    onSuccess: saved,
  });
  const {
    users: _u,
    credit: _c,
    recentOrders: _o,
    audit: _a,
    creditLimitValue: _l,
    termsDays: _t,
    onHold: _h,
    accountId: _i,
    ...fields
  } = account;
  return (
    <>
      {save.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          Saved.
        </p>
      ) : null}
      <AccountFieldsForm
        key={JSON.stringify(fields)}
        initial={fields}
        creating={false}
        submitLabel="Save the account"
        pending={save.isPending}
        error={save.error}
        onSubmit={(body) => save.mutate(body)}
      />
    </>
  );
}

/** The limit is typed in dollars and sent in cents; the hold stops Trading Account orders whatever the limit. */
function AccountCredit({ account }: { account: StaffAccount }) {
  const api = useApi();
  const saved = useAccountSaved();
  const [limit, setLimit] = useState((account.creditLimitValue / 100).toFixed(2));
  const [terms, setTerms] = useState(String(account.termsDays));
  const [onHold, setOnHold] = useState(account.onHold);
  const save = useMutation({
    mutationFn: () =>
      api.call('staffAccountCredit', {
        body: {
          accountCode: account.accountCode,
          creditLimitValue: Math.round(Number(limit) * 100),
          termsDays: Number(terms),
          onHold,
        },
      }),
    onSuccess: saved,
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };
  const error = save.error instanceof ApiError ? save.error : null;
  return (
    <form onSubmit={submit} noValidate aria-label="Credit" className="max-w-md space-y-4">
      <FormError message={errorMessage(save.error)} />
      {save.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          Saved.
        </p>
      ) : null}
      <FieldGroup legend="Credit">
        <TextInput
          label="Credit limit (AUD)"
          required
          inputMode="decimal"
          value={limit}
          onChange={(event) => setLimit(event.target.value)}
          error={error?.fieldError('creditLimitValue')}
        />
        <TextInput
          label="Terms (days)"
          required
          inputMode="numeric"
          value={terms}
          onChange={(event) => setTerms(event.target.value)}
          error={error?.fieldError('termsDays')}
        />
        <CheckboxInput label="On hold: no Trading Account orders" checked={onHold} onChange={setOnHold} />
      </FieldGroup>
      <div className="max-w-xs">
        <button type="submit" disabled={save.isPending} className={primaryButtonClass}>
          {save.isPending ? 'Saving…' : 'Save credit'}
        </button>
      </div>
    </form>
  );
}
