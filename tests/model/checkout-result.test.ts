import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { BUSY_OVERLAY_DELAY_MS, type CompleteRequest, checkoutResultMachine } from '../../machines/checkout-result';
import { createMachineModel } from './support/model-harness';

const onAccount = { paymentMethod: 'Payments.TradingAccount', stockNumber: 'STK-1', orderNumber: null, deliveryNotes: null } as const;
const byCard = { paymentMethod: 'Payments.Card' } as const;
const redirect = { url: 'http://127.0.0.1/sandbox-payment', keys: ['orderId', 'amount'], values: ['42', '110.00'] };

const model = createMachineModel(checkoutResultMachine, {
  events: [
    { type: 'checkout.submit', body: onAccount, freshKey: 'key-1' },
    { type: 'checkout.submit', body: byCard, freshKey: 'key-2' },
    { type: 'checkout.providerFailed', message: 'INSTRUMENT_DECLINED' },
    { type: 'xstate.done.actor.completeOrder', output: { orderResult: 'Completed', orderId: 41 } },
    { type: 'xstate.done.actor.completeOrder', output: { orderResult: 'Redirect', orderId: 42, ...redirect } },
    { type: 'xstate.done.actor.completeOrder', output: null },
    { type: 'xstate.error.actor.completeOrder', error: { message: 'A communication error has occurred', outcomeUnknown: true } },
    { type: 'xstate.error.actor.completeOrder', error: { message: 'Credit limit reached', outcomeUnknown: false } },
  ],
  describeEvent: (event) => {
    if (event.type === 'checkout.submit' && 'freshKey' in event) return `submit (fresh ${String(event.freshKey)})`;
    if (event.type === 'checkout.providerFailed') return 'provider failed';
    if ('output' in event) return `done ${String((event.output as { orderResult?: string } | null)?.orderResult ?? 'with no result')}`;
    if ('error' in event) return (event.error as { outcomeUnknown: boolean }).outcomeUnknown ? 'error (no answer)' : 'error (refused)';
    return event.type.startsWith('xstate.after.') ? 'after busyOverlay' : event.type;
  },
});

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
      const actor = createActor(checkoutResultMachine.provide({ actors: { completeOrder: fromPromise(() => new Promise(() => undefined)) } })).start();
      actor.send({ type: 'checkout.submit', body: onAccount, freshKey: 'k' });
      vi.advanceTimersByTime(BUSY_OVERLAY_DELAY_MS - 1);
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
