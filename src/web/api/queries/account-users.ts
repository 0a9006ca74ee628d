import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

export const accountUsersKey = ['account', 'users'] as const;

/** Account/Users: the account's people, for its owner. */
export function accountUsersQuery(api: ApiClient) {
  return queryOptions({ queryKey: accountUsersKey, queryFn: () => api.call('accountUsers') });
}
