import { useSyncExternalStore } from 'react';
import { type LiveActor, liveActors, subscribeLiveActors } from './live-actors';

/** The checked-in pictures (npm run machines:draw), keyed by the machine id each one declares. */
const pictures = Object.values(
  import.meta.glob<string>('../../../docs/machines/*.svg', { query: '?raw', import: 'default', eager: true }),
)
  .map((svg) => ({ machineId: /data-machine="([^"]+)"/.exec(svg)?.[1] ?? 'unknown', svg }))
  .sort((a, b) => a.machineId.localeCompare(b.machineId));

/** Marks the active states of the running actors in a picture (the SVG styles `.state.active`). */
export function highlightActiveStates(svg: string, active: ReadonlySet<string>): string {
  return svg.replace(/<g class="state([^"]*)" data-state="([^"]+)"/g, (match, classes: string, state: string) =>
    active.has(state) ? `<g class="state${classes} active" data-state="${state}"` : match,
  );
}

function runningSummary(running: readonly LiveActor[]): string {
  if (running.length === 0) return 'No actor of this machine is running on this page.';
  return running.map((actor) => `${actor.name}: ${actor.activeStates.join(', ')}`).join(' · ');
}

/** Development only (/dev/machines): every statechart, with the current state of each running actor highlighted. */
export function MachinesPage() {
  const actors = useSyncExternalStore(subscribeLiveActors, liveActors);
  return (
    <div className="mx-auto max-w-7xl space-y-10 px-4 py-8 sm:px-6">
      <p className="text-black/70">
        Development only. The pictures of docs/machines/; highlighted states are where the actors running in this tab
        are now. Add <code>?inspect</code> to any page for the Stately inspector (docs/flow-tooling.md).
      </p>
      {pictures.map(({ machineId, svg }) => {
        const running = actors.filter((actor) => actor.machineId === machineId);
        const active = new Set(running.flatMap((actor) => actor.activeStates));
        return (
          <section key={machineId} aria-labelledby={`machine-${machineId}`} className="space-y-3">
            <h2 id={`machine-${machineId}`} className="text-xl font-bold">
              {machineId}
            </h2>
            <p className="text-sm text-black/70" data-testid={`running-${machineId}`}>
              {runningSummary(running)}
            </p>
            <div
              className="overflow-auto rounded-lg border border-black/10 bg-white p-4"
              // The pictures are this repository's own generated SVGs, not user input.
              dangerouslySetInnerHTML={{ __html: highlightActiveStates(svg, active) }}
            />
          </section>
        );
      })}
    </div>
  );
}
