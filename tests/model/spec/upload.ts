import { expect } from 'vitest';
import type { UploadContext, UploadFile } from '../../../machines/upload';
import type { UploadTarget } from '../../../src/contract/upload';
import type { SpecAssertions, SpecObservation } from '../support/model-harness';
import { errorOf, isAnswerOf, isFailureOf, lastEvent, outputOf } from './trace';

/**
 * SPEC.md §7 'File upload' and Upload/Token, §5 and §8, per state: the browser asks for a signed storage location for
 * the file, uploads the file there directly with its content type, then sets the file's metadata; without sasUri or
 * fileName nothing is uploaded, and any failure is logged and the upload reports failure.
 */
const contextOf = (observed: SpecObservation) => observed.snapshot.context as UploadContext;
const fileOf = (observed: SpecObservation) => (observed.input as { file: UploadFile }).file;

/** The storage location the server gave, once it answered. */
function targetOf(observed: SpecObservation): Partial<UploadTarget> | undefined {
  const answer = observed.trace.find((entry) => isAnswerOf(entry.event, 'requestUploadTarget'));
  return answer ? (outputOf(answer.event) as Partial<UploadTarget>) : undefined;
}

const srcs = (observed: SpecObservation) => observed.sent.map((call) => call.src);

export const uploadSpec: SpecAssertions = {
  // The three calls, in that order, each once; progress from 0 to 1, never back.
  '*': (observed) => {
    expect(['requestUploadTarget', 'uploadBlob', 'setBlobMetadata'].slice(0, observed.sent.length)).toEqual(
      srcs(observed),
    );
    const progress = observed.trace.map((entry) => (entry.snapshot.context as UploadContext).progress);
    for (const [index, value] of progress.entries()) {
      expect(value).toBeGreaterThanOrEqual(index > 0 ? (progress[index - 1] ?? 0) : 0);
      expect(value).toBeLessThanOrEqual(1);
    }
  },
  // First the signed location for this file.
  requestingCredentials: (observed) => {
    expect(observed.sent.at(-1)).toEqual({
      src: 'requestUploadTarget',
      input: { fileName: fileOf(observed).name, fileSize: fileOf(observed).size },
    });
  },
  // The file itself, straight to the location given, only when it has both sasUri and fileName.
  uploading: (observed) => {
    const target = targetOf(observed);
    expect(target?.sasUri).toBeTruthy();
    expect(target?.fileName).toBeTruthy();
    expect(observed.sent.at(-1)).toMatchObject({ src: 'uploadBlob', input: { file: fileOf(observed), target } });
  },
  // Then the metadata of the same file, once its bytes are all there.
  settingMetadata: (observed) => {
    expect(observed.sent.at(-1)).toEqual({
      src: 'setBlobMetadata',
      input: { file: fileOf(observed), target: targetOf(observed) },
    });
    expect(contextOf(observed).progress).toBe(1);
  },
  // Done only when all three succeeded.
  done: (observed) => {
    expect(srcs(observed)).toEqual(['requestUploadTarget', 'uploadBlob', 'setBlobMetadata']);
    expect(isAnswerOf(lastEvent(observed) ?? { type: 'none' }, 'setBlobMetadata')).toBe(true);
  },
  // Failed: a call failed (its error kept for the log), or the location lacked sasUri or fileName and nothing was uploaded.
  failed: (observed) => {
    const event = lastEvent(observed) ?? { type: 'none' };
    const target = targetOf(observed);
    if (isAnswerOf(event, 'requestUploadTarget')) {
      expect(Boolean(target?.sasUri && target.fileName), 'a complete location is used').toBe(false);
      expect(srcs(observed)).toEqual(['requestUploadTarget']);
    } else {
      expect(['requestUploadTarget', 'uploadBlob', 'setBlobMetadata'].some((id) => isFailureOf(event, id))).toBe(true);
      const thrown = errorOf(event);
      expect(contextOf(observed).error?.message).toBe(thrown instanceof Error ? thrown.message : 'The upload failed');
    }
  },
};

export const sidewallPhoto = { name: 'sidewall.jpg', size: 2000, type: 'image/jpeg' };
export const uploadTarget = {
  sasUri: 'http://127.0.0.1:10000/devstoreaccount1/uploads/C1/2026-11/a.jpg?sv=x',
  fileName: 'C1/2026-11/a.jpg',
};

/** The upload's model: a complete and an incomplete location, progress, and each call's success or failure. */
export const uploadModelOptions = {
  spec: uploadSpec,
  inputs: { 'a 2000-byte photo': { file: sidewallPhoto } },
  events: [
    { type: 'xstate.done.actor.requestUploadTarget', output: uploadTarget },
    { type: 'xstate.done.actor.requestUploadTarget', output: { fileName: uploadTarget.fileName } },
    { type: 'xstate.error.actor.requestUploadTarget', error: new Error('Recaptcha token is invalid.') },
    { type: 'upload.progress', loaded: 500 },
    { type: 'xstate.done.actor.uploadBlob' },
    { type: 'xstate.error.actor.uploadBlob', error: new Error('network down') },
    { type: 'xstate.done.actor.setBlobMetadata' },
    { type: 'xstate.error.actor.setBlobMetadata', error: new Error('403') },
  ],
  describeEvent: (event: { type: string; output?: unknown; loaded?: unknown }) =>
    event.type === 'xstate.done.actor.requestUploadTarget'
      ? (event.output as { sasUri?: string }).sasUri
        ? 'target received'
        : 'target without sasUri'
      : event.type === 'upload.progress'
        ? `upload.progress(${String(event.loaded)})`
        : event.type,
} as const;
