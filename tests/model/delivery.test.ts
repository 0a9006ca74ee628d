import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { type AttemptOutcome, deliveryMachine } from '../../machines/delivery';
import { deliveryModelOptions } from './spec/delivery';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(deliveryMachine, deliveryModelOptions);

describe('delivery machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThanOrEqual(5);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('a delivery to a receiver that is down', () => {
  it('is tried 8 times over more than 24 hours, then dead', async () => {
    let now = Date.UTC(2026, 10, 27, 0, 0, 0);
    const started = now;
    const actor = createActor(
      deliveryMachine.provide({
        actors: {
          attemptDelivery: fromPromise(async (): Promise<AttemptOutcome> => ({
            at: now,
            delivered: false,
            status: 503,
            error: 'answered HTTP 503',
          })),
        },
      }),
      { input: { deliveryId: 1 } },
    ).start();
    let attempts = 0;
    while (actor.getSnapshot().status === 'active' && !actor.getSnapshot().matches('dead')) {
      actor.send({ type: 'delivery.due' });
      attempts += 1;
      const settled = await waitFor(actor, (snapshot) => !snapshot.matches('delivering'));
      if (settled.context.nextAttemptAt !== null) now = settled.context.nextAttemptAt;
    }
    expect(attempts).toBe(8);
    expect(now - started).toBeGreaterThanOrEqual(24 * 3600 * 1000);
  });
});
