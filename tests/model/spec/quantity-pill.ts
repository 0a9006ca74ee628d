import { expect } from 'vitest';
import type { QuantityPillContext } from '../../../machines/quantity-pill';
import type { CartStock } from '../../../src/contract/cart';
import type { SpecAssertions, SpecObservation, TraceEntry } from '../support/model-harness';
import { isAnswerOf, isTimer } from './trace';

/**
 * SPEC.md §4 'Quantity pill', as assertions on what the user sees (the pill's quantity, Add to Cart or the pill, the
 * popup) and on what went to the server, per state. Written from the spec, not from machines/quantity-pill.ts.
 */
const contextOf = (observed: SpecObservation) => observed.snapshot.context as QuantityPillContext;
const lastSent = (observed: SpecObservation) => observed.sent.at(-1);

/** SPEC.md §4 and §9: plus and minus changes are debounced 500 ms, then sent. */
const DEBOUNCE_MS = 500;

const quantityOf = (entry: TraceEntry | undefined) =>
  (entry?.snapshot.context as QuantityPillContext | undefined)?.quantity;

/**
 * Every wait on the path ran exactly 500 ms: from the last change of the quantity (each change restarts it), or from
 * the answer that came back while a newer change was waiting to go out.
 */
function checkWaits(trace: readonly TraceEntry[]): void {
  trace.forEach((entry, index) => {
    if (!isTimer(entry.event)) return;
    const before = trace.slice(0, index);
    const started = before.findLast(
      (candidate, at) =>
        isAnswerOf(candidate.event, 'saveQuantity') || quantityOf(candidate) !== quantityOf(before[at - 1]),
    );
    expect(started, 'a wait starts with a change').toBeDefined();
    expect(entry.at - (started?.at ?? 0), 'the wait before a change is sent').toBe(DEBOUNCE_MS);
  });
}

export const quantityPillSpec: SpecAssertions = {
  // Every change waits 500 ms for more before it goes out; a line holds between 0 and the most a line may hold,
  // whatever was clicked or typed.
  '*': (observed) => {
    checkWaits(observed.trace);
    const { quantity, max } = contextOf(observed);
    expect(quantity).toBeGreaterThanOrEqual(0);
    expect(quantity).toBeLessThanOrEqual(max);
  },
  // 'Add to Cart' shows while the product is not in the cart.
  notInCart: (observed) => expect(contextOf(observed).itemId).toBeNull(),
  // Add to Cart first adds quantity 1, with the vehicle; a quantity typed beside it is added instead,
  // never less than 1 nor more than a line holds.
  adding: (observed) => {
    const { productId, vehicleId, quantity, max } = contextOf(observed);
    expect(lastSent(observed)).toEqual({ src: 'addToCart', input: { productId, vehicleId, quantity } });
    expect(quantity).toBeGreaterThanOrEqual(1);
    expect(quantity).toBeLessThanOrEqual(max);
  },
  // The pill shows for a line in the cart, with the quantity the server holds once nothing is waiting to be sent
  // (every change is sent after the wait); the stock popup only when the quantity exceeds the company's own stock.
  idle: (observed) => {
    const { itemId, popup, quantity, confirmed, stock } = contextOf(observed);
    expect(itemId).not.toBeNull();
    expect(quantity).toBe(confirmed);
    if (popup === 'stock') expect(quantity).toBeGreaterThan(stock.stockQuantity);
  },
  // A change goes out as the line's new quantity; below 1 is never sent as a quantity (it removes the line).
  sending: (observed) => {
    const sent = lastSent(observed);
    expect(sent?.src).toBe('saveQuantity');
    const input = sent?.input as { itemId: number; quantity: number };
    expect(input.itemId).toBe(contextOf(observed).itemId);
    expect(input.quantity).toBeGreaterThanOrEqual(1);
  },
  // Going below 1 removes the item.
  removing: (observed) => {
    expect(lastSent(observed)).toEqual({ src: 'removeLine', input: { itemId: contextOf(observed).itemId } });
    expect(contextOf(observed).quantity).toBeLessThan(1);
  },
};

export const localOne: CartStock = {
  stockQuantity: 1,
  localStockQuantity: 1,
  stockType: 'Local',
  inventories: [
    { warehouseName: 'MELBOURNE', stockQuantity: 1, onOrderQuantity: 0, onOrderExpectedDate: null, isSupplier: false },
  ],
};
export const base = { productId: 11, vehicleId: 5, stock: localOne, promotion: null, max: 2 } as const;

/** The quantity pill's model: two starting points, every event with the payloads that matter, and the spec. */
export const quantityPillModelOptions = {
  spec: quantityPillSpec,
  inputs: {
    'not in the cart': { ...base, itemId: null, quantity: 0 },
    'one in the cart, cashback line': { ...base, itemId: 7, quantity: 1, promotion: 'CashBack4' },
  },
  events: [
    { type: 'qty.add' },
    { type: 'qty.add', quantity: 2 },
    { type: 'qty.add', quantity: 9 },
    { type: 'qty.increment' },
    { type: 'qty.decrement' },
    { type: 'qty.typed', value: '2' },
    { type: 'qty.typed', value: 'abc' },
    { type: 'qty.typed', value: '-3' },
    { type: 'qty.synced', quantity: 2 },
    { type: 'qty.closePopup' },
    { type: 'xstate.done.actor.addToCart', output: { itemId: 7, quantity: 1 } },
    { type: 'xstate.error.actor.addToCart', error: new Error('offline') },
    { type: 'xstate.done.actor.saveQuantity', output: { itemId: 7, quantity: 2 } },
    { type: 'xstate.error.actor.saveQuantity', error: new Error('offline') },
    { type: 'xstate.done.actor.removeLine' },
    { type: 'xstate.error.actor.removeLine', error: new Error('offline') },
  ],
} as const;
