import { assign, fromPromise, setup } from 'xstate';
import type { AccessoryGroup, AccessoryStatus, AddMode, Compatibility } from '../src/contract/cart';
import type { Vehicle } from '../src/contract/catalogue-vehicles';
import { present } from './present';

export interface WizardItem {
  readonly id: number;
  readonly name: string;
  readonly accessoryStatus: AccessoryStatus;
}

export interface MakeOption {
  readonly key: number;
  readonly label: string;
}

export interface ModelOption {
  readonly key: string;
  readonly label: string;
  readonly series: readonly { key: number; label: string }[];
}

export interface PickedVehicle {
  readonly makeId: number | null;
  readonly model: string | null;
  readonly vehicleId: number | null;
}

export type EditStep = 'vehicle' | 'accessories';

export interface AccessoriesWizardInput {
  readonly items: readonly WizardItem[];
  /** Opens on one line at step 1 (vehicle) or step 2 (accessories) instead of walking every line. */
  readonly edit?: { readonly itemId: number; readonly step: EditStep };
}

export interface AccessoriesWizardContext {
  readonly editing: EditStep | null;
  /** The lines this run walks: every wheel needing action, or the one being edited. */
  readonly queue: readonly WizardItem[];
  index: number;
  makes: readonly MakeOption[];
  models: readonly ModelOption[];
  picked: PickedVehicle;
  /** Set when the last check answered Incompatible: the warning shows and Next forces the vehicle. */
  incompatible: boolean;
  groups: readonly AccessoryGroup[];
  /** Chosen accessory ids per group; an empty list in a single-select group is the opt-out. */
  chosen: Readonly<Record<string, readonly number[]>>;
  failed: boolean;
}

export type AccessoriesWizardEvent =
  | { type: 'wizard.next' }
  | { type: 'wizard.back' }
  | { type: 'wizard.skip' }
  | { type: 'vehicle.make'; makeId: number }
  | { type: 'vehicle.model'; model: string }
  | { type: 'vehicle.series'; vehicleId: number }
  | { type: 'accessories.choose'; groupId: string; productId: number }
  | { type: 'accessories.optOut'; groupId: string };

const NO_VEHICLE: PickedVehicle = { makeId: null, model: null, vehicleId: null };

/** SPEC.md §5: the first missing choice, in the order make, model, series; null once a vehicle is chosen. */
export function vehicleValidation(picked: PickedVehicle): string | null {
  if (picked.makeId === null) return 'Please select a make';
  if (picked.model === null) return 'Please select a model';
  if (picked.vehicleId === null) return 'Please select a series';
  return null;
}

/** The series of the chosen model, for the third picker. */
export function seriesOptions(context: Pick<AccessoriesWizardContext, 'models' | 'picked'>) {
  return context.models.find((model) => model.key === context.picked.model)?.series ?? [];
}

export function currentItem(context: Pick<AccessoriesWizardContext, 'queue' | 'index'>): WizardItem | undefined {
  return context.queue[context.index];
}

/**
 * What a group starts with: the line's saved choice; in a group that cannot be declined (hub rings centre a wheel
 * with a larger bore, and the server requires one), the first offered accessory when nothing is saved yet.
 */
function initialChoice(group: AccessoryGroup): number[] {
  const saved = group.accessories.filter((accessory) => accessory.selected).map((accessory) => accessory.id);
  if (saved.length > 0 || group.type !== 'SingleSelect' || group.canOptOut) return saved;
  return group.accessories.slice(0, 1).map((accessory) => accessory.id);
}

/** The line the item steps work on: the queue is never empty once they run (intro and editing both need a line). */
function currentItemId(context: Pick<AccessoriesWizardContext, 'queue' | 'index'>): number {
  return present(currentItem(context), 'The wizard line').id;
}

function chosenIds(chosen: AccessoriesWizardContext['chosen']): number[] {
  return Object.values(chosen).flat();
}

function choose(
  context: AccessoriesWizardContext,
  groupId: string,
  productId: number,
): AccessoriesWizardContext['chosen'] {
  const group = context.groups.find((candidate) => candidate.groupId === groupId);
  if (!group?.accessories.some((accessory) => accessory.id === productId)) return context.chosen;
  const current = context.chosen[groupId] ?? [];
  if (group.type === 'SingleSelect') return { ...context.chosen, [groupId]: [productId] };
  const next = current.includes(productId) ? current.filter((id) => id !== productId) : [...current, productId];
  return { ...context.chosen, [groupId]: next };
}

/**
 * The wheel accessories wizard in the cart flyout (SPEC.md §2, §4, §5). An intro with Next and 'No Accessories
 * Required' (skips every line); then per wheel line needing action, 'Item x of y': the vehicle (make, model, series
 * pickers, then CheckAndAdd, or ForceAdd after an Incompatible answer and its warning), then the accessories
 * (single-select with optional opt-out, multi-select) saved to the line. Editing one line starts at step 1 or 2 and
 * ends after that line; its vehicle step starts with the line's current vehicle picked (Cart/Vehicle) when it has one. A failed skip is only logged. Ends in `done` (the flyout shows the cart) or `closed` (the flyout closes).
 */
export const accessoriesWizardMachine = setup({
  types: {
    context: {} as AccessoriesWizardContext,
    events: {} as AccessoriesWizardEvent,
    input: {} as AccessoriesWizardInput,
  },
  actors: {
    skipAll: fromPromise<void, { itemIds: readonly number[] }>(async () => {
      throw new Error('skipAll is supplied by the app');
    }),
    loadMakes: fromPromise<readonly MakeOption[]>(async () => {
      throw new Error('loadMakes is supplied by the app');
    }),
    loadModels: fromPromise<readonly ModelOption[], { makeId: number }>(async () => {
      throw new Error('loadModels is supplied by the app');
    }),
    loadLineVehicle: fromPromise<Vehicle | null, { itemId: number }>(async () => {
      throw new Error('loadLineVehicle is supplied by the app');
    }),
    checkVehicle: fromPromise<Compatibility, { itemId: number; vehicleId: number; action: AddMode }>(async () => {
      throw new Error('checkVehicle is supplied by the app');
    }),
    loadAccessories: fromPromise<readonly AccessoryGroup[], { itemId: number }>(async () => {
      throw new Error('loadAccessories is supplied by the app');
    }),
    saveAccessories: fromPromise<void, { itemId: number; productIds: readonly number[] }>(async () => {
      throw new Error('saveAccessories is supplied by the app');
    }),
    skipItem: fromPromise<void, { itemId: number }>(async () => {
      throw new Error('skipItem is supplied by the app');
    }),
  },
  guards: {
    isEditingVehicle: ({ context }) => context.editing === 'vehicle',
    isEditingAccessories: ({ context }) => context.editing === 'accessories',
    hasItems: ({ context }) => context.queue.length > 0,
    isWalkingAll: ({ context }) => context.editing === null,
    /** Editing a line with nothing picked yet: the pickers start from the line's own vehicle. */
    needsLineVehicle: ({ context }) => context.editing !== null && context.picked.makeId === null,
    hasLineVehicle: (_, params: { vehicle: Vehicle | null }) => params.vehicle !== null,
    hasMake: ({ context }) => context.picked.makeId !== null,
    hasModel: ({ context }) => context.picked.model !== null,
    hasVehicle: ({ context }) => vehicleValidation(context.picked) === null,
    isComplete: (_, params: { answer: Compatibility }) => params.answer === 'Complete',
    isCompleteIncompatible: (_, params: { answer: Compatibility }) => params.answer === 'CompleteIncompatible',
    hasMoreItems: ({ context }) => context.editing === null && context.index + 1 < context.queue.length,
  },
  actions: {
    setMakes: assign((_, params: { makes: readonly MakeOption[] }) => ({ makes: params.makes })),
    setModels: assign((_, params: { models: readonly ModelOption[] }) => ({ models: params.models })),
    clearMakes: assign({ makes: [] }),
    clearModels: assign(({ context }) => ({ models: [], picked: { ...context.picked, model: null, vehicleId: null } })),
    pickLineVehicle: assign((_, params: { vehicle: Vehicle }) => ({
      picked: { makeId: params.vehicle.makeId, model: params.vehicle.model, vehicleId: params.vehicle.id },
    })),
    pickMake: assign(({ event }) =>
      event.type === 'vehicle.make'
        ? { picked: { ...NO_VEHICLE, makeId: event.makeId }, models: [], incompatible: false }
        : {},
    ),
    pickModel: assign(({ context, event }) =>
      event.type === 'vehicle.model'
        ? { picked: { ...context.picked, model: event.model, vehicleId: null }, incompatible: false }
        : {},
    ),
    pickSeries: assign(({ context, event }) =>
      event.type === 'vehicle.series'
        ? { picked: { ...context.picked, vehicleId: event.vehicleId }, incompatible: false }
        : {},
    ),
    markIncompatible: assign({ incompatible: true }),
    setGroups: assign((_, params: { groups: readonly AccessoryGroup[] }) => {
      const { groups } = params;
      const chosen = Object.fromEntries(groups.map((group) => [group.groupId, initialChoice(group)]));
      return { groups, chosen, failed: false };
    }),
    clearGroups: assign({ groups: [], chosen: {} }),
    chooseAccessory: assign({
      chosen: ({ context, event }) =>
        event.type === 'accessories.choose' ? choose(context, event.groupId, event.productId) : context.chosen,
    }),
    optOut: assign({
      chosen: ({ context, event }) =>
        event.type === 'accessories.optOut' ? { ...context.chosen, [event.groupId]: [] } : context.chosen,
    }),
    noteFailure: assign({ failed: true }),
    clearFailure: assign({ failed: false }),
    nextItem: assign(({ context }) => ({
      index: context.index + 1,
      picked: NO_VEHICLE,
      models: [],
      incompatible: false,
      groups: [],
      chosen: {},
      failed: false,
    })),
    /** SPEC.md §7: a failed accessories skip is only logged (the app supplies the log), and the wizard carries on. */
    logSkipFailure: (_, _params: { error: unknown }) => undefined,
  },
}).createMachine({
  id: 'accessoriesWizard',
  context: ({ input }) => {
    const edited = input.edit ? input.items.filter((item) => item.id === input.edit?.itemId) : [];
    return {
      editing: input.edit && edited.length > 0 ? input.edit.step : null,
      queue:
        input.edit && edited.length > 0
          ? edited
          : input.items.filter((item) => item.accessoryStatus === 'ActionRequired'),
      index: 0,
      makes: [],
      models: [],
      picked: NO_VEHICLE,
      incompatible: false,
      groups: [],
      chosen: {},
      failed: false,
    };
  },
  initial: 'deciding',
  states: {
    deciding: {
      always: [
        { guard: 'isEditingAccessories', target: 'item.accessories' },
        { guard: 'isEditingVehicle', target: 'item.vehicle' },
        { guard: 'hasItems', target: 'intro' },
        { target: 'done' },
      ],
    },
    intro: {
      on: {
        'wizard.next': 'item',
        'wizard.skip': 'skippingAll',
      },
    },
    skippingAll: {
      invoke: {
        id: 'skipAll',
        src: 'skipAll',
        input: ({ context }) => ({ itemIds: context.queue.map((item) => item.id) }),
        onDone: 'done',
        onError: {
          target: 'done',
          actions: { type: 'logSkipFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    item: {
      initial: 'vehicle',
      states: {
        vehicle: {
          initial: 'loadingMakes',
          states: {
            loadingMakes: {
              invoke: {
                id: 'loadMakes',
                src: 'loadMakes',
                onDone: [
                  {
                    guard: 'needsLineVehicle',
                    target: 'loadingLineVehicle',
                    actions: { type: 'setMakes', params: ({ event }) => ({ makes: event.output }) },
                  },
                  {
                    target: 'choosing',
                    actions: { type: 'setMakes', params: ({ event }) => ({ makes: event.output }) },
                  },
                ],
                onError: { target: 'choosing', actions: 'clearMakes' },
              },
            },
            loadingLineVehicle: {
              invoke: {
                id: 'loadLineVehicle',
                src: 'loadLineVehicle',
                input: ({ context }) => ({ itemId: currentItemId(context) }),
                onDone: [
                  {
                    guard: { type: 'hasLineVehicle', params: ({ event }) => ({ vehicle: event.output }) },
                    target: 'loadingModels',
                    actions: {
                      type: 'pickLineVehicle',
                      params: ({ event }) => ({
                        vehicle: present(event.output, 'The line vehicle hasLineVehicle saw'),
                      }),
                    },
                  },
                  { target: 'choosing' },
                ],
                // Preselecting is a convenience: without it the user picks the vehicle as for a new line.
                onError: 'choosing',
              },
            },
            choosing: {
              on: {
                'vehicle.make': { target: 'loadingModels', actions: 'pickMake' },
                'vehicle.model': { guard: 'hasMake', actions: 'pickModel' },
                'vehicle.series': { guard: 'hasModel', actions: 'pickSeries' },
                'wizard.next': { guard: 'hasVehicle', target: 'checking' },
                'wizard.back': { guard: 'isWalkingAll', target: '#accessoriesWizard.intro' },
                'wizard.skip': '#accessoriesWizard.item.skipping',
              },
            },
            loadingModels: {
              invoke: {
                id: 'loadModels',
                src: 'loadModels',
                input: ({ context }) => ({ makeId: present(context.picked.makeId, 'The picked make') }),
                onDone: {
                  target: 'choosing',
                  actions: { type: 'setModels', params: ({ event }) => ({ models: event.output }) },
                },
                onError: { target: 'choosing', actions: 'clearModels' },
              },
            },
            checking: {
              entry: 'clearFailure',
              invoke: {
                id: 'checkVehicle',
                src: 'checkVehicle',
                input: ({ context }) => ({
                  itemId: currentItemId(context),
                  vehicleId: present(context.picked.vehicleId, 'The picked series'),
                  action: context.incompatible ? 'ForceAdd' : 'CheckAndAdd',
                }),
                onDone: [
                  {
                    guard: { type: 'isComplete', params: ({ event }) => ({ answer: event.output }) },
                    target: '#accessoriesWizard.item.accessories',
                  },
                  // SPEC.md §4: proceed without accessories and close the flyout.
                  {
                    guard: { type: 'isCompleteIncompatible', params: ({ event }) => ({ answer: event.output }) },
                    target: '#accessoriesWizard.closed',
                  },
                  { target: 'choosing', actions: 'markIncompatible' },
                ],
                onError: { target: 'choosing', actions: 'noteFailure' },
              },
            },
          },
        },
        accessories: {
          initial: 'loading',
          states: {
            loading: {
              invoke: {
                id: 'loadAccessories',
                src: 'loadAccessories',
                input: ({ context }) => ({ itemId: currentItemId(context) }),
                onDone: {
                  target: 'choosing',
                  actions: { type: 'setGroups', params: ({ event }) => ({ groups: event.output }) },
                },
                onError: { target: 'choosing', actions: ['clearGroups', 'noteFailure'] },
              },
            },
            choosing: {
              on: {
                'accessories.choose': { actions: 'chooseAccessory' },
                'accessories.optOut': { actions: 'optOut' },
                'wizard.next': 'saving',
                'wizard.back': '#accessoriesWizard.item.vehicle',
                'wizard.skip': '#accessoriesWizard.item.skipping',
              },
            },
            saving: {
              entry: 'clearFailure',
              invoke: {
                id: 'saveAccessories',
                src: 'saveAccessories',
                input: ({ context }) => ({ itemId: currentItemId(context), productIds: chosenIds(context.chosen) }),
                onDone: '#accessoriesWizard.nextItem',
                onError: { target: 'choosing', actions: 'noteFailure' },
              },
            },
          },
        },
        skipping: {
          invoke: {
            id: 'skipItem',
            src: 'skipItem',
            input: ({ context }) => ({ itemId: currentItemId(context) }),
            onDone: '#accessoriesWizard.nextItem',
            onError: {
              target: '#accessoriesWizard.nextItem',
              actions: { type: 'logSkipFailure', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    nextItem: {
      always: [{ guard: 'hasMoreItems', target: 'item', actions: 'nextItem' }, { target: 'done' }],
    },
    done: {
      type: 'final',
    },
    /** The wizard is over and the flyout closes with it (a vehicle kept without accessories, SPEC.md §4). */
    closed: {
      type: 'final',
    },
  },
});
