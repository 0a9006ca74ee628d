import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

/** Return reasons, claim types, states and brands for the forms; they change with the catalogue only. */
export function formLookupsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['forms', 'lookups'],
    queryFn: () => api.call('formLookups'),
    staleTime: 10 * 60_000,
  });
}
