import { expect } from 'vitest';
import type { ImportJobContext } from '../../../machines/import-job';
import type { SpecAssertions, SpecObservation } from '../support/model-harness';
import { errorOf, isAnswerOf, isFailureOf, lastEvent, outputOf } from './trace';

/**
 * An import job as docs/integration.md describes it: the whole file is validated before anything is applied; a dry
 * run applies in a transaction it rolls back; all-or-nothing applies nothing once a row is refused, and everything in
 * one transaction otherwise; row-wise applies the good rows. Written from the docs, not read off the machine.
 */
const contextOf = (observed: SpecObservation) => observed.snapshot.context as ImportJobContext;
const modeOf = (observed: SpecObservation) => (observed.input as { mode: string }).mode;
const srcs = (observed: SpecObservation) => observed.sent.map((call) => call.src);

export const importJobSpec: SpecAssertions = {
  // Validation first, application only after it, each once.
  '*': (observed) => {
    expect(['validateFile', 'applyRows'].slice(0, observed.sent.length)).toEqual(srcs(observed));
  },
  queued: (observed) => expect(observed.sent).toEqual([]),
  validating: (observed) => {
    expect(observed.sent).toEqual([{ src: 'validateFile', input: { jobId: contextOf(observed).jobId } }]);
  },
  applying: (observed) => {
    const mode = modeOf(observed);
    expect(observed.sent.at(-1)).toEqual({
      src: 'applyRows',
      input: { jobId: contextOf(observed).jobId, commit: mode !== 'dry-run', atomically: mode === 'all-or-nothing' },
    });
    // All-or-nothing reaches the application only when validation refused no row.
    if (mode === 'all-or-nothing') expect(contextOf(observed).validation?.failed).toBe(0);
  },
  done: (observed) => {
    const event = lastEvent(observed);
    expect(event && isAnswerOf(event, 'applyRows')).toBe(true);
    expect(contextOf(observed).counts).toEqual(event ? outputOf(event) : undefined);
    expect(contextOf(observed).failure).toBeNull();
  },
  failed: (observed) => {
    const event = lastEvent(observed);
    const failure = contextOf(observed).failure;
    if (event && isAnswerOf(event, 'validateFile')) {
      // Only all-or-nothing fails on refused rows, and says so.
      expect(modeOf(observed)).toBe('all-or-nothing');
      expect(failure).toMatch(/none was applied/);
    } else {
      expect(event && (isFailureOf(event, 'validateFile') || isFailureOf(event, 'applyRows'))).toBe(true);
      const error = event ? errorOf(event) : undefined;
      expect(failure).toBe(
        error instanceof Error && error.message ? error.message : 'The import stopped on an unexpected error.',
      );
    }
  },
  // Cancelling ends the job where it was, and nothing is started after it.
  cancelled: (observed) => expect(lastEvent(observed)?.type).toBe('job.cancel'),
};

const counts = { read: 3, created: 1, updated: 1, unchanged: 0, failed: 1 };

export const importJobModelOptions = {
  spec: importJobSpec,
  inputs: {
    rowWise: { jobId: 7, mode: 'row-wise' as const },
    allOrNothing: { jobId: 8, mode: 'all-or-nothing' as const },
    dryRun: { jobId: 9, mode: 'dry-run' as const },
  },
  events: [
    { type: 'job.start' as const },
    { type: 'job.cancel' as const },
    { type: 'xstate.done.actor.validateFile' as const, output: { read: 3, failed: 0 } },
    { type: 'xstate.done.actor.validateFile' as const, output: { read: 3, failed: 1 } },
    { type: 'xstate.error.actor.validateFile' as const, error: new Error("The file has no column 'sku'.") },
    { type: 'xstate.done.actor.applyRows' as const, output: counts },
    { type: 'xstate.error.actor.applyRows' as const, error: new Error('') },
  ],
};
