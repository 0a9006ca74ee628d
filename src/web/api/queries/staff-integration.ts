import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

export const staffIntegrationKeysKey = ['staff', 'integration', 'keys'] as const;

/** Staff/IntegrationKeys: every integration key, revoked ones too, by name (administrators). */
export function staffIntegrationKeysQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffIntegrationKeysKey, queryFn: () => api.call('staffIntegrationKeys') });
}

export const staffImportJobsKey = ['staff', 'integration', 'imports'] as const;
/** How often the list asks again while a job of it is queued or running. */
const RUNNING_JOB_POLL_MS = 2_000;

/** Staff/ImportJobs: the latest import jobs, newest first, asked again only while one of them is still running. */
export function staffImportJobsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: staffImportJobsKey,
    queryFn: () => api.call('staffImportJobs'),
    refetchInterval: (query) =>
      query.state.data?.jobs.some((job) => job.finishedAt === null) ? RUNNING_JOB_POLL_MS : false,
  });
}

export const staffWebhookEndpointsKey = ['staff', 'integration', 'webhooks'] as const;

/** Staff/WebhookEndpoints: every webhook endpoint, disabled ones too (administrators). */
export function staffWebhookEndpointsQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffWebhookEndpointsKey, queryFn: () => api.call('staffWebhookEndpoints') });
}

export const staffWebhookDeadDeliveriesKey = ['staff', 'integration', 'dead-deliveries'] as const;

/** Staff/WebhookDeadDeliveries: deliveries that used up their retries, newest first. */
export function staffWebhookDeadDeliveriesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: staffWebhookDeadDeliveriesKey,
    queryFn: () => api.call('staffWebhookDeadDeliveries'),
  });
}
