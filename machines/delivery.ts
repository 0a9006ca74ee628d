import { assign, fromPromise, setup } from 'xstate';
import { present } from './present';

/** What one attempt came back with, as the transport judged it (a webhook's 2xx, the mail relay's acceptance). */
export interface AttemptOutcome {
  /** When the attempt ended, in milliseconds since the epoch: the backoff counts from here. */
  readonly at: number;
  readonly delivered: boolean;
  /** The receiver's status (a webhook's HTTP status); null when there was none (refused, timed out, not allowed). */
  readonly status: number | null;
  /** Why the attempt failed, in words for the dead-letter list; null when it delivered. */
  readonly error: string | null;
}

export interface DeliveryContext {
  readonly deliveryId: number;
  /** Attempts made so far, the one under way included. */
  attempts: number;
  /** When the next attempt may start (milliseconds since the epoch); null once delivered or dead. */
  nextAttemptAt: number | null;
  lastStatus: number | null;
  lastError: string | null;
}

export type DeliveryEvent = { type: 'delivery.due' } | { type: 'delivery.replay'; at: number };

/**
 * The waits after each failed attempt, in seconds: growing from seconds to hours, about 27 hours in all, so a
 * receiver that is down for a day still gets every event. After the last one fails, the delivery is dead.
 */
export const RETRY_BACKOFF_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000] as const;

/**
 * One message on its way to one receiver: an event to a webhook endpoint (docs/integration.md, Webhooks), a mail to
 * the mail relay (docs/operations.md, Mail). Pending until due, then delivering one attempt; an attempt the receiver
 * takes delivers it; a failure waits its backoff in retrying and is tried again when due, until the backoff is used
 * up and it is dead. A dead delivery is listed and may be replayed: it starts again as new.
 * The state is kept in the database between attempts, so a delivery outlives the server that started it.
 */
export const deliveryMachine = setup({
  types: {
    context: {} as DeliveryContext,
    events: {} as DeliveryEvent,
    input: {} as { deliveryId: number },
  },
  actors: {
    attemptDelivery: fromPromise<AttemptOutcome, { deliveryId: number; attempt: number }>(async () => {
      throw new Error('attemptDelivery is supplied by the transport');
    }),
  },
  guards: {
    succeeded: (_, params: { outcome: AttemptOutcome }) => params.outcome.delivered,
    backoffUsedUp: ({ context }) => context.attempts > RETRY_BACKOFF_SECONDS.length,
  },
  actions: {
    countAttempt: assign({ attempts: ({ context }) => context.attempts + 1 }),
    storeOutcome: assign((_, params: { outcome: AttemptOutcome }) => ({
      lastStatus: params.outcome.status,
      lastError: params.outcome.error,
    })),
    scheduleRetry: assign(({ context }, params: { outcome: AttemptOutcome }) => ({
      nextAttemptAt:
        params.outcome.at + present(RETRY_BACKOFF_SECONDS[context.attempts - 1], 'the wait after this attempt') * 1000,
    })),
    clearSchedule: assign({ nextAttemptAt: null }),
    startAfresh: assign((_, params: { at: number }) => ({
      attempts: 0,
      nextAttemptAt: params.at,
      lastStatus: null,
      lastError: null,
    })),
  },
}).createMachine({
  id: 'delivery',
  context: ({ input }) => ({
    deliveryId: input.deliveryId,
    attempts: 0,
    nextAttemptAt: null,
    lastStatus: null,
    lastError: null,
  }),
  initial: 'pending',
  states: {
    pending: {
      on: { 'delivery.due': { target: 'delivering', actions: 'countAttempt' } },
    },
    delivering: {
      invoke: {
        id: 'attemptDelivery',
        src: 'attemptDelivery',
        input: ({ context }) => ({ deliveryId: context.deliveryId, attempt: context.attempts }),
        onDone: [
          {
            guard: { type: 'succeeded', params: ({ event }) => ({ outcome: event.output }) },
            target: 'delivered',
            actions: [{ type: 'storeOutcome', params: ({ event }) => ({ outcome: event.output }) }, 'clearSchedule'],
          },
          {
            guard: 'backoffUsedUp',
            target: 'dead',
            actions: [{ type: 'storeOutcome', params: ({ event }) => ({ outcome: event.output }) }, 'clearSchedule'],
          },
          {
            target: 'retrying',
            actions: [
              { type: 'storeOutcome', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'scheduleRetry', params: ({ event }) => ({ outcome: event.output }) },
            ],
          },
        ],
      },
    },
    retrying: {
      on: { 'delivery.due': { target: 'delivering', actions: 'countAttempt' } },
    },
    delivered: { type: 'final' },
    dead: {
      on: {
        'delivery.replay': {
          target: 'pending',
          actions: { type: 'startAfresh', params: ({ event }) => ({ at: event.at }) },
        },
      },
    },
  },
});
