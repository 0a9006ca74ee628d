import { assign, fromPromise, setup } from 'xstate';
import type { UploadTarget } from '../src/contract/upload';
import { present } from './present';

/** A file as the machine needs it: the browser's File satisfies this. */
export interface UploadFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** Why an upload failed, for the log (SPEC.md §8: upload failures are logged). */
export interface UploadFailure {
  readonly message: string;
  /** The error thrown, when it was one, so the log keeps its stack. */
  readonly cause?: Error;
}

export interface UploadContext {
  file: UploadFile;
  /** Set once Upload/Token answered with a complete target. */
  target: UploadTarget | null;
  /** 0 to 1. */
  progress: number;
  error: UploadFailure | null;
}

export type UploadEvent = { type: 'upload.progress'; loaded: number };

export interface BlobWriteInput {
  readonly file: UploadFile;
  readonly target: UploadTarget;
}

export interface BlobUploadInput extends BlobWriteInput {
  /** Where the upload reports its bytes sent, as `upload.progress`. */
  readonly progressTo: { send(event: UploadEvent): void };
}

function completeTarget(target: Partial<UploadTarget>): UploadTarget | null {
  return target.sasUri && target.fileName ? { ...target, sasUri: target.sasUri, fileName: target.fileName } : null;
}

function uploadFailureOf(error: unknown): UploadFailure {
  return error instanceof Error ? { message: error.message, cause: error } : { message: 'The upload failed' };
}

/** The target of the uploading states: they are reached only through hasUploadTarget. */
function heldTarget(context: UploadContext): UploadTarget {
  return present(context.target, 'The upload target');
}

/**
 * One file straight to blob storage (SPEC.md §3, §5, §7 'File upload'): credentials from Upload/Token, the bytes
 * with their content type (progress reported as `upload.progress`), then the OriginalFileName metadata. A target
 * without sasUri or fileName fails without uploading; any failure is logged and ends in `failed`.
 */
export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as { file: UploadFile },
  },
  actors: {
    requestUploadTarget: fromPromise<Partial<UploadTarget>, { fileName: string; fileSize: number }>(async () => {
      throw new Error('requestUploadTarget is supplied by the app');
    }),
    uploadBlob: fromPromise<void, BlobUploadInput>(async () => {
      throw new Error('uploadBlob is supplied by the app');
    }),
    setBlobMetadata: fromPromise<void, BlobWriteInput>(async () => {
      throw new Error('setBlobMetadata is supplied by the app');
    }),
  },
  guards: {
    hasUploadTarget: (_, params: { target: Partial<UploadTarget> }) => completeTarget(params.target) !== null,
  },
  actions: {
    keepTarget: assign((_, params: { target: Partial<UploadTarget> }) => ({ target: completeTarget(params.target) })),
    keepProgress: assign({
      progress: ({ context, event }) =>
        event.type === 'upload.progress' && context.file.size > 0
          ? Math.min(1, Math.max(0, event.loaded / context.file.size))
          : context.progress,
    }),
    completeProgress: assign({ progress: 1 }),
    keepError: assign((_, params: { error: unknown }) => ({ error: uploadFailureOf(params.error) })),
    keepMissingTarget: assign((_, params: { target: Partial<UploadTarget> }) => ({
      error: { message: `The upload target has no ${params.target.sasUri ? 'fileName' : 'sasUri'}` },
    })),
    /** The app logs the failure (context.error). */
    logFailure: () => undefined,
  },
}).createMachine({
  id: 'upload',
  context: ({ input }) => ({ file: input.file, target: null, progress: 0, error: null }),
  initial: 'requestingCredentials',
  states: {
    requestingCredentials: {
      tags: ['busy'],
      invoke: {
        id: 'requestUploadTarget',
        src: 'requestUploadTarget',
        input: ({ context }) => ({ fileName: context.file.name, fileSize: context.file.size }),
        onDone: [
          {
            guard: { type: 'hasUploadTarget', params: ({ event }) => ({ target: event.output }) },
            target: 'uploading',
            actions: { type: 'keepTarget', params: ({ event }) => ({ target: event.output }) },
          },
          {
            target: 'failed',
            actions: { type: 'keepMissingTarget', params: ({ event }) => ({ target: event.output }) },
          },
        ],
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    uploading: {
      tags: ['busy'],
      on: { 'upload.progress': { actions: 'keepProgress' } },
      invoke: {
        id: 'uploadBlob',
        src: 'uploadBlob',
        input: ({ context, self }) => ({ file: context.file, target: heldTarget(context), progressTo: self }),
        onDone: { target: 'settingMetadata', actions: 'completeProgress' },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    settingMetadata: {
      tags: ['busy'],
      invoke: {
        id: 'setBlobMetadata',
        src: 'setBlobMetadata',
        input: ({ context }) => ({ file: context.file, target: heldTarget(context) }),
        onDone: { target: 'done' },
        onError: { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final', entry: 'logFailure' },
  },
});
