import { type QueryClient, queryOptions, useQueryClient } from '@tanstack/react-query';
import type { CartState } from '../../../contract/cart';
import type { ApiClient } from '../api-client';

/** Every cached answer about the cart: what changes the cart on the server refreshes them all. */
export const cartKey = ['cart'] as const;
export const cartStateKey = [...cartKey, 'state'] as const;
export const cartCountKey = [...cartKey, 'count'] as const;

export function cartStateQuery(api: ApiClient) {
  return queryOptions({ queryKey: cartStateKey, queryFn: () => api.call('cartGet') });
}

export function cartCountQuery(api: ApiClient) {
  return queryOptions({ queryKey: cartCountKey, queryFn: async () => (await api.call('cartCount')).count });
}

/** SPEC.md §7: every cart answer replaces the client's cart state, and the header count with it. */
export function storeCartState(queryClient: QueryClient, state: CartState): CartState {
  queryClient.setQueryData(cartStateKey, state);
  queryClient.setQueryData(cartCountKey, state.totalProducts);
  return state;
}

export function useStoreCartState(): (state: CartState) => CartState {
  const queryClient = useQueryClient();
  return (state) => storeCartState(queryClient, state);
}
