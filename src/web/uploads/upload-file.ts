import { type ActorRefFrom, type AnyActorLogic, type InspectionEvent, createActor, fromPromise, waitFor } from 'xstate';
import { type BlobUploadInput, type BlobWriteInput, type UploadFile, uploadMachine } from '../../../machines/upload';
import type { UploadTarget } from '../../contract/upload';
import { actorOptions } from '../dev/actor-options';

export type UploadActor = ActorRefFrom<typeof uploadMachine>;

/** The outside parties of an upload: Upload/Token, and the blob storage the SAS points at. */
export interface UploadServices<F extends UploadFile> {
  requestUploadTarget(file: { fileName: string; fileSize: number }): Promise<Partial<UploadTarget>>;
  uploadBlob(input: BlobUploadInput & { file: F }): Promise<void>;
  setBlobMetadata(input: BlobWriteInput & { file: F }): Promise<void>;
  /** Where a failure is logged (SPEC.md §8: upload failures are logged). */
  log(message: string, error: unknown): void;
}

/** Tests: actors that replace the services', and an observer of every microstep (the model-based view test). */
export interface UploadOverrides {
  readonly actors?: Partial<Record<'requestUploadTarget' | 'uploadBlob' | 'setBlobMetadata', AnyActorLogic>>;
  readonly inspect?: (event: InspectionEvent) => void;
}

/**
 * SPEC.md §5's upload helper, as a running upload machine: `result` is true once the blob and its metadata are
 * written, and false (without uploading) when the target lacks sasUri or fileName, or on any error, which is logged.
 */
export function startUpload<F extends UploadFile>(
  file: F,
  services: UploadServices<F>,
  overrides: UploadOverrides = {},
): { actor: UploadActor; result: Promise<boolean> } {
  const provided = uploadMachine.provide({
    actors: {
      requestUploadTarget: fromPromise(({ input }) => services.requestUploadTarget(input)),
      uploadBlob: fromPromise(({ input }) => services.uploadBlob({ ...input, file })),
      setBlobMetadata: fromPromise(({ input }) => services.setBlobMetadata({ ...input, file })),
    },
    actions: {
      logFailure: ({ context }) => services.log(`Upload of ${file.name} failed`, context.error?.cause ?? context.error),
    },
  });
  const logic = overrides.actors ? provided.provide({ actors: overrides.actors as never }) : provided;
  const actor = createActor(logic, {
    ...actorOptions(`upload:${file.name}`),
    ...(overrides.inspect ? { inspect: overrides.inspect } : {}),
    input: { file },
  }).start();
  const result = waitFor(actor, (snapshot) => snapshot.status === 'done', { timeout: Infinity }).then((snapshot) =>
    snapshot.matches('done'),
  );
  return { actor, result };
}
