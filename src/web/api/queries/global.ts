import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

/** Site settings the shell shows (phone number, customisation partner link); they rarely change. */
export function siteSettingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['global', 'settings'],
    queryFn: () => api.call('globalSettings'),
    staleTime: 10 * 60_000,
  });
}
