import { assign, fromPromise, setup } from 'xstate';
import type { ReorderLineResult, ReorderResult } from '../src/contract/order-history';

/** How long the per-line results stay on their own before the cart flyout opens over them. */
export const RESULTS_PAUSE_MS = 1_500;

export interface ReorderInput {
  readonly orderId: number;
  /** The order's product lines (Order/Details' presentation lines), in order. */
  readonly lineIds: readonly number[];
}

export interface SendReorderInput {
  readonly orderId: number;
  /** The ticked lines, or null for all of them. */
  readonly lineIds: readonly number[] | null;
}

export interface ReorderContext {
  readonly orderId: number;
  readonly lineIds: readonly number[];
  /** The ticked lines, in the order's order. */
  chosen: readonly number[];
  /** What the last send asked for (null: every line); a retry asks for it again. */
  sending: readonly number[] | null;
  results: readonly ReorderLineResult[];
  error: string | null;
}

export type ReorderEvent =
  | { type: 'reorder.toggle'; lineId: number }
  | { type: 'reorder.chooseAll' }
  | { type: 'reorder.chooseNone' }
  | { type: 'reorder.sendAll' }
  | { type: 'reorder.sendChosen' }
  | { type: 'reorder.openCart' }
  | { type: 'reorder.retry' }
  | { type: 'reorder.back' }
  | { type: 'reorder.again' };

/** Whether anything went into the cart: only then does the cart open. */
export function addedAnything(results: readonly ReorderLineResult[]): boolean {
  return results.some((line) => line.result !== 'Unavailable');
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'The order could not be added to your cart.';
}

/**
 * 'Order again' on an order's page: the dealer ticks lines (or none, for all of them), sends them to
 * Order/Reorder, sees what became of each line (Added, PartlyAdded, Unavailable, with the reason), and a moment later
 * the cart flyout opens, when anything was added. A failed send keeps the choice for a retry.
 */
export const reorderMachine = setup({
  types: {
    context: {} as ReorderContext,
    events: {} as ReorderEvent,
    input: {} as ReorderInput,
  },
  actors: {
    sendReorder: fromPromise<ReorderResult, SendReorderInput>(async () => {
      throw new Error('sendReorder is supplied by the app');
    }),
  },
  guards: {
    isOrderLine: ({ context }, params: { lineId: number }) => context.lineIds.includes(params.lineId),
    hasChosen: ({ context }) => context.chosen.length > 0,
    addedAny: ({ context }) => addedAnything(context.results),
  },
  actions: {
    toggle: assign(({ context }, params: { lineId: number }) => ({
      chosen: context.lineIds.filter((id) =>
        id === params.lineId ? !context.chosen.includes(id) : context.chosen.includes(id),
      ),
    })),
    chooseAll: assign(({ context }) => ({ chosen: context.lineIds })),
    chooseNone: assign({ chosen: [] }),
    sendAll: assign({ sending: null, error: null }),
    sendChosen: assign(({ context }) => ({ sending: context.chosen, error: null })),
    storeResults: assign((_, params: { result: ReorderResult }) => ({ results: params.result.lines })),
    storeError: assign((_, params: { error: unknown }) => ({ error: errorMessage(params.error) })),
    forgetError: assign({ error: null }),
    startAgain: assign({ chosen: [], sending: null, results: [], error: null }),
    /** Opens the header's cart flyout; the app supplies it. */
    openCartFlyout: () => undefined,
  },
  delays: {
    resultsPause: RESULTS_PAUSE_MS,
  },
}).createMachine({
  id: 'reorder',
  context: ({ input }) => ({
    orderId: input.orderId,
    lineIds: input.lineIds,
    chosen: [],
    sending: null,
    results: [],
    error: null,
  }),
  initial: 'choosing',
  states: {
    choosing: {
      on: {
        'reorder.toggle': {
          guard: { type: 'isOrderLine', params: ({ event }) => ({ lineId: event.lineId }) },
          actions: { type: 'toggle', params: ({ event }) => ({ lineId: event.lineId }) },
        },
        'reorder.chooseAll': { actions: 'chooseAll' },
        'reorder.chooseNone': { actions: 'chooseNone' },
        'reorder.sendAll': { target: 'sending', actions: 'sendAll' },
        'reorder.sendChosen': { guard: 'hasChosen', target: 'sending', actions: 'sendChosen' },
      },
    },
    sending: {
      tags: ['busy'],
      invoke: {
        id: 'sendReorder',
        src: 'sendReorder',
        input: ({ context }) => ({ orderId: context.orderId, lineIds: context.sending }),
        onDone: {
          target: 'results',
          actions: { type: 'storeResults', params: ({ event }) => ({ result: event.output }) },
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    results: {
      after: { resultsPause: { guard: 'addedAny', target: 'done' } },
      on: {
        'reorder.openCart': { guard: 'addedAny', target: 'done' },
        'reorder.again': { target: 'choosing', actions: 'startAgain' },
      },
    },
    done: {
      entry: 'openCartFlyout',
      on: { 'reorder.again': { target: 'choosing', actions: 'startAgain' } },
    },
    failed: {
      on: {
        'reorder.retry': { target: 'sending', actions: 'forgetError' },
        'reorder.back': { target: 'choosing', actions: 'forgetError' },
      },
    },
  },
});
