import { assign, fromPromise, setup } from 'xstate';
import type { CartStock } from '../src/contract/cart';
import { present } from './present';

/** SPEC.md §9: plus and minus changes wait 500 ms for more before one request goes out. */
export const QUANTITY_DEBOUNCE_MS = 500;

export type LinePromotion = 'CashBack4' | 'BuyXGetYFree' | null;
export type PopupReason = 'stock' | 'promotion';

export interface QuantityPillInput {
  readonly productId: number;
  /** The cart line, or null while the product is not in the cart (the pill shows 'Add to Cart'). */
  readonly itemId: number | null;
  readonly quantity: number;
  readonly vehicleId: number | null;
  readonly stock: CartStock;
  readonly promotion: LinePromotion;
  /** The most a line holds (MAX_LINE_QUANTITY). */
  readonly max: number;
}

export interface QuantityPillContext extends QuantityPillInput {
  /** The quantity the server last confirmed; the pill returns to it when a change fails. */
  confirmed: number;
  popup: PopupReason | null;
  failed: boolean;
  /** A change was made while the last one was on its way: it goes out once that answer is in. */
  changedWhileSending: boolean;
}

export type QuantityPillEvent =
  /** Add to Cart: 1, or the quantity typed beside it at the counter ('4' then Enter adds four). */
  | { type: 'qty.add'; quantity?: number }
  | { type: 'qty.increment' }
  | { type: 'qty.decrement' }
  | { type: 'qty.typed'; value: string }
  | { type: 'qty.closePopup' }
  /** The cart as the client now holds it says this line has `quantity` (another view of the line changed it). */
  | { type: 'qty.synced'; quantity: number };

/** What the app's actors answer: the line as the server now has it (null once removed). */
export interface SavedLine {
  readonly itemId: number;
  readonly quantity: number;
}

/** Supplier warehouses hold stock the company orders in; what the company holds itself is stockQuantity. */
function supplierQuantity(stock: CartStock): number {
  return stock.inventories.reduce((sum, entry) => sum + (entry.isSupplier ? entry.stockQuantity : 0), 0);
}

/**
 * SPEC.md §4 understock highlight: Local stock when the quantity is above it (the local warehouse's figure, not
 * every own warehouse's: 12 of '10 local · 99 interstate' cannot all go out today); Interstate or None with
 * supplier stock at any quantity over 0.
 */
export function isUnderstocked(quantity: number, stock: CartStock): boolean {
  if (stock.stockType === 'Local') return quantity > stock.localStockQuantity;
  if (stock.stockType === 'Interstate' || stock.stockType === 'None')
    return supplierQuantity(stock) > 0 && quantity > 0;
  return false;
}

/** Typed input: digits only (else ignored), a leading minus becomes 0. */
export function parseTypedQuantity(value: string): number | null {
  const trimmed = value.trim();
  if (/^-\d+$/.test(trimmed)) return 0;
  if (!/^\d+$/.test(trimmed)) return null;
  return Number.parseInt(trimmed, 10);
}

/** The line a pill sends or removes: those states are reached only from idle, which is reached only with a line. */
function lineItemId(context: QuantityPillContext): number {
  return present(context.itemId, 'The cart line of the pill');
}

const typedOf = (event: QuantityPillEvent) => (event.type === 'qty.typed' ? parseTypedQuantity(event.value) : null);

/**
 * The quantity pill of a cart line or product (SPEC.md §4): Add to Cart adds 1, or the quantity typed beside it
 * (with the vehicle); plus, minus and
 * typed quantities wait 500 ms (more changes restart the wait) and then go out as one request; below 1 removes
 * the line. After a change a popup explains when the quantity exceeds the company's own stock, or when the line
 * carries a cashback or buy-X-get-Y-free promotion.
 */
export const quantityPillMachine = setup({
  types: {
    context: {} as QuantityPillContext,
    events: {} as QuantityPillEvent,
    input: {} as QuantityPillInput,
  },
  actors: {
    addToCart: fromPromise<SavedLine, { productId: number; vehicleId: number | null; quantity: number }>(async () => {
      throw new Error('addToCart is supplied by the app');
    }),
    saveQuantity: fromPromise<SavedLine, { itemId: number; quantity: number }>(async () => {
      throw new Error('saveQuantity is supplied by the app');
    }),
    removeLine: fromPromise<void, { itemId: number }>(async () => {
      throw new Error('removeLine is supplied by the app');
    }),
  },
  guards: {
    isInCart: ({ context }) => context.itemId !== null,
    canIncrement: ({ context }) => context.quantity < context.max,
    canDecrement: ({ context }) => context.quantity > 0,
    // Non-numeric input is ignored, and so is a number the pill already shows (no change to send).
    isNewTypedQuantity: ({ context, event }) => {
      const typed = typedOf(event);
      return typed !== null && Math.min(context.max, typed) !== context.quantity;
    },
    hasPopup: ({ context }) => context.popup !== null,
    isBelowOne: ({ context }) => context.quantity < 1,
    isUnchanged: ({ context }) => context.quantity === context.confirmed,
    isOutOfStep: ({ context, event }) =>
      event.type === 'qty.synced' && (event.quantity !== context.quantity || event.quantity !== context.confirmed),
    changedWhileSending: ({ context }) => context.changedWhileSending,
  },
  actions: {
    takeAddQuantity: assign({
      quantity: ({ context, event }) =>
        Math.min(context.max, Math.max(1, event.type === 'qty.add' ? (event.quantity ?? 1) : 1)),
    }),
    increment: assign({ quantity: ({ context }) => context.quantity + 1 }),
    decrement: assign({ quantity: ({ context }) => context.quantity - 1 }),
    setTyped: assign({ quantity: ({ context, event }) => Math.min(context.max, typedOf(event) ?? context.quantity) }),
    confirmLine: assign((_, params: { line: SavedLine }) => ({
      itemId: params.line.itemId,
      quantity: params.line.quantity,
      confirmed: params.line.quantity,
      failed: false,
    })),
    explain: assign({
      popup: ({ context }) =>
        context.quantity > context.stock.stockQuantity ? 'stock' : context.promotion !== null ? 'promotion' : null,
    }),
    closePopup: assign({ popup: null }),
    adoptSynced: assign(({ context, event }) =>
      event.type === 'qty.synced'
        ? { quantity: event.quantity, confirmed: event.quantity }
        : { quantity: context.quantity },
    ),
    startSending: assign({ changedWhileSending: false }),
    noteQueuedChange: assign({ changedWhileSending: true }),
    confirmKeepingQueued: assign((_, params: { line: SavedLine }) => ({
      itemId: params.line.itemId,
      confirmed: params.line.quantity,
      failed: false,
    })),
    restore: assign({ quantity: ({ context }) => context.confirmed, failed: true }),
    forgetLine: assign({ itemId: null, quantity: 0, confirmed: 0, popup: null, failed: false }),
  },
  delays: {
    debounce: QUANTITY_DEBOUNCE_MS,
  },
}).createMachine({
  id: 'quantityPill',
  context: ({ input }) => ({
    ...input,
    confirmed: input.quantity,
    popup: null,
    failed: false,
    changedWhileSending: false,
  }),
  initial: 'deciding',
  states: {
    deciding: {
      always: [{ guard: 'isInCart', target: 'idle' }, { target: 'notInCart' }],
    },
    notInCart: {
      on: { 'qty.add': { target: 'adding', actions: 'takeAddQuantity' } },
    },
    adding: {
      invoke: {
        id: 'addToCart',
        src: 'addToCart',
        input: ({ context }) => ({
          productId: context.productId,
          vehicleId: context.vehicleId,
          quantity: context.quantity,
        }),
        onDone: {
          target: 'idle',
          actions: [{ type: 'confirmLine', params: ({ event }) => ({ line: event.output }) }, 'explain'],
        },
        onError: { target: 'notInCart', actions: 'restore' },
      },
    },
    idle: {
      on: {
        'qty.increment': { guard: 'canIncrement', target: 'debouncing', actions: 'increment' },
        'qty.decrement': { guard: 'canDecrement', target: 'debouncing', actions: 'decrement' },
        'qty.typed': { guard: 'isNewTypedQuantity', target: 'debouncing', actions: 'setTyped' },
        'qty.closePopup': { guard: 'hasPopup', actions: 'closePopup' },
        'qty.synced': { guard: 'isOutOfStep', actions: 'adoptSynced' },
      },
    },
    debouncing: {
      after: {
        debounce: [
          { guard: 'isBelowOne', target: 'removing' },
          { guard: 'isUnchanged', target: 'idle' },
          { target: 'sending' },
        ],
      },
      on: {
        'qty.increment': { guard: 'canIncrement', target: 'debouncing', reenter: true, actions: 'increment' },
        'qty.decrement': { guard: 'canDecrement', target: 'debouncing', reenter: true, actions: 'decrement' },
        'qty.typed': { guard: 'isNewTypedQuantity', target: 'debouncing', reenter: true, actions: 'setTyped' },
      },
    },
    sending: {
      entry: 'startSending',
      on: {
        'qty.increment': { guard: 'canIncrement', actions: ['increment', 'noteQueuedChange'] },
        'qty.decrement': { guard: 'canDecrement', actions: ['decrement', 'noteQueuedChange'] },
        'qty.typed': { guard: 'isNewTypedQuantity', actions: ['setTyped', 'noteQueuedChange'] },
      },
      invoke: {
        id: 'saveQuantity',
        src: 'saveQuantity',
        input: ({ context }) => ({ itemId: lineItemId(context), quantity: context.quantity }),
        onDone: [
          {
            guard: 'changedWhileSending',
            target: 'debouncing',
            actions: { type: 'confirmKeepingQueued', params: ({ event }) => ({ line: event.output }) },
          },
          {
            target: 'idle',
            actions: [{ type: 'confirmLine', params: ({ event }) => ({ line: event.output }) }, 'explain'],
          },
        ],
        onError: { target: 'idle', actions: 'restore' },
      },
    },
    removing: {
      invoke: {
        id: 'removeLine',
        src: 'removeLine',
        input: ({ context }) => ({ itemId: lineItemId(context) }),
        onDone: { target: 'notInCart', actions: 'forgetLine' },
        onError: { target: 'idle', actions: 'restore' },
      },
    },
  },
});
