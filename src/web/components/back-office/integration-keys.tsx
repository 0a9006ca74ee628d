import { AskAgain } from '../forms/ask-again';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type IntegrationScope, integrationScopes } from '../../../contract/integration';
import type { StaffIntegrationKeyCreated, StaffIntegrationKeyRow } from '../../../contract/staff-integration';
import { ApiError } from '../../api/api-error';
import { staffIntegrationKeysKey, staffIntegrationKeysQuery } from '../../api/queries/staff-integration';
import { formatLongDateTime } from '../../dates/dates';
import { errorMessage } from '../../api/api-error';
import { useApi } from '../../session/session-context';
import { CheckboxInput, FieldGroup, TextInput, secondaryButtonClass } from '../forms/form-controls';
import { FormError, primaryButtonClass } from '../session/form-field';
import { SecretShownOnce } from './secret-shown-once';

/** Integration keys: created here with a name and scopes (the key shown once), listed with their last use, revoked. */
export function IntegrationKeys() {
  const api = useApi();
  const list = useQuery(staffIntegrationKeysQuery(api));
  const [created, setCreated] = useState<StaffIntegrationKeyCreated | null>(null);
  return (
    <section aria-labelledby="integration-keys" className="space-y-4">
      <h2 id="integration-keys" className="text-lg font-semibold">
        Integration keys
      </h2>
      <p className="max-w-prose text-sm text-black/70">
        The ERP and other systems call the integration API with a key, sent as{' '}
        <code>Authorization: Bearer yhi_ik_…</code>. A key may do only what its scopes allow; revoking one refuses it
        from its next call on.
      </p>
      {created ? (
        <SecretShownOnce
          heading={`Key ‘${created.name}’ created`}
          label={`The key ${created.name}`}
          secret={created.key}
          what="key"
          onDone={() => setCreated(null)}
        />
      ) : null}
      {list.isPending ? (
        <p role="status" className="text-sm text-black/70">
          Loading the integration keys…
        </p>
      ) : list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : list.data.keys.length === 0 ? (
        <p className="text-sm text-black/70">No integration keys yet.</p>
      ) : (
        <KeysTable keys={list.data.keys} />
      )}
      <CreateKeyForm onCreated={setCreated} />
    </section>
  );
}

const when = (instant: string | null, none: string) => (instant ? formatLongDateTime(instant) : none);

function KeysTable({ keys }: { keys: readonly StaffIntegrationKeyRow[] }) {
  return (
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Integration keys list">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Integration keys, by name</caption>
        <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
          <tr>
            {['Name', 'Key', 'Scopes', 'Created', 'Last used', 'State'].map((heading) => (
              <th key={heading} scope="col" className="py-2 pr-4">
                {heading}
              </th>
            ))}
            <th scope="col" className="py-2">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((key) => (
            <KeyRow key={key.name} integrationKey={key} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Revoking is asked again in the row, naming the key, before it is sent. */
function KeyRow({ integrationKey: key }: { integrationKey: StaffIntegrationKeyRow }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const revoke = useMutation({
    mutationFn: () => api.call('staffIntegrationKeyRevoke', { body: { name: key.name } }),
    onSuccess: (answer) => queryClient.setQueryData(staffIntegrationKeysKey, answer),
  });
  return (
    <tr className="border-b border-black/5 align-top">
      <th scope="row" className="py-2 pr-4 font-semibold">
        {key.name}
      </th>
      <td className="py-2 pr-4 font-mono">{key.prefix}…</td>
      <td className="py-2 pr-4">{key.scopes.join(', ')}</td>
      <td className="py-2 pr-4">{formatLongDateTime(key.createdAt)}</td>
      <td className="py-2 pr-4">{when(key.lastUsedAt, 'Never')}</td>
      <td className="py-2 pr-4">{key.revokedAt ? `Revoked ${formatLongDateTime(key.revokedAt)}` : 'Active'}</td>
      <td className="py-2">
        {key.revokedAt ? null : confirming ? (
          <AskAgain
            question={`Revoke ‘${key.name}’? Calls with it are refused at once.`}
            yes="Yes, revoke"
            yesLabel={`Yes, revoke ${key.name}`}
            busyText="Revoking…"
            busy={revoke.isPending}
            error={revoke.error}
            onYes={() => revoke.mutate()}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={`Revoke ${key.name}`}
            className={secondaryButtonClass}
          >
            Revoke
          </button>
        )}
      </td>
    </tr>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: StaffIntegrationKeyCreated) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<readonly IntegrationScope[]>([]);
  const create = useMutation({
    mutationFn: () => api.call('staffIntegrationKeyCreate', { body: { name, scopes: [...scopes] } }),
    onSuccess: async (answer) => {
      onCreated(answer);
      setName('');
      setScopes([]);
      await queryClient.invalidateQueries({ queryKey: staffIntegrationKeysKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate();
  };
  const error = create.error instanceof ApiError ? create.error : null;
  const fieldNamed = error && ['name', 'scopes'].some((field) => error.fieldError(field));
  const toggle = (scope: IntegrationScope, on: boolean) =>
    setScopes(on ? [...scopes, scope] : scopes.filter((chosen) => chosen !== scope));
  return (
    <form onSubmit={submit} noValidate aria-label="Create an integration key" className="max-w-md space-y-4">
      <FormError message={fieldNamed ? null : errorMessage(create.error)} />
      <FieldGroup legend="Create an integration key">
        <TextInput
          label="Name"
          hint="What logs and lists call it: lower-case letters, digits, dots, dashes (erp, stock-feed)"
          required
          autoComplete="off"
          value={name}
          onChange={(event) => setName(event.target.value)}
          error={error?.fieldError('name')}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Scopes</legend>
          {integrationScopes.map((scope) => (
            <CheckboxInput
              key={scope}
              label={scope}
              checked={scopes.includes(scope)}
              onChange={(on) => toggle(scope, on)}
            />
          ))}
          {error?.fieldError('scopes') ? <p className="text-sm text-brand">{error.fieldError('scopes')}</p> : null}
        </fieldset>
      </FieldGroup>
      <div className="max-w-xs">
        <button type="submit" disabled={create.isPending} className={primaryButtonClass}>
          {create.isPending ? 'Creating…' : 'Create the key'}
        </button>
      </div>
    </form>
  );
}
