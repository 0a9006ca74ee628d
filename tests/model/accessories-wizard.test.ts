import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AccessoryGroup } from '../../src/contract/cart';
import type { Vehicle } from '../../src/contract/catalogue-vehicles';
import {
  type MakeOption,
  type ModelOption,
  accessoriesWizardMachine,
  vehicleValidation,
} from '../../machines/accessories-wizard';
import { accessoriesWizardModelOptions, wizardGroups, wizardItems, wizardLineVehicle } from './spec/accessories-wizard';
import { createMachineModel } from './support/model-harness';

const items = wizardItems;
const groups = wizardGroups;
const lineVehicle = wizardLineVehicle;

const model = createMachineModel(accessoriesWizardMachine, accessoriesWizardModelOptions);

describe('accessories wizard machine (model paths)', () => {
  it('has generated paths', () => {
    expect(model.paths.length).toBeGreaterThan(20);
  });

  for (const path of model.paths) {
    it(path.description, () => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
      return model.run(path).finally(() => warn.mockRestore());
    });
  }
});

describe('vehicle validation', () => {
  it('asks for the make, then the model, then the series, and is satisfied once all three are chosen', () => {
    expect(vehicleValidation({ makeId: null, model: null, vehicleId: null })).toBe('Please select a make');
    expect(vehicleValidation({ makeId: 1, model: null, vehicleId: null })).toBe('Please select a model');
    expect(vehicleValidation({ makeId: 1, model: 'HiLux', vehicleId: null })).toBe('Please select a series');
    expect(vehicleValidation({ makeId: 1, model: 'HiLux', vehicleId: 40 })).toBeNull();
  });
});

describe('editing the vehicle of a line', () => {
  async function pickersAfterEditing(vehicle: Vehicle | null) {
    vi.useFakeTimers();
    try {
      const models = vi.fn(async ({ input }: { input: { makeId: number } }): Promise<readonly ModelOption[]> =>
        input.makeId === 4 ? [{ key: 'HiLux', label: 'HiLux', series: [{ key: 40, label: 'N80 SR5' }] }] : [],
      );
      const wizard = createActor(
        accessoriesWizardMachine.provide({
          actors: {
            loadMakes: fromPromise<readonly MakeOption[]>(async () => [{ key: 4, label: 'Toyota' }]),
            loadLineVehicle: fromPromise(async ({ input }) => (input.itemId === 2 ? vehicle : null)),
            loadModels: fromPromise(models),
          },
        }),
        { input: { items, edit: { itemId: 2, step: 'vehicle' } } },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      const { value, context } = wizard.getSnapshot();
      wizard.stop();
      return {
        value,
        picked: context.picked,
        models: context.models,
        loadedModelsOf: models.mock.calls.map(([call]) => call.input.makeId),
      };
    } finally {
      vi.useRealTimers();
    }
  }

  it("starts with the line's current make, model and series picked, and the make's models loaded", async () => {
    const result = await pickersAfterEditing(lineVehicle);
    expect(result.value).toEqual({ item: { vehicle: 'choosing' } });
    expect(result.picked).toEqual({ makeId: 4, model: 'HiLux', vehicleId: 40 });
    expect(result.loadedModelsOf).toEqual([4]);
    expect(result.models.map((option) => option.key)).toEqual(['HiLux']);
    expect(vehicleValidation(result.picked)).toBeNull();
  });

  it('starts with empty pickers when the line has no vehicle yet', async () => {
    const result = await pickersAfterEditing(null);
    expect(result.value).toEqual({ item: { vehicle: 'choosing' } });
    expect(result.picked).toEqual({ makeId: null, model: null, vehicleId: null });
    expect(result.loadedModelsOf).toEqual([]);
  });
});

describe('the accessories step', () => {
  it('starts a group that cannot be declined on its first accessory, and keeps saved choices elsewhere', async () => {
    const hubRings: AccessoryGroup = {
      groupId: 'hub-rings',
      name: 'Hub Rings',
      type: 'SingleSelect',
      canOptOut: false,
      optOutLabel: null,
      unavailableReason: null,
      accessories: [
        {
          id: 61,
          name: 'Hub Ring 106.1-93.1',
          sku: 'H1',
          description: 'Sold singly: 4 hub rings for 4 wheels',
          quantity: 4,
          subTotal: '$20.00',
          subTotalValue: 2_000,
          rrpSubTotal: null,
          selected: false,
        },
        {
          id: 62,
          name: 'Hub Ring 106.1-93.1 (Pack of 4)',
          sku: 'H2',
          description: 'Pack of 4: 4 packs, 16 hub rings for 4 wheels (12 spare)',
          quantity: 4,
          subTotal: '$24.00',
          subTotalValue: 2_400,
          rrpSubTotal: null,
          selected: false,
        },
      ],
    };
    vi.useFakeTimers();
    try {
      const wizard = createActor(
        accessoriesWizardMachine.provide({
          actors: {
            loadAccessories: fromPromise<readonly AccessoryGroup[], { itemId: number }>(async () => [
              ...groups,
              hubRings,
            ]),
          },
        }),
        {
          input: { items, edit: { itemId: 1, step: 'accessories' } },
        },
      ).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(wizard.getSnapshot().context.chosen).toEqual({ fasteners: [], valves: [51], 'hub-rings': [61] });
      wizard.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
