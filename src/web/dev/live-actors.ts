import type { AnyMachineSnapshot, InspectionEvent } from 'xstate';

/** A running machine actor as the /dev/machines page shows it. */
export interface LiveActor {
  readonly sessionId: string;
  readonly name: string;
  readonly machineId: string;
  /** Active state nodes by path ('showing.cycling'), as the pictures name them (data-state). */
  readonly activeStates: readonly string[];
}

let actors: readonly LiveActor[] = [];
const listeners = new Set<() => void>();

function isMachineSnapshot(snapshot: unknown): snapshot is AnyMachineSnapshot {
  return typeof snapshot === 'object' && snapshot !== null && 'machine' in snapshot && '_nodes' in snapshot;
}

function publish(next: readonly LiveActor[]): void {
  actors = next;
  for (const listener of listeners) listener();
}

/** Development only: fed every inspection event of the app's actors by actor-options.ts. */
export function recordInspection(event: InspectionEvent): void {
  if (event.type !== '@xstate.snapshot') return;
  const { actorRef, snapshot } = event;
  const others = actors.filter((actor) => actor.sessionId !== actorRef.sessionId);
  if (!isMachineSnapshot(snapshot) || snapshot.status !== 'active') {
    if (others.length !== actors.length) publish(others);
    return;
  }
  publish([
    ...others,
    {
      sessionId: actorRef.sessionId,
      name: 'id' in actorRef && typeof actorRef.id === 'string' ? actorRef.id : actorRef.sessionId,
      machineId: snapshot.machine.id,
      activeStates: snapshot._nodes.filter((node) => node.path.length > 0).map((node) => node.path.join('.')),
    },
  ]);
}

export function subscribeLiveActors(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function liveActors(): readonly LiveActor[] {
  return actors;
}
