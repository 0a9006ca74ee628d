import { queryOptions } from '@tanstack/react-query';
import type { ResetPasswordQuery } from '../../../contract/auth';
import type { ApiClient } from '../api-client';

/** Authenticate/ResetPassword (GET): whether the mailed link still works; checked once per link, never retried. */
export function resetLinkCheckQuery(api: ApiClient, link: ResetPasswordQuery) {
  return queryOptions({
    queryKey: ['reset-password', link.Guid],
    queryFn: () => api.call('resetPasswordCheck', { query: link }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
