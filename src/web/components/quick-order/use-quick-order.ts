import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { quickOrderMachine } from '../../../../machines/quick-order';
import { MAX_QUICK_ORDER_LINES } from '../../../contract/quick-order';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';
import { storeCartState } from '../../api/queries/cart';
import { failedRowsCsv } from './quick-order-csv';
import { saveTextFile } from './save-text-file';

/** The pad's machine with Cart/QuickAdd behind it; its answer's cart replaces the app's (header count, flyout). */
export function useQuickOrderActor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useActorRef(
    quickOrderMachine.provide({
      actors: { quickAdd: fromPromise(async ({ input }) => api.call('cartQuickAdd', { body: input })) },
      actions: {
        showCart: (_, { response }) => void storeCartState(queryClient, response.cart),
        downloadFailedRows: (_, { rows }) =>
          saveTextFile('quick-order-to-correct.csv', 'text/csv', failedRowsCsv(rows)),
      },
    }),
    { ...actorOptions('quick-order'), input: { maxRows: MAX_QUICK_ORDER_LINES } },
  );
}

export type QuickOrderActor = ActorRefFrom<typeof quickOrderMachine>;
