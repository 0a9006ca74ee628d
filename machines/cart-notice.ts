import { assign, fromPromise, setup } from 'xstate';

/** SPEC.md §9: the cart notification shows for 3 s. */
export const NOTICE_DURATION_MS = 3_000;

export interface CartNoticeContext {
  /** The last count seen; null until the first load answers. */
  count: number | null;
  /** How the count changed for the notice on screen (positive: added). */
  change: number;
}

export type CartNoticeEvent =
  | { type: 'session.signedIn' }
  | { type: 'session.signedOut' }
  | { type: 'cart.counted'; count: number };

/** 'N Item(s) Added to Cart' or 'N Item(s) Removed from Cart'. */
export function noticeText(change: number): string {
  return `${Math.abs(change)} Item(s) ${change > 0 ? 'Added to' : 'Removed from'} Cart`;
}

const countOf = (event: CartNoticeEvent) => (event.type === 'cart.counted' ? event.count : null);

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
    countChanged: ({ context, event }) => {
      const count = countOf(event);
      return count !== null && context.count !== null && count !== context.count;
    },
  },
  actions: {
    rememberLoadedCount: assign({ count: ({ event }) => ('output' in event && typeof event.output === 'number' ? event.output : null) }),
    rememberCount: assign({ count: ({ context, event }) => countOf(event) ?? context.count }),
    noteChange: assign({ change: ({ context, event }) => (countOf(event) ?? 0) - (context.count ?? 0) }),
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
        onDone: { target: 'quiet', actions: 'rememberLoadedCount' },
        onError: 'quiet',
      },
      on: { 'session.signedOut': { target: 'signedOut', actions: 'forget' } },
    },
    quiet: {
      on: {
        'cart.counted': [
          { guard: 'countChanged', target: 'showing', actions: ['noteChange', 'rememberCount'] },
          { actions: 'rememberCount' },
        ],
        'session.signedOut': { target: 'signedOut', actions: 'forget' },
      },
    },
    showing: {
      after: { noticeDuration: 'quiet' },
      on: {
        'cart.counted': { guard: 'countChanged', target: 'showing', reenter: true, actions: ['noteChange', 'rememberCount'] },
        'session.signedOut': { target: 'signedOut', actions: 'forget' },
      },
    },
  },
});
