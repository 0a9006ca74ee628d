import { AskAgain } from '../forms/ask-again';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { type EventType, eventTypes, newestSchemaVersion } from '../../../contract/events';
import { type DeadWebhookDelivery, type WebhookEndpoint, versionedEventsText } from '../../../contract/webhooks';
import { ApiError, errorMessage } from '../../api/api-error';
import {
  staffWebhookDeadDeliveriesKey,
  staffWebhookDeadDeliveriesQuery,
  staffWebhookEndpointsKey,
  staffWebhookEndpointsQuery,
} from '../../api/queries/staff-integration';
import { formatLongDateTime } from '../../dates/dates';
import { useApi } from '../../session/session-context';
import { CheckboxInput, FieldGroup, SelectInput, TextInput, secondaryButtonClass } from '../forms/form-controls';
import { FormError, primaryButtonClass } from '../session/form-field';
import { SecretShownOnce } from './secret-shown-once';

/**
 * Webhook endpoints (docs/integration.md, 'Events out'): added here with their event types (the signing secret shown
 * once), listed, disabled; and the deliveries that used up their retries, each sent again on demand.
 */
export function WebhookEndpoints() {
  const api = useApi();
  const list = useQuery(staffWebhookEndpointsQuery(api));
  const [created, setCreated] = useState<(WebhookEndpoint & { secret: string }) | null>(null);
  return (
    <section aria-labelledby="webhook-endpoints" className="space-y-4">
      <h2 id="webhook-endpoints" className="text-lg font-semibold">
        Webhooks
      </h2>
      <p className="max-w-prose text-sm text-black/70">
        The shop posts each event to every active endpoint that takes its type, signed with the endpoint’s secret
        (Standard Webhooks), and retries with backoff for a day before it gives up.
      </p>
      {created ? (
        <SecretShownOnce
          heading={`Endpoint ${created.url} added`}
          label={`The signing secret of ${created.url}`}
          secret={created.secret}
          what="secret"
          onDone={() => setCreated(null)}
        />
      ) : null}
      {list.isPending ? (
        <p role="status" className="text-sm text-black/70">
          Loading the webhook endpoints…
        </p>
      ) : list.isError ? (
        <FormError message={errorMessage(list.error)} />
      ) : list.data.endpoints.length === 0 ? (
        <p className="text-sm text-black/70">No webhook endpoints yet.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Webhook endpoints list">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Webhook endpoints, oldest first</caption>
            <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
              <tr>
                {['Address', 'Event types', 'Added', 'State'].map((heading) => (
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
              {list.data.endpoints.map((endpoint) => (
                <EndpointRow key={endpoint.id} endpoint={endpoint} />
              ))}
            </tbody>
          </table>
        </div>
      )}
      <AddEndpointForm onAdded={setCreated} />
      <DeadDeliveries />
    </section>
  );
}

/** Disabling is asked again in the row, naming the address, before it is sent. */
function EndpointRow({ endpoint }: { endpoint: WebhookEndpoint }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const disable = useMutation({
    mutationFn: () => api.call('staffWebhookEndpointDisable', { body: { id: endpoint.id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffWebhookEndpointsKey }),
  });
  return (
    <tr className="border-b border-black/5 align-top">
      <th scope="row" className="break-all py-2 pr-4 font-mono font-normal">
        {endpoint.url}
      </th>
      <td className="py-2 pr-4">{versionedEventsText(endpoint)}</td>
      <td className="py-2 pr-4">{formatLongDateTime(endpoint.createdAt)}</td>
      <td className="py-2 pr-4">{endpoint.active ? 'Active' : 'Disabled'}</td>
      <td className="py-2">
        {!endpoint.active ? null : confirming ? (
          <AskAgain
            question={`Disable ${endpoint.url}? What it is still owed is not sent.`}
            yes="Yes, disable"
            yesLabel={`Yes, disable ${endpoint.url}`}
            busyText="Disabling…"
            busy={disable.isPending}
            error={disable.error}
            onYes={() => disable.mutate()}
            onCancel={() => setConfirming(false)}
          />
        ) : (
          <button
            type="button"
            onClick={() => setConfirming(true)}
            aria-label={`Disable ${endpoint.url}`}
            className={secondaryButtonClass}
          >
            Disable
          </button>
        )}
      </td>
    </tr>
  );
}

function AddEndpointForm({ onAdded }: { onAdded: (created: WebhookEndpoint & { secret: string }) => void }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<readonly EventType[]>([]);
  // A type not chosen goes at version 1, as for the API (docs/integration.md, Schema versions).
  const [versions, setVersions] = useState<Partial<Record<EventType, number>>>({});
  const schemaVersions = Object.fromEntries(events.flatMap((type) => (versions[type] ? [[type, versions[type]]] : [])));
  const add = useMutation({
    mutationFn: () => api.call('staffWebhookEndpointAdd', { body: { url, events: [...events], schemaVersions } }),
    onSuccess: async (answer) => {
      onAdded(answer);
      setUrl('');
      setEvents([]);
      setVersions({});
      await queryClient.invalidateQueries({ queryKey: staffWebhookEndpointsKey });
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };
  const error = add.error instanceof ApiError ? add.error : null;
  const fieldNamed = error && ['url', 'events'].some((field) => error.fieldError(field));
  const toggle = (type: EventType, on: boolean) =>
    setEvents(on ? [...events, type] : events.filter((chosen) => chosen !== type));
  return (
    <form onSubmit={submit} noValidate aria-label="Add a webhook endpoint" className="max-w-md space-y-4">
      <FormError message={fieldNamed ? null : errorMessage(add.error)} />
      <FieldGroup legend="Add a webhook endpoint">
        <TextInput
          label="Address"
          hint="The receiver’s https address"
          required
          type="url"
          autoComplete="off"
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={error?.fieldError('url')}
        />
        <fieldset className="space-y-2">
          <legend className="text-sm font-semibold text-ink">Event types</legend>
          {eventTypes.map((type) => (
            <div key={type} className="space-y-1">
              <CheckboxInput label={type} checked={events.includes(type)} onChange={(on) => toggle(type, on)} />
              {events.includes(type) && newestSchemaVersion(type) > 1 ? (
                <SelectInput
                  label={`Schema version of ${type}`}
                  placeholder="Version 1 (unless chosen)"
                  value={String(versions[type] ?? '')}
                  onChange={(event) => setVersions({ ...versions, [type]: Number(event.target.value) || undefined })}
                  options={Array.from({ length: newestSchemaVersion(type) }, (_, index) => ({
                    value: String(index + 1),
                    label: `Version ${index + 1}${index + 1 === newestSchemaVersion(type) ? ' (newest)' : ''}`,
                  }))}
                />
              ) : null}
            </div>
          ))}
          {error?.fieldError('events') ? <p className="text-sm text-brand">{error.fieldError('events')}</p> : null}
        </fieldset>
      </FieldGroup>
      <div className="max-w-xs">
        <button type="submit" disabled={add.isPending} className={primaryButtonClass}>
          {add.isPending ? 'Adding…' : 'Add the endpoint'}
        </button>
      </div>
    </form>
  );
}

/** The dead letters: each can be sent again, as new; the list says what became of the last one sent. */
function DeadDeliveries() {
  const api = useApi();
  const queryClient = useQueryClient();
  const dead = useQuery(staffWebhookDeadDeliveriesQuery(api));
  const replay = useMutation({
    mutationFn: (deliveryId: number) => api.call('staffWebhookReplay', { body: { deliveryId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffWebhookDeadDeliveriesKey }),
  });
  return (
    <section aria-labelledby="dead-deliveries" className="space-y-3">
      <h3 id="dead-deliveries" className="font-semibold">
        Deliveries that gave up
      </h3>
      {replay.isSuccess ? (
        <p role="status" className="text-sm font-semibold text-green-800">
          Delivery {replay.data.deliveryId} ({replay.data.eventType}) is sent again.
        </p>
      ) : null}
      <FormError message={errorMessage(replay.error)} />
      {dead.isPending ? (
        <p role="status" className="text-sm text-black/70">
          Loading the deliveries that gave up…
        </p>
      ) : dead.isError ? (
        <FormError message={errorMessage(dead.error)} />
      ) : dead.data.deliveries.length === 0 ? (
        <p className="text-sm text-black/70">Every delivery arrived or is still being tried.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Deliveries that gave up">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Deliveries that used up their retries, newest first</caption>
            <thead className="border-b border-black/10 text-xs uppercase tracking-wide text-black/70">
              <tr>
                {['Event', 'Endpoint', 'Attempts', 'Last attempt', 'Last answer'].map((heading) => (
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
              {dead.data.deliveries.map((delivery) => (
                <DeadRow
                  key={delivery.deliveryId}
                  delivery={delivery}
                  replaying={replay.isPending && replay.variables === delivery.deliveryId}
                  onReplay={() => replay.mutate(delivery.deliveryId)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function DeadRow({
  delivery,
  replaying,
  onReplay,
}: {
  delivery: DeadWebhookDelivery;
  replaying: boolean;
  onReplay: () => void;
}) {
  return (
    <tr className="border-b border-black/5 align-top">
      <th scope="row" className="py-2 pr-4 font-normal">
        {delivery.eventType}
        <span className="block font-mono text-xs text-black/60">{delivery.eventId}</span>
      </th>
      <td className="break-all py-2 pr-4 font-mono">{delivery.url}</td>
      <td className="py-2 pr-4">{delivery.attempts}</td>
      <td className="py-2 pr-4">{delivery.lastAttemptAt ? formatLongDateTime(delivery.lastAttemptAt) : '—'}</td>
      <td className="py-2 pr-4">
        {delivery.lastResponseStatus !== null ? `HTTP ${delivery.lastResponseStatus}` : (delivery.lastError ?? '—')}
      </td>
      <td className="py-2">
        <button
          type="button"
          disabled={replaying}
          onClick={onReplay}
          aria-label={`Send delivery ${delivery.deliveryId} again`}
          className={secondaryButtonClass}
        >
          {replaying ? 'Sending…' : 'Send again'}
        </button>
      </td>
    </tr>
  );
}
