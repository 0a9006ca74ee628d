import { useQueryClient } from '@tanstack/react-query';
import { useActorRef } from '@xstate/react';
import { type ActorRefFrom, fromPromise } from 'xstate';
import { type CompleteFailure, checkoutResultMachine } from '../../../../machines/checkout-result';
import { GENERIC_ERROR_MESSAGE } from '../../../contract/problem';
import { ApiError } from '../../api/api-error';
import { cartKey } from '../../api/queries/cart';
import { actorOptions } from '../../dev/actor-options';
import { useApi } from '../../session/session-context';

/** An ApiError as the machine needs it: no answer or a 5xx leaves the outcome unknown (the retry reuses the key). */
export function completeFailureOf(error: unknown): CompleteFailure {
  if (error instanceof ApiError)
    return { message: error.message, outcomeUnknown: error.status === null || error.status >= 500 };
  return { message: GENERIC_ERROR_MESSAGE, outcomeUnknown: true };
}

/** Placing the order: machines/checkout-result with Checkout/Complete behind it, sent with the attempt's Idempotency-Key. */
export function useCheckoutResultActor() {
  const api = useApi();
  const queryClient = useQueryClient();
  return useActorRef(
    checkoutResultMachine.provide({
      actors: {
        completeOrder: fromPromise(async ({ input }) => {
          try {
            const result = await api
              .withHeaders({ 'Idempotency-Key': input.idempotencyKey })
              .call('checkoutComplete', { body: input.body });
            // The order exists and the cart is empty now: the header count and the flyout follow.
            void queryClient.invalidateQueries({ queryKey: cartKey });
            return result;
          } catch (error) {
            throw completeFailureOf(error);
          }
        }),
      },
    }),
    actorOptions('checkout-result'),
  );
}

export type CheckoutResultActor = ActorRefFrom<typeof checkoutResultMachine>;
