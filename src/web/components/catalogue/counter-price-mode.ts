import { useSyncExternalStore } from 'react';
import { z } from 'zod';
import type { ShownPriceChoice } from '../../../domain/shown-price';
import { DEVICE_SETTING_PREFIX } from '../../session/user-data';

/**
 * The counter switch: which price this screen shows, whatever the account's setting, so a dealer can turn the
 * screen to a retail customer. It never changes the account's setting; a quote mailed from this screen
 * (Form/SelectAndEmail) shows prices the same way. 'Account' shows what the account's price display says.
 *
 * It is a setting of the device (localStorage, every tab, kept across sign-out): it says how this screen faces the
 * people in front of it, which does not change when the person signed in does, and it holds no one's data. It can
 * only ever show less than the account allows (shownPriceMode), so the next person signed in sees nothing extra.
 */
export const counterPriceModes = ['Account', 'Trade', 'RRP', 'Hide'] as const satisfies readonly ShownPriceChoice[];
export type CounterPriceMode = (typeof counterPriceModes)[number];

export const COUNTER_PRICE_MODE_KEY = `${DEVICE_SETTING_PREFIX}counterPriceMode`;
/** What storage holds is outside input: anything but a known mode reads as the account's own. */
const storedMode = z.enum(counterPriceModes).catch('Account');
const listeners = new Set<() => void>();

function read(): CounterPriceMode {
  try {
    return storedMode.parse(window.localStorage.getItem(COUNTER_PRICE_MODE_KEY));
  } catch {
    return 'Account';
  }
}

let current: CounterPriceMode | null = null;

export function counterPriceMode(): CounterPriceMode {
  current ??= read();
  return current;
}

function notify(): void {
  for (const listener of listeners) listener();
}

export function setCounterPriceMode(mode: CounterPriceMode): void {
  current = mode;
  try {
    window.localStorage.setItem(COUNTER_PRICE_MODE_KEY, mode);
  } catch {
    // storage refused (private mode): the switch still holds for this page view
  }
  notify();
}

// Another tab of this device flipped the switch: this one follows.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key !== COUNTER_PRICE_MODE_KEY && event.key !== null) return;
    current = null;
    notify();
  });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useCounterPriceMode(): CounterPriceMode {
  return useSyncExternalStore(subscribe, counterPriceMode, () => 'Account');
}
