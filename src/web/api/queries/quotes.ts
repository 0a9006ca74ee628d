import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

export const quoteKeys = {
  all: ['quotes'] as const,
  list: ['quotes', 'list'] as const,
  details: (id: number) => ['quotes', 'details', id] as const,
  settings: ['quotes', 'settings'] as const,
};

/** Quote/List: one page of the account's quotes, narrowed to a customer's name; the page on screen stays while the next loads. */
export function quoteListQuery(api: ApiClient, page: number, search: string) {
  const query = search ? { page, search } : { page };
  return queryOptions({
    queryKey: [...quoteKeys.list, query],
    queryFn: () => api.call('quoteList', { query }),
    placeholderData: keepPreviousData,
  });
}

export function quoteDetailsQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: quoteKeys.details(id),
    queryFn: () => api.call('quoteDetails', { query: { id } }),
    retry: false,
  });
}

export function quoteSettingsQuery(api: ApiClient) {
  return queryOptions({ queryKey: quoteKeys.settings, queryFn: () => api.call('quoteSettings', {}) });
}
