import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { isUnderstocked, parseTypedQuantity, quantityPillMachine } from '../../machines/quantity-pill';
import { base, localOne, quantityPillModelOptions } from './spec/quantity-pill';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(quantityPillMachine, quantityPillModelOptions);

describe('quantity pill machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(10);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('quantity pill rules', () => {
  it('Add to Cart adds 1; a quantity typed beside it is added instead, within 1 and the most a line holds', () => {
    const addedWith = (event: { type: 'qty.add'; quantity?: number }) => {
      const sent: { quantity: number }[] = [];
      const pill = createActor(
        quantityPillMachine.provide({
          actors: {
            addToCart: fromPromise(
              async ({ input }: { input: { productId: number; vehicleId: number | null; quantity: number } }) => {
                sent.push({ quantity: input.quantity });
                return { itemId: 7, quantity: input.quantity };
              },
            ),
          },
        }),
        { input: { ...base, itemId: null, quantity: 0, max: 20 } },
      ).start();
      pill.send(event);
      pill.stop();
      return sent.map((entry) => entry.quantity);
    };
    expect(addedWith({ type: 'qty.add' })).toEqual([1]);
    expect(addedWith({ type: 'qty.add', quantity: 4 })).toEqual([4]);
    expect(addedWith({ type: 'qty.add', quantity: 0 })).toEqual([1]);
    expect(addedWith({ type: 'qty.add', quantity: 50 })).toEqual([20]);
  });

  it('rapid clicks send one request 500 ms after the last one', async () => {
    vi.useFakeTimers();
    try {
      const saves: { itemId: number; quantity: number }[] = [];
      const pill = createActor(
        quantityPillMachine.provide({
          actors: {
            saveQuantity: fromPromise(async ({ input }: { input: { itemId: number; quantity: number } }) => {
              saves.push(input);
              return input;
            }),
          },
        }),
        { input: { ...base, itemId: 7, quantity: 1, max: 9_999 } },
      ).start();
      for (let click = 0; click < 5; click += 1) {
        pill.send({ type: 'qty.increment' });
        vi.advanceTimersByTime(499);
      }
      expect(saves).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(saves).toEqual([{ itemId: 7, quantity: 6 }]);
      expect(pill.getSnapshot().context).toMatchObject({ quantity: 6, confirmed: 6, popup: 'stock' });
      pill.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('clicks made while a change is on its way are kept and sent after its answer', async () => {
    vi.useFakeTimers();
    try {
      const saves: { itemId: number; quantity: number }[] = [];
      const answers: ((line: { itemId: number; quantity: number }) => void)[] = [];
      const pill = createActor(
        quantityPillMachine.provide({
          actors: {
            saveQuantity: fromPromise(
              ({ input }: { input: { itemId: number; quantity: number } }) =>
                new Promise<{ itemId: number; quantity: number }>((resolve) => {
                  saves.push(input);
                  answers.push(resolve);
                }),
            ),
          },
        }),
        { input: { ...base, itemId: 7, quantity: 2, max: 9_999 } },
      ).start();
      pill.send({ type: 'qty.increment' });
      await vi.advanceTimersByTimeAsync(500);
      expect(saves).toEqual([{ itemId: 7, quantity: 3 }]);
      for (let click = 0; click < 4; click += 1) pill.send({ type: 'qty.increment' });
      expect(pill.getSnapshot().context.quantity).toBe(7);
      answers[0]?.({ itemId: 7, quantity: 3 });
      await vi.advanceTimersByTimeAsync(500);
      expect(saves).toEqual([
        { itemId: 7, quantity: 3 },
        { itemId: 7, quantity: 7 },
      ]);
      answers[1]?.({ itemId: 7, quantity: 7 });
      await vi.advanceTimersByTimeAsync(0);
      expect(pill.getSnapshot().context).toMatchObject({ quantity: 7, confirmed: 7 });
      expect(pill.getSnapshot().value).toBe('idle');
      pill.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('an idle pill follows the cart; a pill with a change of its own keeps it', () => {
    const pill = createActor(quantityPillMachine, { input: { ...base, itemId: 7, quantity: 2, max: 9_999 } }).start();
    pill.send({ type: 'qty.synced', quantity: 4 });
    expect(pill.getSnapshot().context).toMatchObject({ quantity: 4, confirmed: 4 });
    pill.send({ type: 'qty.increment' });
    pill.send({ type: 'qty.synced', quantity: 4 });
    expect(pill.getSnapshot().context.quantity).toBe(5);
    pill.stop();
  });

  it('typed input: non-numeric ignored, negative becomes 0', () => {
    expect(parseTypedQuantity('12')).toBe(12);
    expect(parseTypedQuantity(' 3 ')).toBe(3);
    expect(parseTypedQuantity('-4')).toBe(0);
    expect(parseTypedQuantity('4a')).toBeNull();
    expect(parseTypedQuantity('')).toBeNull();
    expect(parseTypedQuantity('1.5')).toBeNull();
  });

  it('understock: Local above stock; Interstate or None with supplier stock at any quantity; otherwise never', () => {
    expect(isUnderstocked(1, localOne)).toBe(false);
    expect(isUnderstocked(2, localOne)).toBe(true);
    // Local stock is judged by the local warehouse: 12 of '10 local · 99 interstate' is more than the counter holds.
    const splitStock = { stockQuantity: 109, localStockQuantity: 10, stockType: 'Local' as const, inventories: [] };
    expect(isUnderstocked(10, splitStock)).toBe(false);
    expect(isUnderstocked(12, splitStock)).toBe(true);
    const supplier = {
      warehouseName: 'SUPPLIER STOCK',
      stockQuantity: 40,
      onOrderQuantity: 0,
      onOrderExpectedDate: null,
      isSupplier: true,
    };
    expect(
      isUnderstocked(1, { stockQuantity: 8, localStockQuantity: 0, stockType: 'Interstate', inventories: [supplier] }),
    ).toBe(true);
    expect(
      isUnderstocked(0, { stockQuantity: 8, localStockQuantity: 0, stockType: 'Interstate', inventories: [supplier] }),
    ).toBe(false);
    expect(
      isUnderstocked(1, { stockQuantity: 8, localStockQuantity: 0, stockType: 'Interstate', inventories: [] }),
    ).toBe(false);
    expect(
      isUnderstocked(1, { stockQuantity: 0, localStockQuantity: 0, stockType: 'None', inventories: [supplier] }),
    ).toBe(true);
    expect(isUnderstocked(5, { stockQuantity: 0, localStockQuantity: 0, stockType: 'OnOrder', inventories: [] })).toBe(
      false,
    );
  });
});
