import { readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode } from 'xstate';

/** One state node of a machine, named by its path ('showing.cycling'). */
export interface StateInfo {
  readonly name: string;
  readonly id: string;
  readonly parent: string | null;
  readonly key: string;
  readonly initial: string | null;
  readonly type: string;
}

/** One transition definition, named readably: `showing.cycling --xstate.after.displayDuration [hasSeveral]--> showing.cycling`. */
export interface TransitionInfo {
  readonly name: string;
  /** `<source state node id>|<event type>|<index among that node's transitions for the event>`: survives .provide(). */
  readonly key: string;
  readonly source: string;
  readonly event: string;
  readonly guard: string | null;
  readonly targets: readonly string[];
}

export interface MachineStructure {
  readonly id: string;
  readonly states: readonly StateInfo[];
  readonly transitions: readonly TransitionInfo[];
}

interface TransitionDefinitionLike {
  readonly eventType: string;
  readonly source?: AnyStateNode;
  readonly guard?: unknown;
  readonly target?: readonly AnyStateNode[] | undefined;
  readonly delay?: string | number;
}

export function stateName(node: AnyStateNode): string {
  return node.path.length === 0 ? '(machine)' : node.path.join('.');
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') return guard.name || 'inline guard';
  if (typeof guard === 'object' && 'type' in guard && typeof guard.type === 'string') return guard.type;
  return 'guard';
}

function eventLabel(definition: TransitionDefinitionLike, delay: string | number | undefined): string {
  if (definition.eventType === '') return 'always';
  if (delay !== undefined) return `xstate.after.${delay}`;
  return definition.eventType;
}

function childNodes(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childNodes(node).flatMap(allNodes)];
}

function siblingsOf(node: AnyStateNode, eventType: string): readonly TransitionDefinitionLike[] {
  if (eventType === '') return (node.always ?? []) as readonly TransitionDefinitionLike[];
  return (node.transitions as Map<string, TransitionDefinitionLike[]>).get(eventType) ?? [];
}

/** The key of a transition definition taken at run time (from an `@xstate.microstep` inspection event). */
export function transitionKey(definition: TransitionDefinitionLike): string | null {
  const source = definition.source;
  if (!source) return null;
  const index = siblingsOf(source, definition.eventType).indexOf(definition);
  return index < 0 ? null : `${source.id}|${definition.eventType}|${index}`;
}

function transitionsOf(
  node: AnyStateNode,
): Array<{ definition: TransitionDefinitionLike; key: string; delay: string | number | undefined }> {
  const delays = new Map<string, string | number>();
  for (const delayed of node.after as readonly TransitionDefinitionLike[]) {
    if (delayed.delay !== undefined) delays.set(delayed.eventType, delayed.delay);
  }
  const eventTypes = [...(node.transitions as Map<string, TransitionDefinitionLike[]>).keys()];
  return [...eventTypes, ''].flatMap((eventType) =>
    siblingsOf(node, eventType).map((definition, index) => ({
      definition,
      key: `${node.id}|${eventType}|${index}`,
      delay: delays.get(eventType),
    })),
  );
}

/**
 * Every state node and every transition (event, delayed, eventless, invoke done/error) of a machine, with
 * stable readable names. The model-test harness, the coverage reporter and the pictures all count from this.
 */
export function describeMachine(machine: AnyStateMachine): MachineStructure {
  const nodes = allNodes(machine.root);
  const states: StateInfo[] = nodes
    .filter((node) => node.path.length > 0)
    .map((node) => ({
      name: stateName(node),
      id: node.id,
      key: node.key,
      parent: node.parent && node.parent.path.length > 0 ? stateName(node.parent) : null,
      initial: node.initial?.target?.[0] ? stateName(node.initial.target[0]) : null,
      type: node.type,
    }));
  const transitions: TransitionInfo[] = [];
  const seen = new Map<string, number>();
  for (const node of nodes) {
    for (const { definition, key, delay } of transitionsOf(node)) {
      const source = stateName(node);
      const guard = guardName(definition.guard);
      const targets = (definition.target ?? []).map(stateName);
      const event = eventLabel(definition, delay);
      const base = `${source} --${event}${guard ? ` [${guard}]` : ''}--> ${targets.length ? targets.join(', ') : '(stays)'}`;
      const count = (seen.get(base) ?? 0) + 1;
      seen.set(base, count);
      transitions.push({
        name: count === 1 ? base : `${base} #${count}`,
        key,
        source,
        event,
        guard,
        targets,
      });
    }
  }
  return { id: machine.id, states, transitions };
}

export function isStateMachine(value: unknown): value is AnyStateMachine {
  return (
    typeof value === 'object' &&
    value !== null &&
    'root' in value &&
    'getStateNodeById' in value &&
    typeof (value as { getStateNodeById: unknown }).getStateNodeById === 'function'
  );
}

export interface MachineModule {
  /** machines/<file>.ts */
  readonly file: string;
  readonly exportName: string;
  readonly machine: AnyStateMachine;
}

export const MACHINES_DIR = path.resolve(import.meta.dirname, '..', 'machines');

/** Every state machine exported from machines/*.ts, in file then export order (a machine exported twice counts once). */
export async function loadMachines(directory = MACHINES_DIR): Promise<MachineModule[]> {
  const files = readdirSync(directory)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .sort();
  const found: MachineModule[] = [];
  for (const file of files) {
    const exports: Record<string, unknown> = await import(pathToFileURL(path.join(directory, file)).href);
    for (const [exportName, value] of Object.entries(exports)) {
      if (isStateMachine(value) && !found.some((known) => known.machine.id === value.id)) {
        found.push({ file: `machines/${file}`, exportName, machine: value });
      }
    }
  }
  return found;
}

/** notificationBar → notification-bar: the file name of a machine's picture and coverage data. */
export function machineSlug(machineId: string): string {
  return machineId
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .toLowerCase();
}
