import { useEffect, useSyncExternalStore } from 'react';

/** Where a preloadable part stands: not there yet, there, or its chunk could not be fetched (the page goes on without it). */
export type PartState<Module> =
  | { readonly status: 'waiting' }
  | { readonly status: 'failed' }
  | { readonly status: 'loaded'; readonly module: Module };

/**
 * A part of the page kept out of the first load (its own chunk), fetched when a page needs it or earlier, on a hint
 * (a stored session, a pointer over a button). Once fetched it renders at once, with no Suspense fallback, so a part
 * that was preloaded is simply there.
 */
export interface Preloadable<Module> {
  /** Starts fetching the part (once; after a failure, the next call tries again). */
  preload(): Promise<Module>;
  /** Where the part stands; with `wanted`, asks for it and re-renders when it arrives. */
  usePart(wanted: boolean): PartState<Module>;
}

export function preloadable<Module>(load: () => Promise<Module>): Preloadable<Module> {
  let state: PartState<Module> = { status: 'waiting' };
  let pending: Promise<Module> | undefined;
  const listeners = new Set<() => void>();
  const settle = (next: PartState<Module>) => {
    state = next;
    for (const listener of listeners) listener();
  };

  const preload = (): Promise<Module> => {
    pending ??= load().then(
      (module) => {
        settle({ status: 'loaded', module });
        return module;
      },
      (error: unknown) => {
        pending = undefined;
        settle({ status: 'failed' });
        throw error;
      },
    );
    return pending;
  };

  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => state;

  return {
    preload,
    usePart(wanted) {
      const part = useSyncExternalStore(subscribe, current, current);
      useEffect(() => {
        if (wanted && state.status !== 'loaded') preload().catch(() => undefined);
      }, [wanted]);
      return part;
    },
  };
}
