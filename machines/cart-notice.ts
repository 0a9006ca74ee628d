import { assign, fromPromise, setup } from 'xstate';
import { present } from './present';

/** SPEC.md §9: the cart notification shows for 3 s. */
export const NOTICE_DURATION_MS = 3_000;

export interface CartNoticeContext {
  /** The last count seen; null until the first load answers. */
  count: number | null;
  /** How the count changed for the notice on screen (positive: added). */
  change: number;
}

export type CartNoticeEvent =
  { type: 'session.signedIn' } | { type: 'session.signedOut' } | { type: 'cart.counted'; count: number };

/** 'N Item(s) Added to Cart' or 'N Item(s) Removed from Cart'. */
export function noticeText(change: number): string {
  return `${Math.abs(change)} Item(s) ${change > 0 ? 'Added to' : 'Removed from'} Cart`;
}

const countedParams = ({ event }: { event: Extract<CartNoticeEvent, { type: 'cart.counted' }> }) => ({
  count: event.count,
});

/**
 * The cart notification (SPEC.md §4): after the count changes, 'N Item(s) Added to Cart' or 'Removed from Cart'
 * for 3 s. The cart count loads only while signed in; the first count is the baseline and shows nothing.
 */
export const cartNoticeMachine = setup({
  types: {
    context: {} as CartNoticeContext,
    events: {} as CartNoticeEvent,
  },
  actors: {
    loadCount: fromPromise<number>(async () => {
      throw new Error('loadCount is supplied by the app');
    }),
  },
  guards: {
    /** A count after the baseline that differs from it (the first count is the baseline and shows nothing). */
    countChanged: ({ context }, params: { count: number }) => context.count !== null && params.count !== context.count,
  },
  actions: {
    rememberCount: assign((_, params: { count: number }) => ({ count: params.count })),
    // Only after countChanged: the baseline is there.
    noteChange: assign(({ context }, params: { count: number }) => ({
      change: params.count - present(context.count, 'The baseline count'),
    })),
    forget: assign({ count: null, change: 0 }),
  },
  delays: {
    noticeDuration: NOTICE_DURATION_MS,
  },
}).createMachine({
  id: 'cartNotice',
  context: { count: null, change: 0 },
  initial: 'signedOut',
  states: {
    signedOut: {
      on: { 'session.signedIn': 'loading' },
    },
    loading: {
      invoke: {
        id: 'loadCount',
        src: 'loadCount',
        onDone: {
          target: 'quiet',
          actions: { type: 'rememberCount', params: ({ event }) => ({ count: event.output }) },
        },
        onError: 'quiet',
      },
      on: { 'session.signedOut': { target: 'signedOut', actions: 'forget' } },
    },
    quiet: {
      on: {
        'cart.counted': [
          {
            guard: { type: 'countChanged', params: countedParams },
            target: 'showing',
            actions: [
              { type: 'noteChange', params: countedParams },
              { type: 'rememberCount', params: countedParams },
            ],
          },
          { actions: { type: 'rememberCount', params: countedParams } },
        ],
        'session.signedOut': { target: 'signedOut', actions: 'forget' },
      },
    },
    showing: {
      after: { noticeDuration: 'quiet' },
      on: {
        'cart.counted': {
          guard: { type: 'countChanged', params: countedParams },
          target: 'showing',
          reenter: true,
          actions: [
            { type: 'noteChange', params: countedParams },
            { type: 'rememberCount', params: countedParams },
          ],
        },
        'session.signedOut': { target: 'signedOut', actions: 'forget' },
      },
    },
  },
});
