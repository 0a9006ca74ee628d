import { queryOptions } from '@tanstack/react-query';
import type { ApiClient } from '../api-client';

/** Payment/PayPalSettings: the client id the PayPal buttons load with; it does not change while the page is open. */
export function paypalSettingsQuery(api: ApiClient) {
  return queryOptions({
    queryKey: ['payment', 'paypal-settings'],
    queryFn: () => api.call('paymentPayPalSettings'),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
