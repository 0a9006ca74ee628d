import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import { MAX_EMAIL_PRODUCTS } from '../../../contract/catalogue-forms';
import { onUserDataForgotten } from '../../session/user-data';

/**
 * SPEC.md §3 'email-products list': the products a customer picked to send as a quote (Form/SelectAndEmail).
 * An entry is one product, or a front/rear pair from a staggered search, with optional equipment. Names ride along
 * for the list on screen; the server prices every id itself. Kept for this tab in sessionStorage.
 */
const pickedSchema = z.object({ id: z.int(), name: z.string() });
const entrySchema = z.object({
  id: z.string(),
  front: pickedSchema,
  rear: pickedSchema.nullable(),
  equipmentId: z.int().nullable(),
  quantity: z.int().min(1).max(99),
});
export type EmailProductEntry = z.infer<typeof entrySchema>;

const STORAGE_KEY = 'yhi.emailProducts';
const listeners = new Set<() => void>();
let entries: readonly EmailProductEntry[] | null = null;

function read(): readonly EmailProductEntry[] {
  try {
    return z
      .array(entrySchema)
      .catch([])
      .parse(JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? '[]'));
  } catch {
    return [];
  }
}

export function emailProducts(): readonly EmailProductEntry[] {
  entries ??= read();
  return entries;
}

onUserDataForgotten(() => {
  entries = null;
  for (const listener of listeners) listener();
});

function write(next: readonly EmailProductEntry[]): void {
  entries = next;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage refused: the list still holds for this page view
  }
  for (const listener of listeners) listener();
}

let sequence = 0;
const newId = () => `${Date.now().toString(36)}-${(sequence += 1)}`;

export function isPicked(productId: number): boolean {
  return emailProducts().some((entry) => entry.front.id === productId || entry.rear?.id === productId);
}

/** Adds a product as its own entry, or removes it (and the pair it is in) when already picked. */
export function togglePicked(product: { id: number; name: string }): void {
  const list = emailProducts();
  if (isPicked(product.id)) {
    write(list.filter((entry) => entry.front.id !== product.id && entry.rear?.id !== product.id));
  } else if (list.length < MAX_EMAIL_PRODUCTS) {
    write([...list, { id: newId(), front: product, rear: null, equipmentId: null, quantity: 4 }]);
  }
}

/** The newest entry still waiting for a rear tyre: a rear pick pairs with it. */
export function openFront(): EmailProductEntry | undefined {
  return [...emailProducts()].reverse().find((entry) => entry.rear === null);
}

export function pickRear(product: { id: number; name: string }): void {
  const front = openFront();
  if (!front) return;
  write(emailProducts().map((entry) => (entry.id === front.id ? { ...entry, rear: product } : entry)));
}

export function removeEntry(id: string): void {
  write(emailProducts().filter((entry) => entry.id !== id));
}

export function setEntryQuantity(id: string, quantity: number): void {
  write(emailProducts().map((entry) => (entry.id === id ? { ...entry, quantity } : entry)));
}

export function clearEmailProducts(): void {
  write([]);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useEmailProducts(): readonly EmailProductEntry[] {
  return useSyncExternalStore(subscribe, emailProducts, () => []);
}
