import { assign, fromPromise, setup } from 'xstate';
import type { CompleteBody, CompleteResult, RedirectResult } from '../src/contract/checkout';
import { present } from './present';

/** SPEC.md §9: the busy overlay appears when placing the order takes longer than 1000 ms. */
export const BUSY_OVERLAY_DELAY_MS = 1_000;

/** Why Checkout/Complete failed, as the app's actor reports it. */
export interface CompleteFailure {
  readonly message: string;
  /** No answer came back (network, 5xx): the order may exist, so a retry must reuse the attempt's Idempotency-Key. */
  readonly outcomeUnknown: boolean;
}

export interface CompleteRequest {
  readonly body: CompleteBody;
  readonly idempotencyKey: string;
}

export interface CheckoutResultContext {
  /** The Idempotency-Key of the attempt whose outcome is still unknown; null once the server gave an answer. */
  attemptKey: string | null;
  /** What the current attempt sends; set by every submit. */
  request: CompleteRequest | null;
  /** Shown in the banner as 'Error: {message}'. */
  error: string | null;
  orderId: number | null;
  redirect: RedirectResult | null;
}

export type CheckoutResultEvent =
  /** freshKey: a new random key, used only when no earlier attempt is waiting for its outcome. */
  | { type: 'checkout.submit'; body: CompleteBody; freshKey: string }
  /** The payment provider failed in the browser (the PayPal buttons' onError). */
  | { type: 'checkout.providerFailed'; message: string };

function failureOf(error: unknown): CompleteFailure {
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') {
    return { message: error.message, outcomeUnknown: 'outcomeUnknown' in error && error.outcomeUnknown === true };
  }
  return { message: 'An error has occurred', outcomeUnknown: true };
}

/**
 * Placing the order (SPEC.md §4 'Checkout order result', DESIGN.md §7): Checkout/Complete through the named actor
 * completeOrder with one Idempotency-Key per attempt (a retry after an unknown outcome reuses it, so a lost answer
 * never makes a second order); the busy overlay after 1000 ms; Completed → the success page, Redirect → the hidden
 * POST form to the payment provider, anything else → /; a failure or a payment provider error → the banner.
 */
export const checkoutResultMachine = setup({
  types: {
    context: {} as CheckoutResultContext,
    events: {} as CheckoutResultEvent,
  },
  actors: {
    /** Null: an answer without a result the shop acts on (SPEC.md §4: anything else goes to /). */
    completeOrder: fromPromise<CompleteResult | null, CompleteRequest>(async () => {
      throw new Error('completeOrder is supplied by the app');
    }),
  },
  guards: {
    isCompleted: (_, params: { result: CompleteResult | null }) => params.result?.orderResult === 'Completed',
    isRedirect: (_, params: { result: CompleteResult | null }) => params.result?.orderResult === 'Redirect',
  },
  actions: {
    beginAttempt: assign(({ context, event }) => {
      if (event.type !== 'checkout.submit') return {};
      const attemptKey = context.attemptKey ?? event.freshKey;
      return { attemptKey, request: { body: event.body, idempotencyKey: attemptKey }, error: null };
    }),
    keepOrder: assign((_, params: { result: CompleteResult }) => ({
      attemptKey: null,
      orderId: params.result.orderId,
    })),
    keepRedirect: assign((_, params: { result: CompleteResult }) => {
      const { result } = params;
      // isRedirect chose this transition; the check narrows the answer to the Redirect shape.
      return result.orderResult === 'Redirect'
        ? {
            attemptKey: null,
            orderId: result.orderId,
            redirect: { url: result.url, keys: result.keys, values: result.values },
          }
        : {};
    }),
    forgetAttempt: assign({ attemptKey: null }),
    keepFailure: assign(({ context }, params: { error: unknown }) => {
      const failure = failureOf(params.error);
      return { error: failure.message, attemptKey: failure.outcomeUnknown ? context.attemptKey : null };
    }),
    keepProviderError: assign({
      error: ({ event }) => (event.type === 'checkout.providerFailed' ? event.message : null),
    }),
  },
  delays: {
    busyOverlay: BUSY_OVERLAY_DELAY_MS,
  },
}).createMachine({
  id: 'checkoutResult',
  context: { attemptKey: null, request: null, error: null, orderId: null, redirect: null },
  initial: 'ready',
  states: {
    ready: {
      on: {
        'checkout.submit': { target: 'submitting', actions: 'beginAttempt' },
        'checkout.providerFailed': { target: 'failed', actions: 'keepProviderError' },
      },
    },
    submitting: {
      initial: 'quiet',
      states: {
        quiet: { after: { busyOverlay: 'busy' } },
        busy: {},
      },
      invoke: {
        id: 'completeOrder',
        src: 'completeOrder',
        // Every way into submitting is a submit, which sets the request.
        input: ({ context }) => present(context.request, 'The request of the attempt'),
        onDone: [
          {
            guard: { type: 'isCompleted', params: ({ event }) => ({ result: event.output }) },
            target: 'completed',
            actions: {
              type: 'keepOrder',
              params: ({ event }) => ({ result: present(event.output, 'The completed order') }),
            },
          },
          {
            guard: { type: 'isRedirect', params: ({ event }) => ({ result: event.output }) },
            target: 'redirecting',
            actions: {
              type: 'keepRedirect',
              params: ({ event }) => ({ result: present(event.output, 'The redirect') }),
            },
          },
          { target: 'leaving', actions: 'forgetAttempt' },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    failed: {
      on: {
        'checkout.submit': { target: 'submitting', actions: 'beginAttempt' },
        'checkout.providerFailed': { target: 'failed', actions: 'keepProviderError' },
      },
    },
    /** The view goes to /checkout/success/{orderId}. */
    completed: { type: 'final' },
    /** The view posts the hidden form to the payment provider. */
    redirecting: { type: 'final' },
    /** The view goes to /. */
    leaving: { type: 'final' },
  },
});
