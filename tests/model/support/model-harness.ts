import path from 'node:path';
import { afterAll, expect, vi } from 'vitest';
import {
  type AnyActorRef,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
  type EventFromLogic,
  type EventObject,
  type InputFrom,
  type InspectionEvent,
  createActor,
  fromPromise,
} from 'xstate';
import { getShortestPaths, getSimplePaths } from 'xstate/graph';
import { describeMachine, stateName, transitionKey } from '../../../scripts/machine-structure';
import { type ModelPathRecord, writeCoverageRecord } from '../../../scripts/model-coverage-data';

/** The outcome of an invoked actor, as the machine receives it (give every invoke an explicit `id`). */
export type InvokeOutcomeEvent =
  { type: `xstate.done.actor.${string}`; output?: unknown } | { type: `xstate.error.actor.${string}`; error?: unknown };

export type ModelEvent<TMachine extends AnyStateMachine> = EventFromLogic<TMachine> | InvokeOutcomeEvent;

export interface ModelStep<TMachine extends AnyStateMachine> {
  /** The event that led here; the first step's is `xstate.init`. */
  readonly event: ModelEvent<TMachine> | { type: 'xstate.init' } | { type: `xstate.after.${string}` };
  /** The state the real machine must be in after the event. */
  readonly state: AnyMachineSnapshot;
}

export interface ModelPath<TMachine extends AnyStateMachine> {
  readonly description: string;
  readonly inputName: string;
  readonly input: InputFrom<TMachine>;
  readonly steps: readonly ModelStep<TMachine>[];
}

/** One event the real actor took, with the snapshot it led to and the (fake) clock when it arrived. */
export interface TraceEntry {
  readonly event: EventObject;
  readonly snapshot: AnyMachineSnapshot;
  readonly at: number;
}

/** What an assertion from SPEC.md sees after a step: the real actor's snapshot and what it sent out so far. */
export interface SpecObservation {
  readonly snapshot: AnyMachineSnapshot;
  /**
   * Every invoked actor the real actor started on this path (the calls to the server), oldest first, with its input.
   * Read from the actor system, so it holds the app's own calls as well as the harness's deferred ones.
   */
  readonly sent: readonly { readonly src: string; readonly input: unknown }[];
  /**
   * Every event the real actor took on this path, oldest first (its start, the user's events, its timers, its calls'
   * answers as they really came, the view's own events): what happened and when, for rules about order and timing.
   */
  readonly trace: readonly TraceEntry[];
  /** The input the real actor started with (in a view test, what the view gave it), else the path's. */
  readonly input: unknown;
  /** The fake clock now. */
  readonly now: number;
}

/**
 * Assertions taken from SPEC.md, by state: a key is a state path ('sending', 'signedIn.role.customer'), or '*' for
 * what holds in every state. They are written from the spec, not read off the machine, so a machine that goes
 * somewhere the spec does not allow fails them on whichever generated path reaches that state.
 */
export type SpecAssertions = Readonly<Record<string, (observed: SpecObservation) => void>>;

export interface MachineModelOptions<TMachine extends AnyStateMachine> {
  /** Assertions from SPEC.md per state, checked after every step of every path that reaches the state. */
  readonly spec?: SpecAssertions;
  /**
   * Context that changes what the machine does next (a flag that decides which request goes out): paths that reach
   * the same transition with a different value of it are kept apart. Default: nothing, one path per transition.
   */
  readonly distinguish?: (snapshot: AnyMachineSnapshot) => unknown;
  /** Write what the paths reached for the coverage report (default true; off for deliberately broken machines). */
  readonly recordCoverage?: boolean;
  /** Named inputs; paths are generated from the initial state of each. Default: one run without input. */
  readonly inputs?: Readonly<Record<string, InputFrom<TMachine>>>;
  /**
   * Concrete events to try wherever the machine accepts their type: payload variants, and the
   * `xstate.done.actor.<id>` (with `output`) / `xstate.error.actor.<id>` (with `error`) events of invoked actors.
   * Event types not listed (user events without payload, `xstate.after.<delay>.<stateNodeId>`) are offered as `{ type }`.
   */
  readonly events?: readonly ModelEvent<TMachine>[];
  /** 'shortest' (default): one shortest path per distinct state; 'simple': every simple path (grows fast). */
  readonly strategy?: 'shortest' | 'simple';
  /** Compare the real actor's context with the model's after every step (default true). */
  readonly compareContext?: boolean;
  /** How a step's event reads in a path description; the default shows the type and a short payload. */
  readonly describeEvent?: (event: EventObject) => string;
}

export interface RunSetup<TMachine extends AnyStateMachine> {
  readonly input: InputFrom<TMachine>;
  /** Pass to createActor / a Provider's `options.inspect` so the harness sees every microstep. */
  readonly inspect: (event: InspectionEvent) => void;
  /** Promise actors for every invoke of the machine, settled by the path's done/error steps: pass to `.provide({ actors })`. */
  readonly actors: Record<string, ReturnType<typeof fromPromise<unknown, unknown>>>;
}

export interface RunOptions<TMachine extends AnyStateMachine> {
  /** Starts the system under test and returns the running actor; default: `createActor` of the machine itself. */
  readonly start?: (setup: RunSetup<TMachine>) => AnyActorRef | Promise<AnyActorRef>;
  /** How to cause an event (e.g. a click through Testing Library); default `actor.send(event)`. */
  readonly events?: Partial<Record<string, (event: EventObject, actor: AnyActorRef) => void | Promise<void>>>;
  /** Assertions on the system under test (a rendered view) after every step. */
  readonly check?: (step: ModelStep<TMachine>, actor: AnyActorRef) => void | Promise<void>;
}

export interface MachineModel<TMachine extends AnyStateMachine> {
  readonly paths: readonly ModelPath<TMachine>[];
  /** Runs one path against the real machine (or the view `start` renders), asserting each step's state. */
  run(path: ModelPath<TMachine>, options?: RunOptions<TMachine>): Promise<void>;
}

const DONE_PREFIX = 'xstate.done.actor.';
const ERROR_PREFIX = 'xstate.error.actor.';
const AFTER_PREFIX = 'xstate.after.';

export function formatStateValue(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value !== 'object' || value === null) return String(value);
  return Object.entries(value)
    .map(([key, child]) => {
      const inner = formatStateValue(child);
      return typeof child === 'object' && child !== null && Object.keys(child).length > 1
        ? `${key}.(${inner})`
        : `${key}.${inner}`;
    })
    .join(' + ');
}

function defaultDescribeEvent(event: EventObject): string {
  const { type, ...payload } = event;
  if (type.startsWith(AFTER_PREFIX)) return `${AFTER_PREFIX}${type.slice(AFTER_PREFIX.length).split('.')[0]}`;
  if (Object.keys(payload).length === 0) return type;
  const json = JSON.stringify(payload);
  return `${type} ${json.length > 60 ? `${json.slice(0, 57)}...` : json}`;
}

/**
 * The traversal tells states apart by where they came from (state and context: two routes into the same state can
 * take different transitions), by which event (payload included: a guard may read it), and with what context, so it
 * misses no branch.
 */
function serializeState(state: AnyMachineSnapshot, event: EventObject | undefined, previous?: AnyMachineSnapshot) {
  return JSON.stringify([
    previous?.value ?? null,
    previous?.context ?? null,
    event ?? null,
    state.value,
    state.context,
  ]);
}

/**
 * What a path shows about the machine: the transition it ends with, by state value and event (with its payload, as
 * offered). Context is not part
 * of it: otherwise every counter value or picked option makes another path, and the number of paths says nothing
 * about how many distinct things the machine does. One path (the shortest) is kept per key.
 */
function behaviourKey(
  inputName: string,
  steps: readonly { state: AnyMachineSnapshot; event: EventObject }[],
  distinguish: (snapshot: AnyMachineSnapshot) => unknown,
): string {
  const last = steps[steps.length - 1];
  const previous = steps[steps.length - 2];
  // Whether the event did anything: a guard that refused leaves the same state value, as a self-transition does.
  const acted = JSON.stringify(previous?.state.context ?? null) !== JSON.stringify(last?.state.context ?? null);
  const flags = previous ? distinguish(previous.state) : null;
  return JSON.stringify([
    inputName,
    previous?.state.value ?? null,
    flags ?? null,
    last?.event ?? null,
    last?.state.value ?? null,
    acted,
  ]);
}

function shortestPerBehaviour<
  T extends {
    readonly inputName: string;
    readonly steps: readonly { state: AnyMachineSnapshot; event: EventObject }[];
  },
>(paths: readonly T[], distinguish: (snapshot: AnyMachineSnapshot) => unknown): T[] {
  const kept = new Map<string, T>();
  for (const candidate of paths) {
    const key = behaviourKey(candidate.inputName, candidate.steps, distinguish);
    const existing = kept.get(key);
    if (!existing || candidate.steps.length < existing.steps.length) kept.set(key, candidate);
  }
  return [...kept.values()];
}

/** More traversal steps than any machine here needs: beyond it the machine's states never end (a counter without a bound). */
const TRAVERSAL_LIMIT = 200_000;

function traverse<T>(generate: () => T): T {
  try {
    return generate();
  } catch (error) {
    if (error instanceof Error && error.message === 'Traversal limit exceeded') {
      throw new Error(
        `The machine has more than ${TRAVERSAL_LIMIT} distinct states: something it counts has no bound`,
        { cause: error },
      );
    }
    throw error;
  }
}

function statePathValue(key: string): unknown {
  const parts = key.split('.');
  return parts.reduceRight<unknown>((inner, part) => (inner === null ? part : { [part]: inner }), null);
}

function checkSpec(spec: SpecAssertions | undefined, observed: SpecObservation, where: string): void {
  if (!spec) return;
  for (const [key, assertion] of Object.entries(spec)) {
    if (key !== '*' && !observed.snapshot.matches(statePathValue(key) as never)) continue;
    try {
      assertion(observed);
    } catch (error) {
      throw new Error(
        `SPEC.md assertion for '${key}' failed ${where}: ${error instanceof Error ? error.message : String(error)}`,
        { cause: error },
      );
    }
  }
}

/** The input the first actor of the trace was started with; `fallback` when the trace does not show its start. */
function startedWith(trace: readonly TraceEntry[], fallback: unknown): unknown {
  const start = trace[0]?.event as (EventObject & { input?: unknown }) | undefined;
  return start?.type === 'xstate.init' && start.input !== undefined ? start.input : fallback;
}

/** Whether `ref` is an actor of `machine` (the parent of a call it started). */
function isActorOf(machine: AnyStateMachine, ref: { getSnapshot(): unknown } | undefined): boolean {
  const snapshot = ref?.getSnapshot() as AnyMachineSnapshot | undefined;
  return snapshot?.machine?.id === machine.id;
}

/** The event types the active state nodes have transitions for (delays and invoke done/error included). */
function acceptedEventTypes(snapshot: AnyMachineSnapshot): string[] {
  const types = new Set<string>();
  for (const node of snapshot._nodes) {
    for (const type of (node.transitions as Map<string, unknown>).keys()) {
      if (!type.includes('*')) types.add(type);
    }
  }
  return [...types];
}

function isPrefix(shorter: readonly string[], longer: readonly string[]): boolean {
  return shorter.length <= longer.length && shorter.every((item, index) => longer[index] === item);
}

function withoutSubpaths<T extends { readonly key: readonly string[] }>(paths: readonly T[]): T[] {
  const byLength = [...paths].sort((a, b) => b.key.length - a.key.length);
  const kept: T[] = [];
  for (const candidate of byLength) {
    if (!kept.some((longer) => isPrefix(candidate.key, longer.key))) kept.push(candidate);
  }
  return kept.reverse();
}

function invokeIds(machine: AnyStateMachine): Map<string, string> {
  const found = new Map<string, string>();
  const visit = (node: AnyStateNode) => {
    for (const invoke of node.invoke) {
      if (typeof invoke.src === 'string') found.set(invoke.id, invoke.src);
    }
    for (const child of Object.values(node.states) as AnyStateNode[]) visit(child);
  };
  visit(machine.root);
  return found;
}

interface Deferred {
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

interface ScheduledEvent {
  readonly event: EventObject;
  readonly delay: number;
  readonly startedAt: number;
}

function scheduledEvents(actor: AnyActorRef): ScheduledEvent[] {
  const system = actor.system as { getSnapshot?: () => { _scheduledEvents?: Record<string, ScheduledEvent> } };
  return Object.values(system.getSnapshot?.()._scheduledEvents ?? {});
}

async function settle(): Promise<void> {
  await vi.advanceTimersByTimeAsync(0);
}

/**
 * A model of a REAL machine from machines/: generates paths with xstate/graph, runs each against the real
 * machine (or a view that runs it) under vitest's fake timers, and records the states and transitions the
 * real actor went through. After the test file, the record goes to reports/.model-coverage/ for the reporter.
 */
export function createMachineModel<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachineModelOptions<TMachine> = {},
): MachineModel<TMachine> {
  const structure = describeMachine(machine);
  const transitionNames = new Map(structure.transitions.map((transition) => [transition.key, transition.name]));
  const describeEvent = options.describeEvent ?? defaultDescribeEvent;
  const compareContext = options.compareContext ?? true;
  const invokes = invokeIds(machine);
  const reachedStates = new Set<string>();
  const reachedTransitions = new Set<string>();
  const records: ModelPathRecord[] = [];
  let testFile: string | null = null;

  const inputs: Readonly<Record<string, InputFrom<TMachine> | undefined>> = options.inputs ?? { 'no input': undefined };
  const generate = options.strategy === 'simple' ? getSimplePaths : getShortestPaths;
  const concreteEvents: readonly EventObject[] = options.events ?? [];
  const eventsFor = (snapshot: AnyMachineSnapshot): EventObject[] =>
    acceptedEventTypes(snapshot).flatMap((type) => {
      const variants = concreteEvents.filter((event) => event.type === type);
      return variants.length ? variants : [{ type }];
    });
  const generated = Object.entries(inputs).flatMap(([inputName, input]) =>
    traverse(() =>
      generate(machine as AnyStateMachine, { input, events: eventsFor, serializeState, limit: TRAVERSAL_LIMIT }),
    ).map((statePath) => ({
      inputName,
      input: input as InputFrom<TMachine>,
      steps: statePath.steps as unknown as ModelStep<TMachine>[],
      key: [inputName, ...statePath.steps.slice(1).map((step) => JSON.stringify(step.event))],
    })),
  );
  const paths: ModelPath<TMachine>[] = withoutSubpaths(
    shortestPerBehaviour(generated, options.distinguish ?? (() => null)),
  ).map(({ inputName, input, steps }) => {
    const events = steps.slice(1).map((step) => describeEvent(step.event));
    const end = formatStateValue(steps[steps.length - 1]?.state.value);
    return {
      description: `${inputName}: ${events.length ? events.join(' → ') : '(start)'} ⇒ ${end}`,
      inputName,
      input,
      steps,
    };
  });

  afterAll(() => {
    if (!testFile || options.recordCoverage === false) return;
    writeCoverageRecord({
      machineId: machine.id,
      testFile,
      states: [...reachedStates].sort(),
      transitions: [...reachedTransitions].sort(),
      paths: records,
    });
  });

  async function run(modelPath: ModelPath<TMachine>, runOptions: RunOptions<TMachine> = {}): Promise<void> {
    testFile = path.relative(process.cwd(), expect.getState().testPath ?? 'unknown test');
    const pathTransitions: string[] = [];
    const deferreds = new Map<string, Deferred>();
    const sent: { src: string; input: unknown }[] = [];
    const trace: TraceEntry[] = [];
    const inspect = (inspection: InspectionEvent) => {
      if (
        inspection.type === '@xstate.event' &&
        inspection.event.type === 'xstate.init' &&
        isActorOf(machine, inspection.sourceRef)
      ) {
        const child = inspection.actorRef as AnyActorRef & { src?: unknown };
        sent.push({
          src: typeof child.src === 'string' ? child.src : child.id,
          input: (inspection.event as EventObject & { input?: unknown }).input,
        });
        return;
      }
      if (inspection.type === '@xstate.snapshot') {
        const snapshot = inspection.snapshot as AnyMachineSnapshot;
        if (snapshot.machine?.id === machine.id) trace.push({ event: inspection.event, snapshot, at: Date.now() });
        return;
      }
      if (inspection.type !== '@xstate.microstep') return;
      const snapshot = inspection.snapshot as AnyMachineSnapshot;
      if (snapshot.machine?.id !== machine.id) return;
      for (const node of snapshot._nodes) if (node.path.length > 0) reachedStates.add(stateName(node));
      for (const definition of inspection._transitions) {
        const name = transitionNames.get(transitionKey(definition) ?? '');
        if (!name) continue;
        reachedStates.add(stateName(definition.source));
        reachedTransitions.add(name);
        pathTransitions.push(name);
      }
    };
    const actors = Object.fromEntries(
      [...new Set(invokes.values())].map((src) => [
        src,
        fromPromise<unknown, unknown>(
          ({ self }) =>
            new Promise((resolve, reject) => {
              deferreds.set(self.id, { resolve, reject });
            }),
        ),
      ]),
    );

    const ownsTimers = !vi.isFakeTimers();
    if (ownsTimers) vi.useFakeTimers();
    let actor: AnyActorRef | null = null;
    try {
      const setup: RunSetup<TMachine> = { input: modelPath.input, inspect, actors };
      actor = runOptions.start
        ? await runOptions.start(setup)
        : createActor(machine.provide({ actors }), { input: modelPath.input, inspect }).start();
      const running = actor;
      for (const node of (running.getSnapshot() as AnyMachineSnapshot)._nodes) {
        if (node.path.length > 0) reachedStates.add(stateName(node));
      }
      for (const [index, step] of modelPath.steps.entries()) {
        if (index > 0) await cause(step.event, running, deferreds, runOptions);
        const snapshot = running.getSnapshot() as AnyMachineSnapshot;
        const where = `after step ${index} (${describeEvent(step.event)}) of "${modelPath.description}"`;
        expect(snapshot.value, `state ${where}`).toEqual(step.state.value);
        if (compareContext) expect(snapshot.context, `context ${where}`).toEqual(step.state.context);
        checkSpec(
          options.spec,
          { snapshot, sent, trace, input: startedWith(trace, modelPath.input), now: Date.now() },
          where,
        );
        await runOptions.check?.(step, running);
      }
      records.push({
        description: modelPath.description,
        steps: modelPath.steps.map((step) => ({
          event: describeEvent(step.event),
          state: formatStateValue(step.state.value),
        })),
        transitions: pathTransitions,
      });
    } finally {
      if (!runOptions.start) actor?.stop();
      if (ownsTimers) vi.useRealTimers();
    }
  }

  return { paths, run };
}

async function cause<TMachine extends AnyStateMachine>(
  event: EventObject,
  actor: AnyActorRef,
  deferreds: Map<string, Deferred>,
  runOptions: RunOptions<TMachine>,
): Promise<void> {
  const custom = runOptions.events?.[event.type];
  if (custom) {
    await custom(event, actor);
  } else if (event.type.startsWith(AFTER_PREFIX)) {
    const scheduled = scheduledEvents(actor).find((candidate) => candidate.event.type === event.type);
    if (!scheduled) throw new Error(`The model expects ${event.type}, but the actor has no such timer running`);
    await vi.advanceTimersByTimeAsync(Math.max(0, scheduled.startedAt + scheduled.delay - Date.now()));
    return;
  } else if (event.type.startsWith(DONE_PREFIX) || event.type.startsWith(ERROR_PREFIX)) {
    const done = event.type.startsWith(DONE_PREFIX);
    const id = event.type.slice((done ? DONE_PREFIX : ERROR_PREFIX).length);
    const deferred = deferreds.get(id);
    if (!deferred) throw new Error(`The model expects ${event.type}, but no invoked actor "${id}" is running`);
    deferreds.delete(id);
    if (done) deferred.resolve((event as EventObject & { output?: unknown }).output);
    else deferred.reject((event as EventObject & { error?: unknown }).error);
  } else {
    actor.send(event);
  }
  await settle();
}
