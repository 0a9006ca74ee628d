import { useActorRef } from '@xstate/react';
import { fromPromise } from 'xstate';
import { type ReorderInput, type SendReorderInput, reorderMachine } from '../../../../machines/reorder';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';
import { requestCartFlyout } from '../cart/cart-flyout-requests';
import { useStoreCartState } from '../../api/queries/cart';

/** The reorder machine of one order's page, talking to Order/Reorder; its answer's cart replaces the client's. */
export function useReorderActor(input: ReorderInput) {
  const api = useApi();
  const storeCart = useStoreCartState();
  return useActorRef(
    reorderMachine.provide({
      actors: {
        sendReorder: fromPromise(async ({ input: sent }: { input: SendReorderInput }) => {
          const body =
            sent.lineIds === null ? { orderId: sent.orderId } : { orderId: sent.orderId, lineIds: [...sent.lineIds] };
          const result = await api.call('orderReorder', { body });
          storeCart(result.cart);
          return result;
        }),
      },
      actions: { openCartFlyout: () => requestCartFlyout() },
    }),
    { ...actorOptions('reorder'), input },
  );
}

export type ReorderActor = ReturnType<typeof useReorderActor>;
