import { type QueryClient, keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CheckoutData, PaymentMethod } from '../../../contract/checkout';
import { storeCartState } from './cart';
import type { ApiClient } from '../api-client';

export const checkoutDataKey = ['checkout', 'data'] as const;
export const paymentMethodsKey = ['checkout', 'payment-methods'] as const;

/** Checkout/Get: the cart, address, shipping methods, totals and discount code of the checkout page. */
export function checkoutDataQuery(api: ApiClient) {
  return queryOptions({ queryKey: checkoutDataKey, queryFn: () => api.call('checkoutGet'), retry: false });
}

/** GET Checkout/PaymentMethod: the methods offered to the account, the chosen one selected. */
export function paymentMethodsQuery(api: ApiClient) {
  return queryOptions({ queryKey: paymentMethodsKey, queryFn: () => api.call('checkoutPaymentMethods') });
}

/**
 * Checkout/CreditLimit: true when the account's credit limit cannot take this checkout. It depends on the order
 * total, so it is asked again whenever the total changes (the last answer stays on screen meanwhile).
 */
export function creditLimitQuery(api: ApiClient, orderTotalCents: number | undefined) {
  return queryOptions({
    queryKey: ['checkout', 'credit-limit', orderTotalCents],
    queryFn: () => api.call('checkoutCreditLimit'),
    enabled: orderTotalCents !== undefined,
    placeholderData: keepPreviousData,
  });
}

/** Checkout/Success?id: the order as placed, for /checkout/success/{orderId}. */
export function checkoutSuccessQuery(api: ApiClient, orderId: number) {
  return queryOptions({
    queryKey: ['checkout', 'success', orderId],
    queryFn: () => api.call('checkoutSuccess', { query: { id: orderId } }),
  });
}

/** Every checkout answer replaces the checkout data, and the cart state (header count, flyout) with it. */
export function storeCheckoutData(queryClient: QueryClient, data: CheckoutData): CheckoutData {
  queryClient.setQueryData(checkoutDataKey, data);
  storeCartState(queryClient, data.shoppingCart);
  return data;
}

export function useStoreCheckoutData(): (data: CheckoutData) => CheckoutData {
  const queryClient = useQueryClient();
  return (data) => storeCheckoutData(queryClient, data);
}

export function useStorePaymentMethods(): (methods: PaymentMethod[]) => PaymentMethod[] {
  const queryClient = useQueryClient();
  return (methods) => {
    queryClient.setQueryData(paymentMethodsKey, methods);
    return methods;
  };
}
