import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import type { ShownPriceChoice } from '../../../domain/shown-price';
import { onUserDataForgotten } from '../../session/user-data';

/**
 * The counter switch: which price this screen shows, whatever the account's setting, so a dealer can turn the
 * screen to a retail customer. It lives in this tab only (sessionStorage) and never changes the account's setting;
 * a quote mailed from this screen (Form/SelectAndEmail) shows prices the same way.
 * 'Account' shows what the account's price display says.
 */
export const counterPriceModes = ['Account', 'Trade', 'RRP', 'Hide'] as const satisfies readonly ShownPriceChoice[];
export type CounterPriceMode = (typeof counterPriceModes)[number];

const STORAGE_KEY = 'yhi.counterPriceMode';
const storedMode = z.enum(counterPriceModes).catch('Account');
const listeners = new Set<() => void>();

function read(): CounterPriceMode {
  try {
    return storedMode.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? 'Account');
  } catch {
    return 'Account';
  }
}

let current: CounterPriceMode | null = null;

export function counterPriceMode(): CounterPriceMode {
  current ??= read();
  return current;
}

export function setCounterPriceMode(mode: CounterPriceMode): void {
  current = mode;
  try {
    window.sessionStorage.setItem(STORAGE_KEY, mode);
  } catch {
    // storage refused (private mode): the switch still holds for this page view
  }
  for (const listener of listeners) listener();
}

onUserDataForgotten(() => {
  current = null;
  for (const listener of listeners) listener();
});

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCounterPriceMode(): CounterPriceMode {
  return useSyncExternalStore(subscribe, counterPriceMode, () => 'Account');
}
