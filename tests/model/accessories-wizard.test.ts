import { describe, expect, it, vi } from 'vitest';
import type { AccessoryGroup } from '../../src/contract/cart';
import { type WizardItem, accessoriesWizardMachine, vehicleValidation } from '../../machines/accessories-wizard';
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
    accessories: [{ id: 31, name: 'Conical Nut', sku: 'M1', quantity: 24, subTotal: '$48.00', subTotalValue: 4_800, selected: false }],
  },
  {
    groupId: 'valves',
    name: 'Valves',
    type: 'MultiSelect',
    canOptOut: false,
    optOutLabel: null,
    accessories: [{ id: 51, name: 'Rubber Valve', sku: 'V1', quantity: 4, subTotal: '$4.00', subTotalValue: 400, selected: true }],
  },
];

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
