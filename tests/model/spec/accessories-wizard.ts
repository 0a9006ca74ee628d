import { expect } from 'vitest';
import type {
  AccessoriesWizardContext,
  AccessoriesWizardInput,
  WizardItem,
} from '../../../machines/accessories-wizard';
import type { AccessoryGroup } from '../../../src/contract/cart';
import type { Vehicle } from '../../../src/contract/catalogue-vehicles';
import type { SpecAssertions, SpecObservation, TraceEntry } from '../support/model-harness';
import { isAnswerOf, lastEvent, lastSent, outputOf } from './trace';

/**
 * SPEC.md §2 'Wheel accessories wizard' and 'Cart flyout', §4 'Accessory status' and 'Vehicle check', §5 and §7, per
 * state: an intro with Next and 'No Accessories Required' (skips everything); then per wheel needing action, 'Item x
 * of y', the vehicle first (make, model, series; Next only once all three are chosen), checked with CheckAndAdd, or
 * ForceAdd when that vehicle was answered Incompatible; Complete goes to the accessories, CompleteIncompatible
 * proceeds without accessories and closes the flyout, anything else marks it incompatible and stays on step 1; then
 * the chosen accessories are saved. Every wheel needing action is resolved before the wizard ends, and with nothing
 * needing action the flyout goes straight to the cart. Editing one line opens it alone ('Item 1 of 1') at step 1 or 2.
 */
const contextOf = (snapshot: TraceEntry['snapshot']) => snapshot.context as AccessoriesWizardContext;
const inputOf = (observed: SpecObservation) => observed.input as AccessoriesWizardInput;

/** The wheels the wizard walks, as the spec has it: the one being edited, or every wheel needing action. */
function expectedQueue(input: AccessoriesWizardInput): readonly WizardItem[] {
  const edited = input.edit ? input.items.filter((item) => item.id === input.edit?.itemId) : [];
  return edited.length > 0 ? edited : input.items.filter((item) => item.accessoryStatus === 'ActionRequired');
}

const currentOf = (snapshot: TraceEntry['snapshot']) => {
  const { queue, index } = contextOf(snapshot);
  return queue[index];
};

const inputSent = <T>(observed: SpecObservation) => lastSent(observed)?.input as T;

/** Whether the vehicle now picked was answered Incompatible: no pick and no other wheel since that answer. */
function previouslyIncompatible(trace: readonly TraceEntry[]): boolean {
  for (let index = trace.length - 2; index > 0; index -= 1) {
    const entry = trace[index] as TraceEntry;
    const before = trace[index - 1] as TraceEntry;
    if (isAnswerOf(entry.event, 'checkVehicle'))
      return !['Complete', 'CompleteIncompatible'].includes(String(outputOf(entry.event)));
    const picked =
      JSON.stringify(contextOf(entry.snapshot).picked) !== JSON.stringify(contextOf(before.snapshot).picked);
    if (picked || currentOf(entry.snapshot)?.id !== currentOf(before.snapshot)?.id) return false;
  }
  return false;
}

/** What the user last did in each accessory group: chose an accessory, or opted out. */
function lastChoices(trace: readonly TraceEntry[]): Map<string, number | 'optOut'> {
  const choices = new Map<string, number | 'optOut'>();
  const start = trace.findLastIndex((entry) => isAnswerOf(entry.event, 'loadAccessories'));
  for (const entry of trace.slice(start + 1)) {
    const event = entry.event as { type: string; groupId?: string; productId?: number };
    if (event.type === 'accessories.choose' && event.groupId && event.productId !== undefined)
      choices.set(event.groupId, event.productId);
    if (event.type === 'accessories.optOut' && event.groupId) choices.set(event.groupId, 'optOut');
  }
  return choices;
}

export const accessoriesWizardSpec: SpecAssertions = {
  // 'Item x of y' counts the wheels needing action, or 1 when editing a line; calls go to the wheels in that order.
  '*': (observed) => {
    const queue = expectedQueue(inputOf(observed));
    expect(contextOf(observed.snapshot).queue.map((item) => item.id)).toEqual(queue.map((item) => item.id));
    const positions = observed.sent
      .map((call) => (call.input as { itemId?: number } | undefined)?.itemId)
      .filter((itemId): itemId is number => itemId !== undefined)
      .map((itemId) => queue.findIndex((item) => item.id === itemId));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    const event = lastEvent(observed);
    if (event && isAnswerOf(event, 'checkVehicle') && outputOf(event) === 'CompleteIncompatible') {
      expect(observed.snapshot.value, 'CompleteIncompatible closes the flyout').toBe('closed');
    }
  },
  // The intro: walking every wheel needing action, at least one.
  intro: (observed) => {
    expect(inputOf(observed).edit).toBeUndefined();
    expect(expectedQueue(inputOf(observed)).length).toBeGreaterThan(0);
  },
  // 'No Accessories Required' skips every wheel needing action.
  skippingAll: (observed) => {
    expect(lastEvent(observed)?.type).toBe('wizard.skip');
    expect(lastSent(observed)).toEqual({
      src: 'skipAll',
      input: { itemIds: expectedQueue(inputOf(observed)).map((item) => item.id) },
    });
  },
  // 'Item x of y' on a wheel of the walk.
  item: (observed) => {
    const { index, queue } = contextOf(observed.snapshot);
    expect(index).toBeGreaterThanOrEqual(0);
    expect(index).toBeLessThan(queue.length);
  },
  'item.vehicle.loadingMakes': (observed) => expect(lastSent(observed)?.src).toBe('loadMakes'),
  // Editing a line's vehicle starts from the vehicle it has.
  'item.vehicle.loadingLineVehicle': (observed) => {
    expect(inputOf(observed).edit).toBeDefined();
    expect(lastSent(observed)).toEqual({ src: 'loadLineVehicle', input: { itemId: currentOf(observed.snapshot)?.id } });
  },
  // The models of the make now picked.
  'item.vehicle.loadingModels': (observed) => {
    expect(lastSent(observed)).toEqual({
      src: 'loadModels',
      input: { makeId: contextOf(observed.snapshot).picked.makeId },
    });
  },
  // After an answer other than Complete or CompleteIncompatible: marked incompatible, the warning shows, still step 1.
  'item.vehicle.choosing': (observed) => {
    const event = lastEvent(observed);
    if (event && isAnswerOf(event, 'checkVehicle')) {
      expect(['Complete', 'CompleteIncompatible']).not.toContain(outputOf(event));
      expect(contextOf(observed.snapshot).incompatible).toBe(true);
    }
  },
  // Next only with make, model and series chosen; CheckAndAdd, or ForceAdd for a vehicle answered Incompatible.
  'item.vehicle.checking': (observed) => {
    const { picked } = contextOf(observed.snapshot);
    expect(picked.makeId).not.toBeNull();
    expect(picked.model).not.toBeNull();
    expect(picked.vehicleId).not.toBeNull();
    expect(lastSent(observed)).toEqual({
      src: 'checkVehicle',
      input: {
        itemId: currentOf(observed.snapshot)?.id,
        vehicleId: picked.vehicleId,
        action: previouslyIncompatible(observed.trace) ? 'ForceAdd' : 'CheckAndAdd',
      },
    });
  },
  // The accessories come after the vehicle answered Complete for this wheel (or straight away when editing them).
  'item.accessories': (observed) => {
    if (inputOf(observed).edit?.step === 'accessories') return;
    const checked = observed.sent.filter((call) => call.src === 'checkVehicle').at(-1)?.input as
      { itemId: number } | undefined;
    const answer = observed.trace.findLast((entry) => isAnswerOf(entry.event, 'checkVehicle'));
    expect(checked?.itemId).toBe(currentOf(observed.snapshot)?.id);
    expect(outputOf(answer?.event ?? { type: 'none' })).toBe('Complete');
  },
  'item.accessories.loading': (observed) => {
    expect(lastSent(observed)).toEqual({ src: 'loadAccessories', input: { itemId: currentOf(observed.snapshot)?.id } });
  },
  // Saves what was chosen: offered accessories only, one per single-select group, none where the user opted out.
  'item.accessories.saving': (observed) => {
    const sent = inputSent<{ itemId: number; productIds: readonly number[] }>(observed);
    expect(lastSent(observed)?.src).toBe('saveAccessories');
    expect(sent.itemId).toBe(currentOf(observed.snapshot)?.id);
    const loaded = observed.trace.findLast((entry) => isAnswerOf(entry.event, 'loadAccessories'));
    const groups = (outputOf(loaded?.event ?? { type: 'none' }) ?? []) as readonly AccessoryGroup[];
    const offered = new Set(groups.flatMap((group) => group.accessories.map((accessory) => accessory.id)));
    for (const id of sent.productIds) expect(offered.has(id), `accessory ${id} was offered`).toBe(true);
    const choices = lastChoices(observed.trace);
    for (const group of groups) {
      const ids = group.accessories.map((accessory) => accessory.id).filter((id) => sent.productIds.includes(id));
      if (group.type === 'SingleSelect') expect(ids.length).toBeLessThanOrEqual(1);
      const choice = choices.get(group.groupId);
      if (choice === 'optOut') expect(ids).toEqual([]);
      else if (choice !== undefined && group.type === 'SingleSelect') expect(ids).toEqual([choice]);
    }
  },
  'item.skipping': (observed) => {
    expect(lastEvent(observed)?.type).toBe('wizard.skip');
    expect(lastSent(observed)).toEqual({ src: 'skipItem', input: { itemId: currentOf(observed.snapshot)?.id } });
  },
  // The wizard ends (the flyout shows the cart) only with every wheel resolved: saved, skipped, or all skipped; with
  // nothing needing action, at once and without a call.
  done: (observed) => {
    const queue = expectedQueue(inputOf(observed));
    if (queue.length === 0) {
      expect(observed.sent).toEqual([]);
      return;
    }
    const skippedAll = observed.sent.some((call) => call.src === 'skipAll');
    const saved = new Set(
      observed.trace.flatMap((entry, index) => {
        const before = observed.trace[index - 1];
        return isAnswerOf(entry.event, 'saveAccessories') && before ? [currentOf(before.snapshot)?.id] : [];
      }),
    );
    const skipped = new Set(
      observed.sent.filter((call) => call.src === 'skipItem').map((call) => (call.input as { itemId: number }).itemId),
    );
    for (const item of queue)
      expect(skippedAll || saved.has(item.id) || skipped.has(item.id), `${item.name} resolved`).toBe(true);
  },
  // CompleteIncompatible: the vehicle is kept, no accessories, and the flyout closes.
  closed: (observed) => {
    const event = lastEvent(observed);
    expect(event && isAnswerOf(event, 'checkVehicle') && outputOf(event)).toBe('CompleteIncompatible');
    expect(lastSent(observed)?.src).toBe('checkVehicle');
  },
};

export const wizardItems: WizardItem[] = [
  { id: 1, name: 'Delta Six 17x8.5', accessoryStatus: 'ActionRequired' },
  { id: 2, name: 'Echo Rock 17x8', accessoryStatus: 'ActionRequired' },
  { id: 3, name: 'Alpha Road One', accessoryStatus: 'None' },
];

export const wizardGroups: AccessoryGroup[] = [
  {
    groupId: 'fasteners',
    name: 'Wheel Nuts',
    type: 'SingleSelect',
    canOptOut: true,
    optOutLabel: 'Use existing',
    unavailableReason: null,
    accessories: [
      {
        id: 31,
        name: 'Conical Nut',
        sku: 'M1',
        description: 'Sold singly: 24 nuts for 4 wheels of 6 studs',
        quantity: 24,
        subTotal: '$48.00',
        subTotalValue: 4_800,
        rrpSubTotal: null,
        selected: false,
      },
    ],
  },
  {
    groupId: 'valves',
    name: 'Valves',
    type: 'MultiSelect',
    canOptOut: false,
    optOutLabel: null,
    unavailableReason: null,
    accessories: [
      {
        id: 51,
        name: 'Rubber Valve',
        sku: 'V1',
        description: 'Sold singly: 4 valves for 4 wheels',
        quantity: 4,
        subTotal: '$4.00',
        subTotalValue: 400,
        rrpSubTotal: null,
        selected: true,
      },
    ],
  },
];

export const wizardLineVehicle: Vehicle = {
  id: 40,
  makeId: 4,
  makeName: 'Toyota',
  model: 'HiLux',
  series: 'N80 SR5 4x4',
};

/** The wizard's four starting points over a cart of two wheels needing action and a tyre (the third item). */
export function wizardInputsFor(items: readonly WizardItem[]) {
  return {
    'two wheels needing action': { items: [...items] },
    'nothing needing action': { items: [items[2] as WizardItem] },
    'editing the vehicle of line 2': { items: [...items], edit: { itemId: 2, step: 'vehicle' } },
    'editing the accessories of line 1': { items: [...items], edit: { itemId: 1, step: 'accessories' } },
  } as const;
}

export const wizardInputs = wizardInputsFor(wizardItems);

/**
 * Every answer each call of the wizard can get (the vehicle check's three, a line with or without a vehicle) and its
 * failure, with the accessory groups and the line's vehicle a run works on.
 */
export const wizardCallEventsFor = (groups: readonly AccessoryGroup[], lineVehicle: Vehicle) =>
  [
    { type: 'xstate.done.actor.skipAll' },
    { type: 'xstate.error.actor.skipAll', error: new Error('offline') },
    { type: 'xstate.done.actor.loadMakes', output: [{ key: 4, label: 'Toyota' }] },
    { type: 'xstate.error.actor.loadMakes', error: new Error('offline') },
    {
      type: 'xstate.done.actor.loadModels',
      output: [{ key: 'HiLux', label: 'HiLux', series: [{ key: 40, label: 'N80 SR5 4x4' }] }],
    },
    { type: 'xstate.error.actor.loadModels', error: new Error('offline') },
    { type: 'xstate.done.actor.loadLineVehicle', output: lineVehicle },
    { type: 'xstate.done.actor.loadLineVehicle', output: null },
    { type: 'xstate.error.actor.loadLineVehicle', error: new Error('offline') },
    { type: 'xstate.done.actor.checkVehicle', output: 'Complete' },
    { type: 'xstate.done.actor.checkVehicle', output: 'Incompatible' },
    { type: 'xstate.done.actor.checkVehicle', output: 'CompleteIncompatible' },
    { type: 'xstate.error.actor.checkVehicle', error: new Error('offline') },
    { type: 'xstate.done.actor.loadAccessories', output: [...groups] },
    { type: 'xstate.error.actor.loadAccessories', error: new Error('offline') },
    { type: 'xstate.done.actor.saveAccessories' },
    { type: 'xstate.error.actor.saveAccessories', error: new Error('offline') },
    { type: 'xstate.done.actor.skipItem' },
    { type: 'xstate.error.actor.skipItem', error: new Error('offline') },
  ] as const;

export const wizardCallEvents = wizardCallEventsFor(wizardGroups, wizardLineVehicle);

/** The user's events with the payloads the wizard's pickers and groups offer. */
export const wizardUserEvents = [
  { type: 'wizard.next' },
  { type: 'wizard.back' },
  { type: 'wizard.skip' },
  { type: 'vehicle.make', makeId: 4 },
  { type: 'vehicle.model', model: 'HiLux' },
  { type: 'vehicle.series', vehicleId: 40 },
  { type: 'accessories.choose', groupId: 'fasteners', productId: 31 },
  { type: 'accessories.optOut', groupId: 'fasteners' },
] as const;

export function describeWizardEvent(event: { type: string; output?: unknown }): string {
  const { type, ...payload } = event;
  if (type === 'xstate.done.actor.loadLineVehicle')
    return `loadLineVehicle done(${payload.output ? 'a vehicle' : 'none'})`;
  if (type.startsWith('xstate.done.actor.'))
    return `${type.slice(18)} done${typeof payload.output === 'string' ? `(${payload.output})` : ''}`;
  if (type.startsWith('xstate.error.actor.')) return `${type.slice(19)} failed`;
  return Object.keys(payload).length ? `${type} ${JSON.stringify(payload)}` : type;
}

/** The wizard's model: four starting points, every user event and every answer of every call, and the spec. */
export const accessoriesWizardModelOptions = {
  spec: accessoriesWizardSpec,
  inputs: wizardInputs,
  events: [...wizardUserEvents, ...wizardCallEvents],
  describeEvent: describeWizardEvent,
};
