import type { EventObject } from 'xstate';
import type { SpecObservation, TraceEntry } from '../support/model-harness';

/**
 * Reading what happened on a path, for the SPEC.md assertions: the calls sent, and the events the real actor took
 * (the user's, its timers', its calls' answers as they really came back).
 */

export const lastSent = (observed: SpecObservation) => observed.sent.at(-1);

export const sentTo = (observed: SpecObservation, src: string) => observed.sent.filter((call) => call.src === src);

/** The event that brought the actor where it is now. */
export const lastEvent = (observed: SpecObservation): EventObject | undefined => observed.trace.at(-1)?.event;

export const isAnswerOf = (event: EventObject, id: string) => event.type === `xstate.done.actor.${id}`;

export const isFailureOf = (event: EventObject, id: string) => event.type === `xstate.error.actor.${id}`;

export const isTimer = (event: EventObject) => event.type.startsWith('xstate.after.');

export const outputOf = (event: EventObject): unknown => (event as EventObject & { output?: unknown }).output;

export const errorOf = (event: EventObject): unknown => (event as EventObject & { error?: unknown }).error;

/** The trace entries after the last one that matches (the whole trace when none does). */
export function since(trace: readonly TraceEntry[], matches: (entry: TraceEntry) => boolean): readonly TraceEntry[] {
  const index = trace.findLastIndex(matches);
  return index < 0 ? trace : trace.slice(index + 1);
}

/** The event that brought the actor into the state value it is in now (later events may have left it there). */
export function enteredBy(observed: SpecObservation): EventObject | undefined {
  const now = JSON.stringify(observed.snapshot.value);
  let index = observed.trace.length - 1;
  while (index > 0 && JSON.stringify(observed.trace[index - 1]?.snapshot.value) === now) index -= 1;
  return observed.trace[index]?.event;
}
