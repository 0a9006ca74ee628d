import { describe, expect, it } from 'vitest';
import { uploadMachine } from '../../machines/upload';
import { createMachineModel } from './support/model-harness';

const photo = { name: 'sidewall.jpg', size: 2000, type: 'image/jpeg' };
const target = { sasUri: 'http://127.0.0.1:10000/devstoreaccount1/uploads/C1/2026-11/a.jpg?sv=x', fileName: 'C1/2026-11/a.jpg' };

const model = createMachineModel(uploadMachine, {
  inputs: { 'a 2000-byte photo': { file: photo } },
  events: [
    { type: 'xstate.done.actor.requestUploadTarget', output: target },
    { type: 'xstate.done.actor.requestUploadTarget', output: { fileName: target.fileName } },
    { type: 'xstate.error.actor.requestUploadTarget', error: new Error('Recaptcha token is invalid.') },
    { type: 'upload.progress', loaded: 500 },
    { type: 'xstate.done.actor.uploadBlob' },
    { type: 'xstate.error.actor.uploadBlob', error: new Error('network down') },
    { type: 'xstate.done.actor.setBlobMetadata' },
    { type: 'xstate.error.actor.setBlobMetadata', error: new Error('403') },
  ],
  describeEvent: (event) =>
    event.type === 'xstate.done.actor.requestUploadTarget' && 'output' in event
      ? (event.output as { sasUri?: string }).sasUri
        ? 'target received'
        : 'target without sasUri'
      : event.type === 'upload.progress' && 'loaded' in event
        ? `upload.progress(${String(event.loaded)})`
        : event.type,
});

describe('upload machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(4);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});
