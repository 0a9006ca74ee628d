import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderStatus } from '../../../contract/checkout';
import type { ApiClient } from '../api-client';

export const orderKeys = {
  all: ['orders'] as const,
  history: ['orders', 'history'] as const,
  details: (id: number) => ['orders', 'details', id] as const,
};

export interface OrderHistoryFilters {
  readonly search?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly status?: OrderStatus | undefined;
  readonly placedBy?: number | undefined;
  readonly page: number;
}

/** Order/History: one page of the account's orders for these filters; the page on screen stays while the next loads. */
export function orderHistoryQuery(api: ApiClient, filters: OrderHistoryFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined && value !== ''));
  return queryOptions({
    queryKey: [...orderKeys.history, query],
    queryFn: () => api.call('orderHistory', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Order/Details: one order with its lines, totals and payments. */
export function orderDetailsQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: orderKeys.details(id),
    queryFn: () => api.call('orderDetails', { query: { id } }),
    retry: false,
  });
}
