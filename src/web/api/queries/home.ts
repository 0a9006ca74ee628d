import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

/**
 * Notifications active now (Home/Notifications): the signed-in shell's notification bar cycles them. Stale after 5 s
 * rather than the shop's 30 s, so a page opened or a window refocused shows what content staff scheduled since.
 */
export function homeNotificationsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['home', 'notifications'],
    queryFn: () => api.call('homeNotifications'),
    staleTime: 5_000,
  });
}

/** The home page's promotion banner; null when none is active. Stale after 5 s, like the bar, for staff changes. */
export function homePromotionBannerQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['home', 'promotion-banner'],
    queryFn: () => api.call('homePromotionBanner'),
    staleTime: 5_000,
  });
}

/** The home page's merchandise tiles. Stale after 5 s, like the bar, for staff changes. */
export function homeMerchandiseQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['home', 'merchandise'],
    queryFn: () => api.call('homeMerchandise'),
    staleTime: 5_000,
  });
}
