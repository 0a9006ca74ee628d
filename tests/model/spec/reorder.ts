import { expect } from 'vitest';
import type { ReorderContext } from '../../../machines/reorder';
import type { CartState } from '../../../src/contract/cart';
import type { ReorderResult } from '../../../src/contract/order-history';
import type { SpecAssertions, SpecObservation } from '../support/model-harness';
import { isAnswerOf, isTimer, lastEvent } from './trace';

/**
 * Order history and reorder, as assertions per state on what the dealer sees and what went to the server.
 * Written from the issue, not from machines/reorder.ts.
 */
const contextOf = (observed: SpecObservation) => observed.snapshot.context as ReorderContext;
const lastSent = (observed: SpecObservation) => observed.sent.at(-1);

/** docs/orders.md: the results show for 1.5 s before the cart opens on its own. */
const RESULTS_PAUSE_MS = 1_500;
/**
 * The page's walk (tests/ui/reorder-view.test.tsx) runs on a fake clock that also moves with real time, in steps of
 * tens of milliseconds, so the cart may open a step after the pause there; the bare machine's walk is exact.
 */
const CLOCK_STEP_SLACK_MS = 100;

export const reorderSpec: SpecAssertions = {
  // Only the order's own lines can be ticked, each at most once.
  '*': (observed) => {
    const { chosen, lineIds } = contextOf(observed);
    for (const id of chosen) expect(lineIds).toContain(id);
    expect(new Set(chosen).size).toBe(chosen.length);
  },
  // Choosing lines: no results and no error on screen.
  choosing: (observed) => {
    expect(contextOf(observed).results).toEqual([]);
    expect(contextOf(observed).error).toBeNull();
  },
  // 'Order again' sends all lines (no list) or the ticked ones (never an empty list), for this order.
  sending: (observed) => {
    const { orderId, lineIds } = contextOf(observed);
    const sent = lastSent(observed);
    expect(sent?.src).toBe('sendReorder');
    const input = sent?.input as { orderId: number; lineIds: readonly number[] | null };
    expect(input.orderId).toBe(orderId);
    if (input.lineIds !== null) {
      expect(input.lineIds.length).toBeGreaterThan(0);
      for (const id of input.lineIds) expect(lineIds).toContain(id);
    }
  },
  // The result is shown line by line, one per line sent.
  results: (observed) => expect(contextOf(observed).results.length).toBeGreaterThan(0),
  // The cart opens only when something went into it: at 'Open the cart', or on its own 1.5 s after the results came.
  done: (observed) => {
    expect(contextOf(observed).results.some((line) => line.result !== 'Unavailable')).toBe(true);
    const event = lastEvent(observed);
    if (!event || !isTimer(event)) return;
    const answered = observed.trace.findLast((entry) => isAnswerOf(entry.event, 'sendReorder'));
    const shown = observed.now - (answered?.at ?? 0);
    expect(shown, 'the results show for 1.5 s').toBeGreaterThanOrEqual(RESULTS_PAUSE_MS);
    expect(shown, 'the results show for 1.5 s').toBeLessThan(RESULTS_PAUSE_MS + CLOCK_STEP_SLACK_MS);
  },
  // A failed send says why.
  failed: (observed) => expect(contextOf(observed).error).toEqual(expect.any(String)),
};

const emptyCart = { items: [], totalProducts: 0 } as unknown as CartState;
const line = (lineId: number, result: 'Added' | 'PartlyAdded' | 'Unavailable') => ({
  lineId,
  sku: `SKU${lineId}`,
  name: `Product ${lineId}`,
  result,
  requestedQuantity: 4,
  addedQuantity: result === 'Added' ? 4 : result === 'PartlyAdded' ? 2 : 0,
  reason: result,
});
export const someAdded: ReorderResult = {
  lines: [line(11, 'Added'), line(12, 'PartlyAdded'), line(13, 'Unavailable')],
  cart: emptyCart,
};
export const noneAdded: ReorderResult = { lines: [line(11, 'Unavailable')], cart: emptyCart };

/** What a run of the reorder model works on: the order's lines, the lines it ticks, and Order/Reorder's two answers. */
export interface ReorderFixture {
  readonly name: string;
  readonly orderId: number;
  readonly lineIds: readonly number[];
  /** Lines ticked along the paths; one not in the order shows a tick the machine refuses. */
  readonly toggled: readonly number[];
  readonly someAdded: ReorderResult;
  readonly noneAdded: ReorderResult;
}

/** The reorder machine's model over an order: every choice, each Order/Reorder answer and a failure. */
export function reorderModelOptionsFor(fixture: ReorderFixture) {
  return {
    spec: reorderSpec,
    inputs: { [fixture.name]: { orderId: fixture.orderId, lineIds: [...fixture.lineIds] } },
    events: [
      ...fixture.toggled.map((lineId) => ({ type: 'reorder.toggle' as const, lineId })),
      { type: 'reorder.chooseAll' },
      { type: 'reorder.chooseNone' },
      { type: 'reorder.sendAll' },
      { type: 'reorder.sendChosen' },
      { type: 'reorder.openCart' },
      { type: 'reorder.retry' },
      { type: 'reorder.back' },
      { type: 'reorder.again' },
      { type: 'xstate.done.actor.sendReorder', output: fixture.someAdded },
      { type: 'xstate.done.actor.sendReorder', output: fixture.noneAdded },
      { type: 'xstate.error.actor.sendReorder', error: new Error('offline') },
    ],
    describeEvent: (event: { type: string; output?: unknown; lineId?: number }) =>
      event.type === 'xstate.done.actor.sendReorder'
        ? event.output === fixture.someAdded
          ? 'reorder answered: some added'
          : 'reorder answered: none added'
        : event.type === 'reorder.toggle'
          ? `reorder.toggle ${event.lineId}`
          : event.type,
  } as const;
}

/** The model of an order of three lines, one line and an unknown one ticked. */
export const reorderModelOptions = reorderModelOptionsFor({
  name: 'an order of three lines',
  orderId: 7,
  lineIds: [11, 12, 13],
  toggled: [12, 99],
  someAdded,
  noneAdded,
});
