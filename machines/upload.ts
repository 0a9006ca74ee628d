import { assign, fromPromise, setup } from 'xstate';
import type { UploadTarget } from '../src/contract/upload';

/** A file as the machine needs it: the browser's File satisfies this. */
export interface UploadFile {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

export interface UploadContext {
  file: UploadFile;
  target: Partial<UploadTarget> | null;
  /** 0 to 1. */
  progress: number;
  error: unknown;
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

function completeTarget(target: Partial<UploadTarget> | null): target is UploadTarget {
  return Boolean(target?.sasUri && target.fileName);
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
    hasUploadTarget: (_, params: { target: Partial<UploadTarget> }) => completeTarget(params.target),
  },
  actions: {
    keepTarget: assign((_, params: { target: Partial<UploadTarget> }) => ({ target: params.target })),
    keepProgress: assign({
      progress: ({ context, event }) =>
        event.type === 'upload.progress' && context.file.size > 0 ? Math.min(1, Math.max(0, event.loaded / context.file.size)) : context.progress,
    }),
    completeProgress: assign({ progress: 1 }),
    keepError: assign({ error: ({ event }) => ('error' in event ? event.error : null) }),
    keepMissingTarget: assign((_, params: { target: Partial<UploadTarget> }) => ({
      target: params.target,
      error: new Error('The upload target has no sasUri or fileName'),
    })),
    logFailure: () => {},
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
          { target: 'failed', actions: { type: 'keepMissingTarget', params: ({ event }) => ({ target: event.output }) } },
        ],
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    uploading: {
      tags: ['busy'],
      on: { 'upload.progress': { actions: 'keepProgress' } },
      invoke: {
        id: 'uploadBlob',
        src: 'uploadBlob',
        input: ({ context, self }) => ({ file: context.file, target: context.target as UploadTarget, progressTo: self }),
        onDone: { target: 'settingMetadata', actions: 'completeProgress' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    settingMetadata: {
      tags: ['busy'],
      invoke: {
        id: 'setBlobMetadata',
        src: 'setBlobMetadata',
        input: ({ context }) => ({ file: context.file, target: context.target as UploadTarget }),
        onDone: { target: 'done' },
        onError: { target: 'failed', actions: 'keepError' },
      },
    },
    done: { type: 'final' },
    failed: { type: 'final', entry: 'logFailure' },
  },
});
