import { describe, expect, it } from 'vitest';
import { fulfilmentStatuses } from '../../src/contract/order-fulfilment';
import { lifecycleStateOf, orderLifecycleMachine, statusEvent } from '../../machines/order-lifecycle';
import { orderLifecycleModelOptions } from './spec/order-lifecycle';
import { createMachineModel } from './support/model-harness';

const model = createMachineModel(orderLifecycleMachine, orderLifecycleModelOptions);

describe('order lifecycle machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThanOrEqual(8);
  });

  for (const path of model.paths) {
    it(path.description, () => model.run(path));
  }
});

describe('order lifecycle from a stored status', () => {
  const accepts = (from: (typeof fulfilmentStatuses)[number] | null) => {
    const snapshot = orderLifecycleMachine.resolveState({ value: from === null ? 'placed' : lifecycleStateOf[from] });
    return fulfilmentStatuses.filter((status) => snapshot.can(statusEvent(status)));
  };

  it('takes every status straight after placing, so an ERP may skip forward', () => {
    expect(accepts(null)).toEqual([...fulfilmentStatuses]);
  });

  it('refuses going back and anything after a final status', () => {
    expect(accepts('Shipped')).toEqual(['Shipped', 'Delivered']);
    expect(accepts('PartlyShipped')).toEqual(['Shipped', 'PartlyShipped', 'Delivered']);
    expect(accepts('BackOrdered')).toEqual([
      'Picking',
      'Shipped',
      'PartlyShipped',
      'Delivered',
      'BackOrdered',
      'Cancelled',
    ]);
    expect(accepts('Picking')).toEqual(['Shipped', 'PartlyShipped', 'Delivered', 'BackOrdered', 'Cancelled']);
    expect(accepts('Delivered')).toEqual([]);
    expect(accepts('Cancelled')).toEqual([]);
  });
});
