import { expect } from 'vitest';
import type { AttemptOutcome, DeliveryContext } from '../../../machines/delivery';
import type { SpecAssertions, SpecObservation } from '../support/model-harness';
import { enteredBy, isAnswerOf, lastEvent, outputOf, sentTo } from './trace';

/**
 * A delivery (a webhook, a mail) as docs/integration.md describes it: at least once, with exponential backoff for at least 24
 * hours (waits of 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h after the failed attempts), then dead, where it can be
 * replayed. Written from the docs, not read off the machine.
 */
const WAITS_SECONDS = [5, 5 * 60, 30 * 60, 2 * 3600, 5 * 3600, 10 * 3600, 10 * 3600];
const ATTEMPTS = WAITS_SECONDS.length + 1;

const contextOf = (observed: SpecObservation) => observed.snapshot.context as DeliveryContext;
const lastOutcome = (observed: SpecObservation) => {
  const event = lastEvent(observed);
  return event && isAnswerOf(event, 'attemptDelivery') ? (outputOf(event) as AttemptOutcome) : undefined;
};
/** Attempts since the delivery last started afresh (a replay starts it again). */
const attemptsSinceStart = (observed: SpecObservation) => {
  const replays = observed.trace.filter((entry) => entry.event.type === 'delivery.replay').length;
  const calls = sentTo(observed, 'attemptDelivery');
  return replays === 0 ? calls.length : calls.length - ATTEMPTS * replays;
};

export const deliverySpec: SpecAssertions = {
  '*': (observed) => {
    expect(contextOf(observed).attempts).toBeLessThanOrEqual(ATTEMPTS);
    expect(WAITS_SECONDS.reduce((sum, wait) => sum + wait, 0)).toBeGreaterThanOrEqual(24 * 3600);
  },
  pending: (observed) => {
    expect(contextOf(observed).attempts).toBe(0);
    expect(attemptsSinceStart(observed)).toBe(0);
  },
  delivering: (observed) => {
    const context = contextOf(observed);
    expect(sentTo(observed, 'attemptDelivery').at(-1)).toEqual({
      src: 'attemptDelivery',
      input: { deliveryId: context.deliveryId, attempt: context.attempts },
    });
    expect(attemptsSinceStart(observed)).toBe(context.attempts);
  },
  retrying: (observed) => {
    const outcome = lastOutcome(observed);
    const context = contextOf(observed);
    if (outcome === undefined) return;
    expect(outcome.delivered).toBe(false);
    expect(context.nextAttemptAt).toBe(outcome.at + (WAITS_SECONDS[context.attempts - 1] as number) * 1000);
    expect(context.lastError).toBe(outcome.error);
  },
  delivered: (observed) => {
    const outcome = lastOutcome(observed);
    expect(outcome?.delivered).toBe(true);
    expect(contextOf(observed).nextAttemptAt).toBeNull();
  },
  dead: (observed) => {
    const outcome = lastOutcome(observed);
    expect(enteredBy(observed)?.type).toBe('xstate.done.actor.attemptDelivery');
    expect(outcome?.delivered).toBe(false);
    // Dead only once every wait of the backoff was used up.
    expect(contextOf(observed).attempts).toBe(ATTEMPTS);
    expect(attemptsSinceStart(observed)).toBe(ATTEMPTS);
    expect(contextOf(observed).nextAttemptAt).toBeNull();
  },
};

const at = Date.UTC(2026, 10, 27, 3, 0, 0);

export const deliveryModelOptions = {
  spec: deliverySpec,
  inputs: { newDelivery: { deliveryId: 41 } },
  events: [
    { type: 'delivery.due' as const },
    { type: 'delivery.replay' as const, at: at + 86_400_000 * 2 },
    { type: 'xstate.done.actor.attemptDelivery' as const, output: { at, delivered: true, status: 204, error: null } },
    {
      type: 'xstate.done.actor.attemptDelivery' as const,
      output: { at, delivered: false, status: 500, error: 'answered HTTP 500' },
    },
    {
      type: 'xstate.done.actor.attemptDelivery' as const,
      output: { at, delivered: false, status: null, error: 'timed out' },
    },
  ],
};
