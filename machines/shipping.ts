import { assign, fromPromise, setup } from 'xstate';
import type { ShippingMethod, ShippingSystemName } from '../src/contract/checkout';
import { present } from './present';

const STANDARD: ShippingSystemName = 'Shipping.Standard';
const FREE_OPTIONS: readonly ShippingSystemName[] = ['Shipping.FreeBulk', 'Shipping.RegionalFreeBulk'];

export interface ShippingInput {
  readonly methods: readonly ShippingMethod[];
}

export interface ShippingContext {
  methods: readonly ShippingMethod[];
  /** The method on screen; while saving, the one just chosen. */
  selected: ShippingSystemName | null;
  /** The method the server last confirmed; the choice returns to it when saving fails (SPEC.md §8: only logged). */
  confirmed: ShippingSystemName | null;
}

export type ShippingEvent =
  | { type: 'shipping.choose'; systemName: ShippingSystemName }
  /** Fresh checkout data (a discount, a cart change) brings the methods and fees anew. */
  | { type: 'shipping.loaded'; methods: readonly ShippingMethod[] };

/** What Checkout/ShippingMethod takes. */
export interface ShippingChoice {
  readonly shippingMethod: string;
  readonly shippingRateComputationMethodSystemName: ShippingSystemName;
  readonly isPickupInStore: boolean;
}

export function isFreeOption(systemName: ShippingSystemName | null): boolean {
  return systemName !== null && FREE_OPTIONS.includes(systemName);
}

function selectedOf(methods: readonly ShippingMethod[]): ShippingSystemName | null {
  return methods.find((method) => method.selected)?.shippingRateComputationMethodSystemName ?? null;
}

/**
 * SPEC.md §4 'Shipping': choosing a free option that is on toggles it off and falls back to Standard; choosing any
 * other method selects it (so choosing one free option clears the other).
 */
export function nextSelection(current: ShippingSystemName | null, chosen: ShippingSystemName): ShippingSystemName {
  return isFreeOption(chosen) && chosen === current ? STANDARD : chosen;
}

/** SPEC.md §4: with a free bulk method the list is sorted by displayOrder with that method first. */
export function orderedMethods(methods: readonly ShippingMethod[]): ShippingMethod[] {
  const rank = (method: ShippingMethod) =>
    method.isBulkDelivery && method.shippingRateComputationMethodSystemName === 'Shipping.FreeBulk' ? 0 : 1;
  return [...methods].sort((a, b) => rank(a) - rank(b) || a.displayOrder - b.displayOrder);
}

/** SPEC.md §4: the methods on screen; Standard is hidden while a bulk method is selected. */
export function visibleMethods(context: Pick<ShippingContext, 'methods' | 'selected'>): ShippingMethod[] {
  const bulkSelected = isFreeOption(context.selected);
  return orderedMethods(context.methods).filter(
    (method) => !(bulkSelected && method.shippingRateComputationMethodSystemName === STANDARD),
  );
}

/** What saving sends: the chosen method, which changesSelection found among the methods before saving began. */
function choiceOf(context: ShippingContext): ShippingChoice {
  const selected = present(context.selected, 'The chosen shipping method');
  const method = present(
    context.methods.find((candidate) => candidate.shippingRateComputationMethodSystemName === selected),
    'The chosen shipping method among the methods',
  );
  return {
    shippingMethod: method.name,
    shippingRateComputationMethodSystemName: selected,
    isPickupInStore: method.isPickupInStore,
  };
}

/**
 * The checkout's shipping choice (SPEC.md §4 'Shipping', DESIGN.md §7): free bulk and regional free bulk toggle, a
 * toggled-off free option falls back to Standard, one free option clears the other, and each choice goes to the
 * server through the named actor saveShippingMethod. The server's answer brings the methods with their fees.
 */
export const shippingMachine = setup({
  types: {
    context: {} as ShippingContext,
    events: {} as ShippingEvent,
    input: {} as ShippingInput,
  },
  actors: {
    saveShippingMethod: fromPromise<readonly ShippingMethod[], ShippingChoice>(async () => {
      throw new Error('saveShippingMethod is supplied by the app');
    }),
  },
  guards: {
    changesSelection: ({ context }, params: { chosen: ShippingSystemName }) => {
      const next = nextSelection(context.selected, params.chosen);
      return (
        next !== context.selected &&
        context.methods.some((method) => method.shippingRateComputationMethodSystemName === next)
      );
    },
  },
  actions: {
    choose: assign(({ context }, params: { chosen: ShippingSystemName }) => ({
      selected: nextSelection(context.selected, params.chosen),
    })),
    adoptLoaded: assign((_, params: { methods: readonly ShippingMethod[] }) => {
      const selected = selectedOf(params.methods);
      return { methods: params.methods, selected, confirmed: selected };
    }),
    confirm: assign(({ context }, params: { methods: readonly ShippingMethod[] }) => ({
      methods: params.methods,
      confirmed: context.selected,
    })),
    restore: assign({ selected: ({ context }) => context.confirmed }),
  },
}).createMachine({
  id: 'shipping',
  context: ({ input }) => {
    const selected = selectedOf(input.methods);
    return { methods: input.methods, selected, confirmed: selected };
  },
  initial: 'idle',
  states: {
    idle: {
      on: {
        'shipping.choose': {
          guard: { type: 'changesSelection', params: ({ event }) => ({ chosen: event.systemName }) },
          target: 'saving',
          actions: { type: 'choose', params: ({ event }) => ({ chosen: event.systemName }) },
        },
        'shipping.loaded': { actions: { type: 'adoptLoaded', params: ({ event }) => ({ methods: event.methods }) } },
      },
    },
    saving: {
      invoke: {
        id: 'saveShippingMethod',
        src: 'saveShippingMethod',
        input: ({ context }) => choiceOf(context),
        onDone: { target: 'idle', actions: { type: 'confirm', params: ({ event }) => ({ methods: event.output }) } },
        onError: { target: 'idle', actions: 'restore' },
      },
    },
  },
});
