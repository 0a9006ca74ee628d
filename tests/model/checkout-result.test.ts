import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { type CompleteRequest, checkoutResultMachine } from '../../machines/checkout-result';
import { checkoutResultModelOptions, onAccount } from './spec/checkout-result';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(checkoutResultMachine, checkoutResultModelOptions);

describe('checkout result machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(8);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('placing the order', () => {
  it('shows the busy overlay exactly 1000 ms after submitting', async () => {
    vi.useFakeTimers();
    try {
      const actor = createActor(
        checkoutResultMachine.provide({ actors: { completeOrder: fromPromise(() => new Promise(() => undefined)) } }),
      ).start();
      actor.send({ type: 'checkout.submit', body: onAccount, freshKey: 'k' });
      vi.advanceTimersByTime(999);
      expect(actor.getSnapshot().matches({ submitting: 'quiet' })).toBe(true);
      vi.advanceTimersByTime(1);
      expect(actor.getSnapshot().matches({ submitting: 'busy' })).toBe(true);
      actor.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('reuses the Idempotency-Key after a lost answer and takes a new one after a refusal', async () => {
    const requests: CompleteRequest[] = [];
    const outcomes = [
      { message: 'A communication error has occurred', outcomeUnknown: true },
      { message: 'Credit limit reached', outcomeUnknown: false },
    ];
    const actor = createActor(
      checkoutResultMachine.provide({
        actors: {
          completeOrder: fromPromise(async ({ input }) => {
            if (input) requests.push(input);
            const outcome = outcomes.shift();
            if (outcome) throw outcome;
            return { orderResult: 'Completed', orderId: 7 };
          }),
        },
      }),
    ).start();
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'checkout.submit', body: onAccount, freshKey: 'first' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('A communication error has occurred');
    actor.send({ type: 'checkout.submit', body: onAccount, freshKey: 'second' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Credit limit reached');
    actor.send({ type: 'checkout.submit', body: onAccount, freshKey: 'third' });
    await settle();
    expect(requests.map((request) => request.idempotencyKey)).toEqual(['first', 'first', 'third']);
    expect(actor.getSnapshot().value).toBe('completed');
    expect(actor.getSnapshot().context.orderId).toBe(7);
    actor.stop();
  });
});
