import type { InspectionEvent, Observer } from 'xstate';
import { recordInspection } from './live-actors';

/** Options for every actor the app creates: a readable name in the inspector, and the inspector when asked for. */
export interface AppActorOptions {
  readonly id: string;
  readonly systemId: string;
  readonly inspect?: Observer<InspectionEvent>;
}

let inspector: Observer<InspectionEvent> | null = null;

/**
 * One Stately inspector for all actors of the page. Its module loads asynchronously (it must stay out of the
 * production bundle), so events from actors created before it arrives are held and replayed.
 */
function statelyInspector(mode: string): Observer<InspectionEvent> {
  if (inspector) return inspector;
  const pending: InspectionEvent[] = [];
  let target: Observer<InspectionEvent> | null = null;
  inspector = {
    next: (event) => {
      if (target) target.next?.(event);
      else pending.push(event);
    },
  };
  void import('./inspector').then(({ startInspector }) => {
    target = startInspector(mode);
    for (const event of pending.splice(0)) target.next?.(event);
  });
  return inspector;
}

function developmentObserver(): Observer<InspectionEvent> {
  const mode = new URLSearchParams(window.location.search).get('inspect');
  const stately = mode === null ? null : statelyInspector(mode);
  return {
    next: (event) => {
      recordInspection(event);
      stately?.next?.(event);
    },
  };
}

/**
 * `createActor(logic, actorOptions('cart'))` / `<X.Provider options={actorOptions('session')}>`. In development the
 * actor shows live on /dev/machines and, with `?inspect` in the URL, in the Stately inspector (docs/flow-tooling.md).
 * In production only its name is set.
 */
export function actorOptions(name: string): AppActorOptions {
  if (import.meta.env.DEV && typeof window !== 'undefined') {
    return { id: name, systemId: name, inspect: developmentObserver() };
  }
  return { id: name, systemId: name };
}
