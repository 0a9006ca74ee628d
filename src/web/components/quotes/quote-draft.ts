import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { QUOTE_MAX_LINES } from '../../../contract/quotes';
import { onUserDataForgotten } from '../../session/user-data';

/**
 * The quote being built (docs/quotes.md): products picked from the catalogue or the cart, kept for this tab in
 * sessionStorage until it is saved. Names ride along for the page; the server prices every product itself.
 */
const draftLineSchema = z.object({ productId: z.int(), name: z.string(), quantity: z.int().min(1).max(99) });
export type QuoteDraftLine = z.infer<typeof draftLineSchema>;

const STORAGE_KEY = 'yhi.quoteDraft';
const listeners = new Set<() => void>();
let lines: readonly QuoteDraftLine[] | null = null;

function read(): readonly QuoteDraftLine[] {
  try {
    return z
      .array(draftLineSchema)
      .catch([])
      .parse(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

export function quoteDraft(): readonly QuoteDraftLine[] {
  lines ??= read();
  return lines;
}

onUserDataForgotten(() => {
  lines = null;
  for (const listener of listeners) listener();
});

function write(next: readonly QuoteDraftLine[]): void {
  lines = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage refused: the draft still holds for this page view
  }
  for (const listener of listeners) listener();
}

/** Adds products to the draft; one already on it gets the quantity added. */
export function addToQuoteDraft(additions: readonly QuoteDraftLine[]): void {
  let next = [...quoteDraft()];
  for (const addition of additions) {
    const existing = next.find((line) => line.productId === addition.productId);
    if (existing) {
      const quantity = Math.min(99, existing.quantity + addition.quantity);
      next = next.map((line) => (line === existing ? { ...line, quantity } : line));
    } else if (next.length < QUOTE_MAX_LINES) {
      next.push(addition);
    }
  }
  write(next);
}

export function setDraftQuantity(productId: number, quantity: number): void {
  write(quoteDraft().map((line) => (line.productId === productId ? { ...line, quantity } : line)));
}

export function removeFromQuoteDraft(productId: number): void {
  write(quoteDraft().filter((line) => line.productId !== productId));
}

export function clearQuoteDraft(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useQuoteDraft(): readonly QuoteDraftLine[] {
  return useSyncExternalStore(subscribe, quoteDraft, () => []);
}
