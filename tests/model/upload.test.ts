import { describe, expect, it } from 'vitest';
import { uploadMachine } from '../../machines/upload';
import { uploadModelOptions } from './spec/upload';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(uploadMachine, uploadModelOptions);

describe('upload machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(4);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});
