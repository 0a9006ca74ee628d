import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { reorderMachine } from '../../machines/reorder';
import { createMachineModel } from './support/model-harness';
import { reorderModelOptions, someAdded } from './spec/reorder';

const model = createMachineModel(reorderMachine, reorderModelOptions);

describe('reorder machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThanOrEqual(8);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('reorder with a real actor', () => {
  it('sends the ticked lines in the order’s order and opens the cart once the results have shown', async () => {
    const sent: unknown[] = [];
    let opened = 0;
    const actor = createActor(
      reorderMachine.provide({
        actors: {
          sendReorder: fromPromise(async ({ input }) => {
            sent.push(input);
            return someAdded;
          }),
        },
        actions: { openCartFlyout: () => void opened++ },
        delays: { resultsPause: 0 },
      }),
      { input: { orderId: 7, lineIds: [11, 12, 13] } },
    ).start();
    actor.send({ type: 'reorder.toggle', lineId: 13 });
    actor.send({ type: 'reorder.toggle', lineId: 11 });
    actor.send({ type: 'reorder.sendChosen' });
    await new Promise<void>((resolve) => actor.subscribe((snapshot) => snapshot.matches('done') && resolve()));
    expect(sent).toEqual([{ orderId: 7, lineIds: [11, 13] }]);
    expect(opened).toBe(1);
  });

  it('opens the cart on its own exactly 1.5 s after the results came, when something was added', async () => {
    vi.useFakeTimers();
    try {
      let opened = 0;
      const actor = createActor(
        reorderMachine.provide({
          actors: { sendReorder: fromPromise(async () => someAdded) },
          actions: { openCartFlyout: () => void opened++ },
        }),
        { input: { orderId: 7, lineIds: [11, 12, 13] } },
      ).start();
      actor.send({ type: 'reorder.sendAll' });
      await vi.advanceTimersByTimeAsync(0);
      expect(actor.getSnapshot().value).toBe('results');
      await vi.advanceTimersByTimeAsync(1_499);
      expect(opened).toBe(0);
      await vi.advanceTimersByTimeAsync(1);
      expect(opened).toBe(1);
      expect(actor.getSnapshot().value).toBe('done');
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
