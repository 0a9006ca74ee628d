import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import { isFailed, isReady, quickOrderMachine, rowQuantity } from '../../machines/quick-order';
import { quickOrderModelOptions } from './spec/quick-order';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(quickOrderMachine, quickOrderModelOptions);

describe('quick order machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(10);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('quick order rules', () => {
  it('a quantity is a whole number from 1 to 9,999', () => {
    expect(rowQuantity(' 4 ')).toBe(4);
    expect(rowQuantity('9999')).toBe(9_999);
    expect(rowQuantity('10000')).toBeNull();
    expect(rowQuantity('0')).toBeNull();
    expect(rowQuantity('1.5')).toBeNull();
    expect(rowQuantity('')).toBeNull();
  });

  it('a row is ready until answered, and failed when answered with anything but Added or not sendable', () => {
    const row = { id: 1, query: 'T1', quantity: '2', result: null };
    expect(isReady(row)).toBe(true);
    expect(isFailed(row)).toBe(false);
    expect(isReady({ ...row, quantity: 'x' })).toBe(false);
    expect(isFailed({ ...row, quantity: 'x' })).toBe(true);
    expect(isFailed({ ...row, result: { status: 'NotFound', query: 'T1', quantity: 2 } })).toBe(true);
  });

  it('pasted lines beyond the pad are left out, and the buyer is told how many', () => {
    const pad = createActor(quickOrderMachine, { input: { maxRows: 3 } }).start();
    pad.send({
      type: 'rows.append',
      lines: Array.from({ length: 5 }, (_, index) => ({ query: `T${index}`, quantity: '1' })),
    });
    expect(pad.getSnapshot().context.rows.map((row) => row.query)).toEqual(['T0', 'T1', 'T2']);
    expect(pad.getSnapshot().context.notice).toBe('The pad holds 3 rows: 2 rows were left out.');
    pad.stop();
  });
});
