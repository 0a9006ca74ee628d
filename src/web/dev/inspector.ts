import { createBrowserInspector, createInspector } from '@statelyai/inspect';
import type { InspectionEvent, Observer } from 'xstate';

/**
 * Development only (loaded by actor-options.ts when the URL has `?inspect`).
 * `?inspect` opens Stately's browser inspector (a window on stately.ai/inspect);
 * `?inspect=console` needs no network: every actor, event and snapshot is written to the browser console.
 */
export function startInspector(mode: string): Observer<InspectionEvent> {
  if (mode === 'console') {
    return createInspector({
      send: (event) => {
        // eslint-disable-next-line no-console -- printing to the console is this inspector's whole job
        console.debug(`[inspect] ${event.type}`, event.sessionId, 'name' in event ? event.name : '', event);
      },
    }).inspect;
  }
  return createBrowserInspector().inspect;
}
