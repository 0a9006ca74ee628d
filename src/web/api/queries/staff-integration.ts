import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

export const staffIntegrationKeysKey = ['staff', 'integration', 'keys'] as const;

/** Staff/IntegrationKeys: every integration key, revoked ones too, by name (administrators). */
export function staffIntegrationKeysQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffIntegrationKeysKey, queryFn: () => api.call('staffIntegrationKeys') });
}
