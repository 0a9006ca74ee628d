import { expect } from 'vitest';
import type { CartNoticeContext } from '../../../machines/cart-notice';
import type { SpecAssertions, SpecObservation, TraceEntry } from '../support/model-harness';
import { enteredBy, isAnswerOf, isFailureOf, isTimer, lastEvent, lastSent, outputOf, sentTo, since } from './trace';

/**
 * SPEC.md §4 'Cart notification' and §9, per state: after the count changes, 'N Item(s) Added to Cart' or 'Removed
 * from Cart' shows for 3 seconds; the cart count loads only when logged in. Written from the spec: which change the
 * notice must show, and for how long, is worked out from what the actor was told, not read off the machine.
 */
const NOTICE_MS = 3_000;

const contextOf = (observed: SpecObservation) => observed.snapshot.context as CartNoticeContext;

interface CountChange {
  readonly delta: number;
  readonly at: number;
}

/**
 * The changes of the count the user had, since the last sign-in: the first count (loaded, or the first reported
 * after the load failed) is where the user starts, not a change.
 */
function countChanges(trace: readonly TraceEntry[]): CountChange[] {
  const changes: CountChange[] = [];
  let known: number | null = null;
  let loaded = false;
  for (const entry of since(trace, (candidate) => candidate.event.type === 'session.signedIn')) {
    if (isAnswerOf(entry.event, 'loadCount')) {
      const output = outputOf(entry.event);
      known = typeof output === 'number' ? output : known;
    }
    if (isAnswerOf(entry.event, 'loadCount') || isFailureOf(entry.event, 'loadCount')) loaded = true;
    // Until the load has answered, the user has no count yet (a view may report its placeholder meanwhile).
    if (entry.event.type === 'cart.counted' && loaded) {
      const { count } = entry.event as { type: 'cart.counted'; count: number };
      if (known !== null && count !== known) changes.push({ delta: count - known, at: entry.at });
      known = count;
    }
  }
  return changes;
}

const signedIn = (entry: TraceEntry) => entry.event.type === 'session.signedIn';

export const cartNoticeSpec: SpecAssertions = {
  // Cart loading happens only when logged in: one count per sign-in at most.
  '*': (observed) => {
    expect(sentTo(observed, 'loadCount').length).toBeLessThanOrEqual(observed.trace.filter(signedIn).length);
  },
  // Signed out: no notice, and nothing of the previous customer's cart is remembered for the next one.
  signedOut: (observed) => {
    expect(contextOf(observed)).toEqual({ count: null, change: 0 });
  },
  // Signing in loads the count.
  loading: (observed) => {
    expect(enteredBy(observed)?.type).toBe('session.signedIn');
    expect(lastSent(observed)?.src).toBe('loadCount');
  },
  // No notice: the count has not changed in the last 3 seconds; a notice that just went had shown for exactly 3 s.
  quiet: (observed) => {
    const latest = countChanges(observed.trace).at(-1);
    if (latest) expect(observed.now - latest.at).toBeGreaterThanOrEqual(NOTICE_MS);
    const event = lastEvent(observed);
    if (event && isTimer(event)) expect(observed.now - (latest?.at ?? 0), 'the notice shows for 3 s').toBe(NOTICE_MS);
  },
  // The notice shows the latest change of the count (added when positive), for 3 seconds from that change.
  showing: (observed) => {
    const latest = countChanges(observed.trace).at(-1);
    expect(latest, 'a notice shows only after the count changed').toBeDefined();
    if (!latest) return;
    expect(observed.now - latest.at).toBeLessThan(NOTICE_MS);
    expect(contextOf(observed).change).toBe(latest.delta);
  },
};

/** The cart notice's model: signed out and in, the count's load answered or failed, and counts that change or not. */
export const cartNoticeModelOptions = {
  spec: cartNoticeSpec,
  events: [
    { type: 'session.signedIn' },
    { type: 'session.signedOut' },
    { type: 'xstate.done.actor.loadCount', output: 2 },
    { type: 'xstate.error.actor.loadCount', error: new Error('offline') },
    { type: 'cart.counted', count: 2 },
    { type: 'cart.counted', count: 6 },
  ],
} as const;
