import { useEffect, useSyncExternalStore } from 'react';

/**
 * A part of the page kept out of the first load (its own chunk), fetched when a page needs it or earlier, on a hint
 * (a stored session, a pointer over a menu button). Once fetched it renders at once, with no Suspense fallback, so a
 * part that was preloaded is simply there; until then the page draws a placeholder of the part's size.
 */
export interface Preloadable<Module> {
  /** Starts fetching the part (once; a failed fetch is tried again on the next call). */
  preload(): Promise<Module>;
  /** The part when fetched, else undefined; with `wanted`, asks for it and re-renders when it arrives. */
  useModule(wanted: boolean): Module | undefined;
}

export function preloadable<Module>(load: () => Promise<Module>): Preloadable<Module> {
  let loaded: Module | undefined;
  let pending: Promise<Module> | undefined;
  const listeners = new Set<() => void>();

  const preload = (): Promise<Module> => {
    pending ??= load().then(
      (module) => {
        loaded = module;
        for (const listener of listeners) listener();
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    );
    return pending;
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;

  return {
    preload,
    useModule(wanted) {
      const module = useSyncExternalStore(subscribe, current, current);
      useEffect(() => {
        // A part that fails to arrive (a new deployment replaced its chunk) stays a placeholder; the next page load fetches it anew.
        if (wanted && !loaded) preload().catch(() => undefined);
      }, [wanted]);
      return module;
    },
  };
}
