import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { OrderStatus } from '../../../contract/checkout';
import type { ApiClient } from '../api-client';

const VENDOR_PAGE_SIZE = 20;

/** Staff/Vendors: one page of customer accounts matching the search; the last page stays on screen while the next loads. */
export function vendorsQuery(api: ApiClient, search: string, page: number) {
  return queryOptions({
    queryKey: ['staff', 'vendors', search, page],
    queryFn: () => api.call('staffVendors', { body: { search, page, pageSize: VENDOR_PAGE_SIZE } }),
    placeholderData: keepPreviousData,
  });
}

/** Staff/PaidAfterRelease: payments that came back after their order's stock was released. */
export function paidAfterReleaseQuery(api: ApiClient) {
  return queryOptions({ queryKey: ['staff', 'paidAfterRelease'], queryFn: () => api.call('staffPaidAfterRelease') });
}

/** Staff/Me: the signed-in member and their role; the back office's navigation and pages follow the role. */
export function staffMeQuery(api: ApiClient) {
  return queryOptions({ queryKey: ['staff', 'me'], queryFn: () => api.call('staffMe'), staleTime: 60_000 });
}

/** Staff/Audit: one page of staff changes, newest first, narrowed to one account or subject when asked. */
export function staffAuditQuery(
  api: ApiClient,
  filter: { accountCode?: string; subjectType?: string; subjectRef?: string; page: number },
) {
  return queryOptions({
    queryKey: ['staff', 'audit', filter],
    queryFn: () => api.call('staffAudit', { query: filter }),
    placeholderData: keepPreviousData,
  });
}

/** What an account change in the back office refreshes: the lists and pages of accounts. */
export const staffAccountKeys = { all: ['staff', 'accounts'] as const };

/** Staff/Accounts: one page of customer accounts matching the search, by code. */
export function staffAccountsQuery(api: ApiClient, search: string, page: number) {
  return queryOptions({
    queryKey: [...staffAccountKeys.all, 'list', search, page],
    queryFn: () => api.call('staffAccounts', { query: { search, page } }),
    placeholderData: keepPreviousData,
  });
}

/** The key of one account's page, which a save answers with the account as it now is. */
export const staffAccountKey = (accountCode: string) => [...staffAccountKeys.all, 'one', accountCode.toUpperCase()];

/** Staff/Account: one account's page. */
export function staffAccountQuery(api: ApiClient, accountCode: string) {
  return queryOptions({
    queryKey: staffAccountKey(accountCode),
    queryFn: () => api.call('staffAccount', { query: { accountCode } }),
  });
}

export const staffMembersKey = ['staff', 'members'] as const;

/** Staff/Members: every staff member with their role (administrators). */
export function staffMembersQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffMembersKey, queryFn: () => api.call('staffMembersList') });
}

/** Staff/Notifications: every notification of the bar, showing or not, by sortOrder. */
export const staffNotificationsKey = ['staff', 'notifications'] as const;

export function staffNotificationsQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffNotificationsKey, queryFn: () => api.call('staffNotifications') });
}

/** Staff/DiscountCodes: every discount code, by code, with its uses and whether it applies now. */
export const staffDiscountCodesKey = ['staff', 'discount-codes'] as const;

export function staffDiscountCodesQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffDiscountCodesKey, queryFn: () => api.call('staffDiscountCodes') });
}

export interface StaffOrderFilters {
  readonly search?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly status?: OrderStatus | undefined;
  readonly page: number;
}

/** What acting on an order refreshes: the order searches and pages. */
export const staffOrderKeys = { all: ['staff', 'orders'] as const };

/** Staff/Orders: one page of every account's orders for these filters; the page on screen stays while the next loads. */
export function staffOrdersQuery(api: ApiClient, filters: StaffOrderFilters) {
  const query = Object.fromEntries(Object.entries(filters).filter(([, value]) => value !== undefined));
  return queryOptions({
    queryKey: [...staffOrderKeys.all, 'list', query],
    queryFn: () => api.call('staffOrders', { query }),
    placeholderData: keepPreviousData,
  });
}

/** Staff/Order: one order with its account, lines, payments and status history. */
export function staffOrderQuery(api: ApiClient, id: number) {
  return queryOptions({
    queryKey: [...staffOrderKeys.all, 'one', id],
    queryFn: () => api.call('staffOrder', { query: { id } }),
    retry: false,
  });
}

/** Staff/PromotionBanner: the home page's banner with its window, showing or not; null when there is none. */
export const staffPromotionBannerKey = ['staff', 'promotion-banner'] as const;

export function staffPromotionBannerQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffPromotionBannerKey, queryFn: () => api.call('staffPromotionBanner') });
}

/** Staff/HomeTiles: the home page's merchandise tiles, by sortOrder. */
export const staffHomeTilesKey = ['staff', 'home-tiles'] as const;

export function staffHomeTilesQuery(api: ApiClient) {
  return queryOptions({ queryKey: staffHomeTilesKey, queryFn: () => api.call('staffHomeTiles') });
}
