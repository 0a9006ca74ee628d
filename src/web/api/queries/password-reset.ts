import { queryOptions } from '@tanstack/react-query';
import type { PasswordLinkPurpose, ResetPasswordQuery } from '../../../contract/auth';
import type { ApiClient } from '../api-client';

/**
 * Authenticate/ResetPassword (GET), or Staff/SetPassword for a staff member's link: whether the mailed link still
 * works, and what it is for; checked once per link, never retried. A staff link is always a new member's first password.
 */
export function resetLinkCheckQuery(api: ApiClient, link: ResetPasswordQuery, audience: 'customer' | 'staff') {
  return queryOptions({
    queryKey: ['reset-password', audience, link.Guid],
    queryFn: async (): Promise<{ email: string; purpose: PasswordLinkPurpose }> =>
      audience === 'staff'
        ? { ...(await api.call('staffPasswordLinkCheck', { query: link })), purpose: 'invitation' }
        : api.call('resetPasswordCheck', { query: link }),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
