import { assign, fromPromise, setup } from 'xstate';
import type { ImportCounts, ImportMode } from '../src/contract/imports';

export interface ImportJobInput {
  readonly jobId: number;
  readonly mode: ImportMode;
}

/** What reading the whole file found: how many rows, and how many of them were refused. */
export interface ValidationOutcome {
  readonly read: number;
  readonly failed: number;
}

export interface ApplyInput {
  readonly jobId: number;
  /** False for a dry run: everything is worked out in a transaction that is then rolled back. */
  readonly commit: boolean;
  /** True when every row must apply in one transaction (all-or-nothing). */
  readonly atomically: boolean;
}

export interface ImportJobContext {
  readonly jobId: number;
  readonly mode: ImportMode;
  counts: ImportCounts | null;
  validation: ValidationOutcome | null;
  failure: string | null;
}

export type ImportJobEvent = { type: 'job.start' } | { type: 'job.cancel' };

/** The sentence a job fails with when all-or-nothing meets a refused row. */
export const REFUSED_ROWS_FAILURE = 'Some rows were refused, so none was applied (all-or-nothing).';

function failureOf(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'The import stopped on an unexpected error.';
}

/**
 * One import job (docs/integration.md): queued until its runner starts it, then the whole file is validated (every
 * refused row named), then applied in batches. A dry run applies in a transaction it rolls back, so its counts are the
 * ones a real run would give; all-or-nothing applies nothing once a row is refused; row-wise applies the good rows.
 * Cancelling stops the running step (its actor sees the abort) between batches.
 */
export const importJobMachine = setup({
  types: {
    context: {} as ImportJobContext,
    events: {} as ImportJobEvent,
    input: {} as ImportJobInput,
  },
  actors: {
    validateFile: fromPromise<ValidationOutcome, { jobId: number }>(async () => {
      throw new Error('validateFile is supplied by the runner');
    }),
    applyRows: fromPromise<ImportCounts, ApplyInput>(async () => {
      throw new Error('applyRows is supplied by the runner');
    }),
  },
  guards: {
    refusedAllOrNothing: ({ context }, params: { outcome: ValidationOutcome }) =>
      context.mode === 'all-or-nothing' && params.outcome.failed > 0,
  },
  actions: {
    storeValidation: assign((_, params: { outcome: ValidationOutcome }) => ({ validation: params.outcome })),
    storeCounts: assign((_, params: { counts: ImportCounts }) => ({ counts: params.counts })),
    storeFailure: assign((_, params: { failure: string }) => ({ failure: params.failure })),
  },
}).createMachine({
  id: 'importJob',
  context: ({ input }) => ({ jobId: input.jobId, mode: input.mode, counts: null, validation: null, failure: null }),
  initial: 'queued',
  states: {
    queued: {
      on: { 'job.start': 'validating', 'job.cancel': 'cancelled' },
    },
    validating: {
      on: { 'job.cancel': 'cancelled' },
      invoke: {
        id: 'validateFile',
        src: 'validateFile',
        input: ({ context }) => ({ jobId: context.jobId }),
        onDone: [
          {
            guard: { type: 'refusedAllOrNothing', params: ({ event }) => ({ outcome: event.output }) },
            target: 'failed',
            actions: [
              { type: 'storeValidation', params: ({ event }) => ({ outcome: event.output }) },
              { type: 'storeFailure', params: { failure: REFUSED_ROWS_FAILURE } },
            ],
          },
          {
            target: 'applying',
            actions: { type: 'storeValidation', params: ({ event }) => ({ outcome: event.output }) },
          },
        ],
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    applying: {
      on: { 'job.cancel': 'cancelled' },
      invoke: {
        id: 'applyRows',
        src: 'applyRows',
        input: ({ context }) => ({
          jobId: context.jobId,
          commit: context.mode !== 'dry-run',
          atomically: context.mode === 'all-or-nothing',
        }),
        onDone: {
          target: 'done',
          actions: { type: 'storeCounts', params: ({ event }) => ({ counts: event.output }) },
        },
        onError: {
          target: 'failed',
          actions: { type: 'storeFailure', params: ({ event }) => ({ failure: failureOf(event.error) }) },
        },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final' },
    cancelled: { type: 'final' },
  },
});
