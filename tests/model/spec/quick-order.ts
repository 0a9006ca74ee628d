import { expect } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import { type QuickOrderContext, isFailed } from '../../../machines/quick-order';
import type { CartState } from '../../../src/contract/cart';
import type { QuickAddResponse, QuickOrderProduct } from '../../../src/contract/quick-order';
import type { SpecAssertions, SpecObservation } from '../support/model-harness';

/**
 * The quick order pad, as assertions on the rows the buyer sees and on what went to the server, per state.
 * Written from the issue, not from machines/quick-order.ts.
 */
const contextOf = (observed: SpecObservation) => observed.snapshot.context as QuickOrderContext;
const isWholeQuantity = (text: string) => /^\d+$/.test(text.trim()) && Number(text) >= 1 && Number(text) <= 9_999;

export const quickOrderSpec: SpecAssertions = {
  // The pad never holds more rows than one request takes, and each row is one row (no two share an id).
  '*': (observed) => {
    const { rows, maxRows } = contextOf(observed);
    expect(rows.length).toBeLessThanOrEqual(maxRows);
    expect(new Set(rows.map((row) => row.id)).size).toBe(rows.length);
  },
  // While editing nothing is on its way and no candidate list is open.
  editing: (observed) => {
    const { sending, choosing } = contextOf(observed);
    expect(sending).toEqual([]);
    expect(choosing).toBeNull();
  },
  // Candidates are offered only for an ambiguous row, and the arrow keys stay within them.
  choosing: (observed) => {
    const { rows, choosing } = contextOf(observed);
    const row = rows.find((candidate) => candidate.id === choosing?.rowId);
    expect(row?.result?.status).toBe('Ambiguous');
    const count = row?.result?.status === 'Ambiguous' ? row.result.candidates.length : 0;
    expect(choosing?.highlighted).toBeGreaterThanOrEqual(0);
    expect(choosing?.highlighted).toBeLessThan(count);
  },
  // 'Add all to cart' sends the ready rows once: every row not yet answered with a query and a quantity, and no other
  // (an Added row is never sent again), as one request.
  adding: (observed) => {
    const { rows } = contextOf(observed);
    const sent = observed.sent.at(-1);
    expect(sent?.src).toBe('quickAdd');
    const ready = rows.filter((row) => row.result === null && row.query.trim() !== '' && isWholeQuantity(row.quantity));
    expect(sent?.input).toEqual({
      lines: ready.map((row) => ({ query: row.query.trim(), quantity: Number(row.quantity) })),
    });
    expect(ready.length).toBeGreaterThan(0);
  },
};

const product = (sku: string, priceCents: number, stockQuantity: number): QuickOrderProduct => ({
  id: priceCents,
  sku,
  name: `${sku} 265/65R17`,
  productType: 'Tyre',
  brand: 'Alpha',
  pattern: 'Road One',
  priceDisplay: 'Trade',
  priceCents,
  stockQuantity,
  localStockQuantity: stockQuantity,
  stockType: stockQuantity > 0 ? 'Local' : 'None',
  onOrderExpectedDate: null,
  delivery: stockQuantity > 0 ? { text: 'today (pick-up)', date: '2026-11-27' } : { text: 'not available', date: null },
});

const cart = {
  items: [],
  totalProducts: 0,
  subTotal: '$0.00',
  subTotalValue: 0,
  discountCode: null,
} as unknown as CartState;

/** First row ambiguous between two tyres, the second added. */
export const ambiguousThenAdded: QuickAddResponse = {
  lines: [
    {
      status: 'Ambiguous',
      query: '2656517',
      quantity: 4,
      candidates: [product('T3', 15_000, 0), product('T1', 20_000, 10)],
      matchCount: 2,
    },
    { status: 'Added', query: 'T1', quantity: 2, product: product('T1', 20_000, 10) },
  ],
  cart,
};

/** The row added. */
export const addedOnly: QuickAddResponse = {
  lines: [{ status: 'Added', query: 'T1', quantity: 2, product: product('T1', 20_000, 10) }],
  cart,
};

/**
 * The pad's model: one row at most (every rule shows on one row, and each more row multiplies the states the traversal
 * walks), typed, pasted past the limit, changed, chosen and sent.
 */
export const quickOrderModelOptions = {
  spec: quickOrderSpec,
  inputs: { 'a pad of one row': { maxRows: 1 } },
  // The download changes nothing the machine holds: whether there were rows to correct tells its paths apart.
  distinguish: (snapshot: AnyMachineSnapshot) => (snapshot.context as QuickOrderContext).rows.some(isFailed),
  events: [
    { type: 'draft.change', query: 'T1', quantity: '2' },
    { type: 'draft.submit' },
    {
      type: 'rows.append',
      lines: [
        { query: '2656517', quantity: '' },
        { query: 'M1', quantity: '1' },
      ],
    },
    { type: 'row.change', id: 1, quantity: '4' },
    { type: 'row.remove', id: 1 },
    { type: 'rows.clear' },
    { type: 'row.choose', id: 1 },
    { type: 'candidate.next' },
    { type: 'candidate.previous' },
    { type: 'candidate.pick' },
    { type: 'candidate.cancel' },
    { type: 'rows.addAll' },
    { type: 'rows.download' },
    { type: 'notice.dismiss' },
    { type: 'xstate.done.actor.quickAdd', output: ambiguousThenAdded },
    { type: 'xstate.done.actor.quickAdd', output: addedOnly },
    { type: 'xstate.error.actor.quickAdd', error: new Error('The connection dropped.') },
  ],
} as const;
