import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, toPromise } from 'xstate';
import { importJobMachine } from '../../machines/import-job';
import { importJobModelOptions } from './spec/import-job';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(importJobMachine, importJobModelOptions);

describe('import job machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThanOrEqual(10);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('an import job with real actors', () => {
  it('a dry run validates, then applies without committing, and ends done with the counts', async () => {
    const applied: unknown[] = [];
    const actor = createActor(
      importJobMachine.provide({
        actors: {
          validateFile: fromPromise(async () => ({ read: 2, failed: 0 })),
          applyRows: fromPromise(async ({ input }) => {
            applied.push(input);
            return { read: 2, created: 2, updated: 0, unchanged: 0, failed: 0 };
          }),
        },
      }),
      { input: { jobId: 3, mode: 'dry-run' } },
    ).start();
    actor.send({ type: 'job.start' });
    await toPromise(actor);
    expect(actor.getSnapshot().value).toBe('done');
    expect(applied).toEqual([{ jobId: 3, commit: false, atomically: false }]);
  });
});
