import { describe, expect, it } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ShippingMethod, ShippingSystemName } from '../../src/contract/checkout';
import { nextSelection, orderedMethods, shippingMachine, visibleMethods } from '../../machines/shipping';
import { shippingMethod, shippingModelOptions } from './spec/shipping';
import { createMachineModel } from './support/model-harness';

function method(
  systemName: ShippingSystemName,
  displayOrder: number,
  overrides: Partial<ShippingMethod> = {},
): ShippingMethod {
  return shippingMethod(systemName, systemName.replace('Shipping.', ''), displayOrder, overrides);
}

const standard = method('Shipping.Standard', 1, { fee: '$25.00', feeValue: 2_500, selected: true });
const freeBulk = method('Shipping.FreeBulk', 3, {
  amountSaved: 2_500,
  bulkDeliveryInfos: [{ quantity: 8, warehouseName: 'MELBOURNE', days: 2 }],
});
const regional = method('Shipping.RegionalFreeBulk', 4, {
  amountSaved: 2_500,
  regionalBulkDeliveryInfos: [{ days: 5 }],
});
const pickup = method('Shipping.Pickup', 2);
const offered = [pickup, regional, standard, freeBulk];

const model = createMachineModel(shippingMachine, shippingModelOptions);

describe('shipping machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThanOrEqual(7);
  });

  for (const path of model.paths) {
    it(path.description, () =>
      model.run(path, {
        check: (step) => {
          const context = step.state.context as {
            selected: ShippingSystemName | null;
            methods: readonly ShippingMethod[];
          };
          const names = visibleMethods(context).map((entry) => entry.shippingRateComputationMethodSystemName);
          if (context.selected === 'Shipping.FreeBulk' || context.selected === 'Shipping.RegionalFreeBulk')
            expect(names).not.toContain('Shipping.Standard');
        },
      }),
    );
  }
});

describe('shipping rules', () => {
  it('free bulk toggles off to Standard, regional the same, and one free option clears the other', () => {
    expect(nextSelection('Shipping.Standard', 'Shipping.FreeBulk')).toBe('Shipping.FreeBulk');
    expect(nextSelection('Shipping.FreeBulk', 'Shipping.FreeBulk')).toBe('Shipping.Standard');
    expect(nextSelection('Shipping.RegionalFreeBulk', 'Shipping.RegionalFreeBulk')).toBe('Shipping.Standard');
    expect(nextSelection('Shipping.FreeBulk', 'Shipping.RegionalFreeBulk')).toBe('Shipping.RegionalFreeBulk');
    expect(nextSelection('Shipping.RegionalFreeBulk', 'Shipping.FreeBulk')).toBe('Shipping.FreeBulk');
    expect(nextSelection('Shipping.Pickup', 'Shipping.Standard')).toBe('Shipping.Standard');
  });

  it('lists free bulk first, then by displayOrder, and hides Standard while a bulk method is selected', () => {
    expect(orderedMethods(offered).map((entry) => entry.name)).toEqual([
      'FreeBulk',
      'Standard',
      'Pickup',
      'RegionalFreeBulk',
    ]);
    expect(visibleMethods({ methods: offered, selected: 'Shipping.Standard' }).map((entry) => entry.name)).toEqual([
      'FreeBulk',
      'Standard',
      'Pickup',
      'RegionalFreeBulk',
    ]);
    expect(
      visibleMethods({ methods: offered, selected: 'Shipping.RegionalFreeBulk' }).map((entry) => entry.name),
    ).toEqual(['FreeBulk', 'Pickup', 'RegionalFreeBulk']);
  });

  it('sends the chosen method as Checkout/ShippingMethod takes it, and the toggled-off fallback to Standard', async () => {
    const sent: unknown[] = [];
    const actor = createActor(
      shippingMachine.provide({
        actors: {
          saveShippingMethod: fromPromise(async ({ input }) => {
            sent.push(input);
            return offered;
          }),
        },
      }),
      { input: { methods: offered } },
    ).start();
    actor.send({ type: 'shipping.choose', systemName: 'Shipping.Pickup' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'shipping.choose', systemName: 'Shipping.FreeBulk' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    actor.send({ type: 'shipping.choose', systemName: 'Shipping.FreeBulk' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(sent).toEqual([
      { shippingMethod: 'Pickup', shippingRateComputationMethodSystemName: 'Shipping.Pickup', isPickupInStore: true },
      {
        shippingMethod: 'FreeBulk',
        shippingRateComputationMethodSystemName: 'Shipping.FreeBulk',
        isPickupInStore: false,
      },
      {
        shippingMethod: 'Standard',
        shippingRateComputationMethodSystemName: 'Shipping.Standard',
        isPickupInStore: false,
      },
    ]);
    expect(actor.getSnapshot().context.selected).toBe('Shipping.Standard');
    actor.stop();
  });
});
