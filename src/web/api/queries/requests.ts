import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { REQUEST_PHOTO_LINK_MINUTES, type RequestsQuery } from '../../../contract/requests';
import type { ApiClient } from '../api-client';

export const requestKeys = {
  all: ['staff', 'requests'] as const,
  one: (reference: string) => ['staff', 'requests', 'one', reference] as const,
};

/** Staff/Requests: one page of the queue; the last page stays on screen while the next loads. */
export function staffRequestsQuery(api: ApiClient, query: RequestsQuery) {
  return queryOptions({
    queryKey: [...requestKeys.all, 'list', query],
    queryFn: () => api.call('staffRequests', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Staff/Request: one request. Refetched before its photo links expire, so a link on screen always opens. */
export function staffRequestQuery(api: ApiClient, reference: string) {
  return queryOptions({
    queryKey: requestKeys.one(reference),
    queryFn: () => api.call('staffRequest', { query: { reference } }),
    refetchInterval: (REQUEST_PHOTO_LINK_MINUTES * 60_000) / 2,
  });
}

/** Staff/StaffMembers: who a request can be assigned to. */
export function requestAssigneesQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['staff', 'requestAssignees'],
    queryFn: () => api.call('staffStaffMembers'),
    staleTime: 60_000,
  });
}

/** Account/Requests: the account's returns and warranty claims with their status. */
export function accountRequestsQuery(api: ApiClient, page: number) {
  return queryOptions({
    queryKey: ['account', 'requests', page],
    queryFn: () => api.call('accountRequests', { query: { page } }),
    placeholderData: keepPreviousData,
  });
}
