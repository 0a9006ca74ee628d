import type { QueryClient } from '@tanstack/react-query';
import { SESSION_STORAGE_KEY } from './token-storage';

/** Every key the shop writes to localStorage or sessionStorage starts with this. */
export const STORAGE_PREFIX = 'yhi.';
/**
 * Keys of settings that belong to the device, not to the person signed in (the counter switch: how this screen shows
 * prices to whoever stands in front of it). They hold no one's data and are kept when the person changes.
 */
export const DEVICE_SETTING_PREFIX = 'yhi.device.';

const listeners = new Set<() => void>();

/**
 * A store that keeps user data in memory (a copy of what it stored) registers here to drop it when the person
 * signed in changes; returns the unsubscribe.
 */
export function onUserDataForgotten(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function forgetStored(storage: Storage): void {
  const keys = Array.from({ length: storage.length }, (_, index) => storage.key(index)).filter(
    (key): key is string =>
      key !== null &&
      key.startsWith(STORAGE_PREFIX) &&
      !key.startsWith(DEVICE_SETTING_PREFIX) &&
      key !== SESSION_STORAGE_KEY,
  );
  for (const key of keys) storage.removeItem(key);
}

function storages(): Storage[] {
  try {
    return [window.localStorage, window.sessionStorage];
  } catch {
    return [];
  }
}

/**
 * Empties what the browser holds of the previous user: every cached query (in-flight fetches are cancelled, so an
 * answer for the previous user cannot land after this; views on a query see it empty and fetch it again as the next
 * user), every pending mutation, and every `yhi.*` entry of localStorage and sessionStorage except the session's own
 * tokens, which the session replaces itself, and the device's settings (`yhi.device.*`). The token cookie is the session's too.
 */
export function forgetUserData(queryClient: QueryClient | null): void {
  if (queryClient) {
    const queries = queryClient.getQueryCache();
    for (const query of queries.getAll()) query.reset();
    queries.clear();
    queryClient.getMutationCache().clear();
  }
  for (const storage of storages()) forgetStored(storage);
  for (const listener of listeners) listener();
}
