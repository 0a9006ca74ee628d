import type { InspectionEvent } from 'xstate';
import type * as ActorOptionsModule from '../../src/web/dev/actor-options';

/** What a view test hears from the app's own actors, by actor name (set before rendering, deleted after). */
export const actorObservers = new Map<string, (event: InspectionEvent) => void>();

/**
 * The factory for `vi.mock('../../src/web/dev/actor-options', …)`: the app's actors as they are, plus an inspector
 * that passes each event to the observer registered under the actor's name.
 */
export async function observedActorOptions(
  importOriginal: () => Promise<typeof ActorOptionsModule>,
): Promise<typeof ActorOptionsModule> {
  const original = await importOriginal();
  return {
    ...original,
    actorOptions: (name: string) => {
      const options = original.actorOptions(name);
      const observer = actorObservers.get(name);
      if (!observer) return options;
      return {
        ...options,
        inspect: { next: (event: InspectionEvent) => (options.inspect?.next?.(event), observer(event)) },
      };
    },
  };
}
