import { expect } from 'vitest';
import type { ShippingContext } from '../../../machines/shipping';
import type { ShippingMethod, ShippingSystemName } from '../../../src/contract/checkout';
import type { SpecAssertions, SpecObservation, TraceEntry } from '../support/model-harness';
import { isAnswerOf, lastEvent, lastSent, outputOf } from './trace';

/**
 * SPEC.md §4 'Shipping' and §7 Checkout/ShippingMethod, per state: choosing the free bulk option toggles it on or off,
 * off falls back to Standard, the regional free option the same, one free option clears the other; the choice goes to
 * the server as {shippingMethod, shippingRateComputationMethodSystemName, isPickupInStore}, whose answer brings the
 * methods and fees. A failed save is only logged (§8), and the choice shown is again the one the server holds.
 */
const FREE: readonly ShippingSystemName[] = ['Shipping.FreeBulk', 'Shipping.RegionalFreeBulk'];

const contextOf = (snapshot: TraceEntry['snapshot']) => snapshot.context as ShippingContext;

/** What the spec says a choice selects, given what was selected when the user chose. */
function selectionAfter(selected: ShippingSystemName | null, chosen: ShippingSystemName): ShippingSystemName {
  return FREE.includes(chosen) && chosen === selected ? 'Shipping.Standard' : chosen;
}

/** The selection the server holds: the latest list it sent, or the last choice it accepted. */
function serverSelection(observed: SpecObservation): ShippingSystemName | null {
  let held = ((observed.input as { methods: readonly ShippingMethod[] }).methods.find((method) => method.selected)
    ?.shippingRateComputationMethodSystemName ?? null) as ShippingSystemName | null;
  let asked: ShippingSystemName | null = null;
  for (const entry of observed.trace) {
    if (entry.event.type === 'shipping.loaded') {
      held =
        (entry.event as { type: string; methods: readonly ShippingMethod[] }).methods.find((method) => method.selected)
          ?.shippingRateComputationMethodSystemName ?? null;
    }
    if (entry.snapshot.matches('saving')) asked = contextOf(entry.snapshot).selected;
    if (isAnswerOf(entry.event, 'saveShippingMethod')) held = asked;
  }
  return held;
}

export const shippingSpec: SpecAssertions = {
  // One method selected at a time, and only one on offer.
  '*': (observed) => {
    const { selected, methods } = contextOf(observed.snapshot);
    if (selected !== null)
      expect(methods.map((method) => method.shippingRateComputationMethodSystemName)).toContain(selected);
    const changes = observed.trace.filter(
      (entry) => entry.event.type === 'shipping.choose' && entry.snapshot.matches('saving'),
    );
    expect(observed.sent.length, 'only a choice that changes the selection is sent').toBe(changes.length);
  },
  // Nothing on its way: the choice shown is the one the server holds (after a failed save too); after a save, with
  // the fees it answered.
  idle: (observed) => {
    const event = lastEvent(observed);
    if (event && isAnswerOf(event, 'saveShippingMethod'))
      expect(contextOf(observed.snapshot).methods).toEqual(outputOf(event));
    if (event?.type === 'shipping.loaded')
      expect(contextOf(observed.snapshot).methods).toEqual((event as { type: string; methods: unknown }).methods);
    expect(contextOf(observed.snapshot).selected).toBe(serverSelection(observed));
  },
  // The choice shows at once and goes to the server as Checkout/ShippingMethod takes it.
  saving: (observed) => {
    const choice = lastEvent(observed) as { type: 'shipping.choose'; systemName: ShippingSystemName };
    const before = contextOf(observed.trace.at(-2)?.snapshot ?? observed.snapshot);
    const expected = selectionAfter(before.selected, choice.systemName);
    const method = before.methods.find((candidate) => candidate.shippingRateComputationMethodSystemName === expected);
    expect(choice.type).toBe('shipping.choose');
    expect(method, 'only a method on offer can be chosen').toBeDefined();
    expect(expected, 'a choice that changes nothing is not sent').not.toBe(before.selected);
    expect(contextOf(observed.snapshot).selected).toBe(expected);
    expect(lastSent(observed)).toEqual({
      src: 'saveShippingMethod',
      input: {
        shippingMethod: method?.name,
        shippingRateComputationMethodSystemName: expected,
        isPickupInStore: method?.isPickupInStore,
      },
    });
  },
};

export function shippingMethod(
  systemName: ShippingSystemName,
  name: string,
  displayOrder: number,
  overrides: Partial<ShippingMethod> = {},
): ShippingMethod {
  return {
    name,
    fee: '$0.00',
    feeValue: 0,
    selected: false,
    displayOrder,
    isBulkDelivery: systemName === 'Shipping.FreeBulk' || systemName === 'Shipping.RegionalFreeBulk',
    hasRegionalBulkDelivery: systemName === 'Shipping.RegionalFreeBulk',
    amountSaved: 0,
    bulkDeliveryInfos: [],
    regionalBulkDeliveryInfos: [],
    shippingRateComputationMethodSystemName: systemName,
    isPickupInStore: systemName === 'Shipping.Pickup',
    ...overrides,
  };
}

const standard = shippingMethod('Shipping.Standard', 'Standard', 0, { fee: '$50.00', feeValue: 5_000, selected: true });
export const offeredMethods = [
  standard,
  shippingMethod('Shipping.FreeBulk', 'Free Bulk Delivery', 1, {
    fee: '$20.00',
    feeValue: 2_000,
    amountSaved: 3_000,
    bulkDeliveryInfos: [{ quantity: 20, warehouseName: 'SUPPLIER STOCK', days: 7 }],
  }),
  shippingMethod('Shipping.RegionalFreeBulk', 'Regional Free Bulk Delivery', 2, {
    amountSaved: 5_000,
    regionalBulkDeliveryInfos: [{ days: 10 }],
  }),
  shippingMethod('Shipping.Pickup', 'Pickup in Store', 3),
];
/** The server's answer to a choice: the methods with their fees as they now are. */
const answered = offeredMethods.map((method) =>
  method === standard ? { ...method, fee: '$55.00', feeValue: 5_500 } : method,
);

/** The shipping choice's model: every method chosen, a fresh list from the server, and each save's answer. */
export const shippingModelOptions = {
  spec: shippingSpec,
  inputs: { 'standard, free bulk, regional free bulk and pickup': { methods: offeredMethods } },
  events: [
    { type: 'shipping.choose', systemName: 'Shipping.FreeBulk' },
    { type: 'shipping.choose', systemName: 'Shipping.RegionalFreeBulk' },
    { type: 'shipping.choose', systemName: 'Shipping.Pickup' },
    { type: 'shipping.choose', systemName: 'Shipping.Standard' },
    { type: 'shipping.loaded', methods: [standard] },
    { type: 'xstate.done.actor.saveShippingMethod', output: answered },
    { type: 'xstate.error.actor.saveShippingMethod', error: new Error('offline') },
  ],
  describeEvent: (event: { type: string; systemName?: string }) => {
    if (event.type === 'shipping.choose') return `choose ${String(event.systemName).replace('Shipping.', '')}`;
    if (event.type === 'shipping.loaded') return 'loaded (standard only)';
    return event.type.replace('xstate.', '');
  },
} as const;
