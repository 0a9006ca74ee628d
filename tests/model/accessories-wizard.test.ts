import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { AccessoryGroup } from '../../src/contract/cart';
import type { Vehicle } from '../../src/contract/catalogue-vehicles';
import { type MakeOption, type ModelOption, type WizardItem, accessoriesWizardMachine, vehicleValidation } from '../../machines/accessories-wizard';
import { createMachineModel } from './support/model-harness';

const items: WizardItem[] = [
  { id: 1, name: 'Delta Six 17x8.5', accessoryStatus: 'ActionRequired' },
  { id: 2, name: 'Echo Rock 17x8', accessoryStatus: 'ActionRequired' },
  { id: 3, name: 'Alpha Road One', accessoryStatus: 'None' },
];
const groups: AccessoryGroup[] = [
  {
    groupId: 'fasteners',
    name: 'Wheel Nuts',
    type: 'SingleSelect',
    canOptOut: true,
    optOutLabel: 'Use existing',
    unavailableReason: null,
    accessories: [{ id: 31, name: 'Conical Nut', sku: 'M1', description: 'Sold singly: 24 nuts for 4 wheels of 6 studs', quantity: 24, subTotal: '$48.00', subTotalValue: 4_800, rrpSubTotal: null, selected: false }],
  },
  {
    groupId: 'valves',
    name: 'Valves',
    type: 'MultiSelect',
    canOptOut: false,
    optOutLabel: null,
    unavailableReason: null,
    accessories: [{ id: 51, name: 'Rubber Valve', sku: 'V1', description: 'Sold singly: 4 valves for 4 wheels', quantity: 4, subTotal: '$4.00', subTotalValue: 400, rrpSubTotal: null, selected: true }],
  },
];

const lineVehicle: Vehicle = { id: 40, makeId: 4, makeName: 'Toyota', model: 'HiLux', series: 'N80 SR5' };

const model = createMachineModel(accessoriesWizardMachine, {
  inputs: {
    'two wheels needing action': { items },
    'nothing needing action': { items: [items[2] as WizardItem] },
    'editing the vehicle of line 2': { items, edit: { itemId: 2, step: 'vehicle' } },
    'editing the accessories of line 1': { items, edit: { itemId: 1, step: 'accessories' } },
  },
  events: [
    { type: 'wizard.next' },
    { type: 'wizard.back' },
    { type: 'wizard.skip' },
    { type: 'vehicle.make', makeId: 4 },
    { type: 'vehicle.model', model: 'HiLux' },
    { type: 'vehicle.series', vehicleId: 40 },
    { type: 'accessories.choose', groupId: 'fasteners', productId: 31 },
    { type: 'accessories.optOut', groupId: 'fasteners' },
    { type: 'xstate.done.actor.skipAll' },
    { type: 'xstate.error.actor.skipAll', error: new Error('offline') },
    { type: 'xstate.done.actor.loadMakes', output: [{ key: 4, label: 'Toyota' }] },
    { type: 'xstate.error.actor.loadMakes', error: new Error('offline') },
    { type: 'xstate.done.actor.loadModels', output: [{ key: 'HiLux', label: 'HiLux', series: [{ key: 40, label: 'N80 SR5' }] }] },
    { type: 'xstate.error.actor.loadModels', error: new Error('offline') },
    { type: 'xstate.done.actor.loadLineVehicle', output: lineVehicle },
    { type: 'xstate.done.actor.loadLineVehicle', output: null },
    { type: 'xstate.error.actor.loadLineVehicle', error: new Error('offline') },
    { type: 'xstate.done.actor.checkVehicle', output: 'Complete' },
    { type: 'xstate.done.actor.checkVehicle', output: 'Incompatible' },
    { type: 'xstate.done.actor.checkVehicle', output: 'CompleteIncompatible' },
    { type: 'xstate.error.actor.checkVehicle', error: new Error('offline') },
    { type: 'xstate.done.actor.loadAccessories', output: groups },
    { type: 'xstate.error.actor.loadAccessories', error: new Error('offline') },
    { type: 'xstate.done.actor.saveAccessories' },
    { type: 'xstate.error.actor.saveAccessories', error: new Error('offline') },
    { type: 'xstate.done.actor.skipItem' },
    { type: 'xstate.error.actor.skipItem', error: new Error('offline') },
  ],
  describeEvent: (event) => {
    const { type, ...payload } = event as { type: string; output?: unknown };
    if (type === 'xstate.done.actor.loadLineVehicle') return `loadLineVehicle done(${payload.output ? 'a vehicle' : 'none'})`;
    if (type.startsWith('xstate.done.actor.')) return `${type.slice(18)} done${typeof payload.output === 'string' ? `(${payload.output})` : ''}`;
    if (type.startsWith('xstate.error.actor.')) return `${type.slice(19)} failed`;
    return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
  },
});

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
  it("asks for the make, then the model, then the series, and is satisfied once all three are chosen", () => {
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
      const models = vi.fn(async ({ input }: { input: { makeId: number } }): Promise<readonly ModelOption[]> => (input.makeId === 4 ? [{ key: 'HiLux', label: 'HiLux', series: [{ key: 40, label: 'N80 SR5' }] }] : []));
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
      return { value, picked: context.picked, models: context.models, loadedModelsOf: models.mock.calls.map(([call]) => call.input.makeId) };
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
        { id: 61, name: 'Hub Ring 106.1-93.1', sku: 'H1', description: 'Sold singly: 4 hub rings for 4 wheels', quantity: 4, subTotal: '$20.00', subTotalValue: 2_000, rrpSubTotal: null, selected: false },
        { id: 62, name: 'Hub Ring 106.1-93.1 (Pack of 4)', sku: 'H2', description: 'Pack of 4: 4 packs, 16 hub rings for 4 wheels (12 spare)', quantity: 4, subTotal: '$24.00', subTotalValue: 2_400, rrpSubTotal: null, selected: false },
      ],
    };
    vi.useFakeTimers();
    try {
      const wizard = createActor(accessoriesWizardMachine.provide({ actors: { loadAccessories: fromPromise<readonly AccessoryGroup[], { itemId: number }>(async () => [...groups, hubRings]) } }), {
        input: { items, edit: { itemId: 1, step: 'accessories' } },
      }).start();
      await vi.advanceTimersByTimeAsync(0);
      expect(wizard.getSnapshot().context.chosen).toEqual({ fasteners: [], valves: [51], 'hub-rings': [61] });
      wizard.stop();
    } finally {
      vi.useRealTimers();
    }
  });
});
