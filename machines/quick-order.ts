import { assign, fromPromise, setup } from 'xstate';
import { present } from './present';
import { MAX_LINE_QUANTITY } from '../src/contract/cart';
import type { QuickAddResponse, QuickOrderLine, QuickOrderResult } from '../src/contract/quick-order';

/** One row of the pad as the buyer typed it; quantity stays text so a half-typed number is not lost. */
export interface QuickOrderRow {
  readonly id: number;
  readonly query: string;
  readonly quantity: string;
  /** The server's answer for this row; null until the row is sent, and again once the buyer changes it. */
  readonly result: QuickOrderResult | null;
}

/** What a pasted or imported line holds before it is a row. */
export interface TypedLine {
  readonly query: string;
  readonly quantity: string;
}

export interface QuickOrderInput {
  /** The most rows the pad holds (MAX_QUICK_ORDER_LINES: one request takes them all). */
  readonly maxRows: number;
}

/** The row whose candidates the buyer is choosing among, and the one the arrow keys have reached. */
export interface Choosing {
  readonly rowId: number;
  readonly highlighted: number;
}

export interface QuickOrderContext extends QuickOrderInput {
  rows: QuickOrderRow[];
  /** The entry line under the grid: query, Tab, quantity, Enter. */
  draft: TypedLine;
  choosing: Choosing | null;
  /** The rows of the request on its way, in the order sent (results come back in that order). */
  sending: number[];
  /** Why the last request failed, or why pasted lines were left out; null when there is nothing to say. */
  notice: string | null;
}

export type QuickOrderEvent =
  | { type: 'draft.change'; query?: string; quantity?: string }
  | { type: 'draft.submit' }
  | { type: 'rows.append'; lines: readonly TypedLine[] }
  | { type: 'row.change'; id: number; query?: string; quantity?: string }
  | { type: 'row.remove'; id: number }
  | { type: 'rows.clear' }
  | { type: 'row.choose'; id: number }
  | { type: 'candidate.next' }
  | { type: 'candidate.previous' }
  /** Takes the highlighted candidate, or the one at `index` (a click). */
  | { type: 'candidate.pick'; index?: number }
  | { type: 'candidate.cancel' }
  | { type: 'rows.addAll' }
  | { type: 'rows.download' }
  | { type: 'notice.dismiss' };

/** A row's quantity as a number, or null when it is not a whole number from 1 to the most a line holds. */
export function rowQuantity(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+$/.test(trimmed)) return null;
  const quantity = Number.parseInt(trimmed, 10);
  return quantity >= 1 && quantity <= MAX_LINE_QUANTITY ? quantity : null;
}

/** Ready to send: not sent yet (or changed since), with something to look for and a quantity. */
export function isReady(row: QuickOrderRow): boolean {
  return row.result === null && row.query.trim() !== '' && rowQuantity(row.quantity) !== null;
}

/** Rows the buyer still has to correct: answered with anything but Added, or not sendable as typed. */
export function isFailed(row: QuickOrderRow): boolean {
  return row.result === null ? !isReady(row) : row.result.status !== 'Added';
}

/** The smallest id no row holds: ids stay small, and one is never shared by two rows at once. */
function freeIds(rows: readonly QuickOrderRow[], count: number): number[] {
  const taken = new Set(rows.map((row) => row.id));
  const ids: number[] = [];
  for (let id = 1; ids.length < count; id += 1) if (!taken.has(id)) ids.push(id);
  return ids;
}

function appended(rows: readonly QuickOrderRow[], lines: readonly TypedLine[], maxRows: number) {
  const room = Math.max(0, maxRows - rows.length);
  const kept = lines.slice(0, room);
  const ids = freeIds(rows, kept.length);
  const added = kept.map((line, index) => ({
    id: present(ids[index], 'a free row id'),
    query: line.query.trim(),
    quantity: line.quantity.trim(),
    result: null,
  }));
  const left = lines.length - kept.length;
  return {
    rows: [...rows, ...added],
    notice:
      left > 0 ? `The pad holds ${maxRows} rows: ${left} ${left === 1 ? 'row was' : 'rows were'} left out.` : null,
  };
}

const choosingRow = (context: QuickOrderContext) => context.rows.find((row) => row.id === context.choosing?.rowId);
const candidatesOf = (row: QuickOrderRow | undefined) =>
  row?.result?.status === 'Ambiguous' ? row.result.candidates : [];

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message !== '' ? error.message : 'The rows could not be added. Try again.';
}

/**
 * The quick order pad: the buyer types, pastes or imports rows (query and quantity); 'Add all' sends the
 * ready rows in one Cart/QuickAdd and each row shows its answer. Rows that failed stay to be corrected (a changed row
 * is ready again) or downloaded; an ambiguous row's candidates are chosen with the arrow keys, and the chosen SKU
 * replaces the row's text. The request and the download are supplied with .provide().
 */
export const quickOrderMachine = setup({
  types: {
    context: {} as QuickOrderContext,
    events: {} as QuickOrderEvent,
    input: {} as QuickOrderInput,
  },
  actors: {
    quickAdd: fromPromise<QuickAddResponse, { lines: QuickOrderLine[] }>(async () => {
      throw new Error('quickAdd is supplied by the app');
    }),
  },
  guards: {
    canSubmitDraft: ({ context }) =>
      context.draft.query.trim() !== '' &&
      rowQuantity(context.draft.quantity) !== null &&
      context.rows.length < context.maxRows,
    hasLines: ({ event }) => event.type === 'rows.append' && event.lines.length > 0,
    isRow: ({ context, event }) => 'id' in event && context.rows.some((row) => row.id === event.id),
    // An added row is in the cart: changing it would add it again, so it is only removed from the pad, never edited.
    isEditableRow: ({ context, event }) =>
      'id' in event && context.rows.some((row) => row.id === event.id && row.result?.status !== 'Added'),
    isAmbiguousRow: ({ context, event }) =>
      event.type === 'row.choose' &&
      context.rows.some((row) => row.id === event.id && row.result?.status === 'Ambiguous'),
    hasRows: ({ context }) => context.rows.length > 0,
    hasReadyRows: ({ context }) => context.rows.some(isReady),
    hasFailedRows: ({ context }) => context.rows.some(isFailed),
    hasNotice: ({ context }) => context.notice !== null,
  },
  actions: {
    changeDraft: assign({
      draft: ({ context, event }) =>
        event.type === 'draft.change'
          ? { query: event.query ?? context.draft.query, quantity: event.quantity ?? context.draft.quantity }
          : context.draft,
    }),
    submitDraft: assign(({ context }) => ({
      ...appended(context.rows, [context.draft], context.maxRows),
      draft: { query: '', quantity: '' },
    })),
    appendLines: assign(({ context, event }) =>
      event.type === 'rows.append' ? appended(context.rows, event.lines, context.maxRows) : {},
    ),
    changeRow: assign({
      rows: ({ context, event }) =>
        event.type === 'row.change'
          ? context.rows.map((row) =>
              row.id === event.id
                ? {
                    id: row.id,
                    query: event.query ?? row.query,
                    quantity: event.quantity ?? row.quantity,
                    result: null,
                  }
                : row,
            )
          : context.rows,
    }),
    removeRow: assign({
      rows: ({ context, event }) =>
        event.type === 'row.remove' ? context.rows.filter((row) => row.id !== event.id) : context.rows,
    }),
    clearRows: assign({ rows: [], notice: null }),
    startChoosing: assign({
      choosing: ({ event }) => (event.type === 'row.choose' ? { rowId: event.id, highlighted: 0 } : null),
    }),
    highlightNext: assign({
      choosing: ({ context }) =>
        context.choosing && {
          ...context.choosing,
          highlighted: Math.min(context.choosing.highlighted + 1, candidatesOf(choosingRow(context)).length - 1),
        },
    }),
    highlightPrevious: assign({
      choosing: ({ context }) =>
        context.choosing && { ...context.choosing, highlighted: Math.max(context.choosing.highlighted - 1, 0) },
    }),
    pickHighlighted: assign({
      rows: ({ context, event }) => {
        const index =
          event.type === 'candidate.pick' && event.index !== undefined
            ? event.index
            : present(context.choosing, 'the ambiguous row being chosen for').highlighted;
        const candidate = candidatesOf(choosingRow(context))[index];
        if (!candidate) return context.rows;
        return context.rows.map((row) =>
          row.id === context.choosing?.rowId ? { ...row, query: candidate.sku, result: null } : row,
        );
      },
    }),
    stopChoosing: assign({ choosing: null }),
    startSending: assign({ sending: ({ context }) => context.rows.filter(isReady).map((row) => row.id), notice: null }),
    applyResults: assign(({ context }, params: { response: QuickAddResponse }) => {
      const results = new Map(context.sending.map((id, index) => [id, params.response.lines[index]]));
      return {
        rows: context.rows.map((row) => {
          const result = results.get(row.id);
          return result ? { ...row, result } : row;
        }),
        sending: [],
      };
    }),
    noteFailure: assign((_, params: { error: unknown }) => ({ sending: [], notice: errorMessage(params.error) })),
    dismissNotice: assign({ notice: null }),
    /** The cart the answer carries replaces the app's copy (header count, flyout). */
    showCart: (_, _params: { response: QuickAddResponse }) => undefined,
    /** Saves the rows still to be corrected as a CSV file (query, quantity, result). */
    downloadFailedRows: (_, _params: { rows: QuickOrderRow[] }) => undefined,
  },
}).createMachine({
  id: 'quickOrder',
  context: ({ input }) => ({
    ...input,
    rows: [],
    draft: { query: '', quantity: '' },
    choosing: null,
    sending: [],
    notice: null,
  }),
  initial: 'editing',
  on: {
    'notice.dismiss': { guard: 'hasNotice', actions: 'dismissNotice' },
    'draft.change': { actions: 'changeDraft' },
  },
  states: {
    editing: {
      on: {
        'draft.submit': { guard: 'canSubmitDraft', actions: 'submitDraft' },
        'rows.append': { guard: 'hasLines', actions: 'appendLines' },
        'row.change': { guard: 'isEditableRow', actions: 'changeRow' },
        'row.remove': { guard: 'isRow', actions: 'removeRow' },
        'rows.clear': { guard: 'hasRows', actions: 'clearRows' },
        'row.choose': { guard: 'isAmbiguousRow', target: 'choosing', actions: 'startChoosing' },
        'rows.addAll': { guard: 'hasReadyRows', target: 'adding' },
        'rows.download': {
          guard: 'hasFailedRows',
          actions: { type: 'downloadFailedRows', params: ({ context }) => ({ rows: context.rows.filter(isFailed) }) },
        },
      },
    },
    choosing: {
      on: {
        'candidate.next': { actions: 'highlightNext' },
        'candidate.previous': { actions: 'highlightPrevious' },
        'candidate.pick': { target: 'editing', actions: ['pickHighlighted', 'stopChoosing'] },
        'candidate.cancel': { target: 'editing', actions: 'stopChoosing' },
      },
    },
    adding: {
      entry: 'startSending',
      invoke: {
        id: 'quickAdd',
        src: 'quickAdd',
        input: ({ context }) => ({
          lines: context.rows
            .filter((row) => context.sending.includes(row.id))
            .map((row) => ({ query: row.query.trim(), quantity: rowQuantity(row.quantity) ?? 1 })),
        }),
        onDone: {
          target: 'editing',
          actions: [
            { type: 'applyResults', params: ({ event }) => ({ response: event.output }) },
            { type: 'showCart', params: ({ event }) => ({ response: event.output }) },
          ],
        },
        onError: {
          target: 'editing',
          actions: { type: 'noteFailure', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
  },
});
