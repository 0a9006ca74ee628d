import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AnyActorRef, AnyMachineSnapshot, EventObject } from 'xstate';
import type { AccessoryGroup, CartState } from '../../src/contract/cart';
import type { Vehicle } from '../../src/contract/catalogue-vehicles';
import {
  type AccessoriesWizardContext,
  type WizardItem,
  accessoriesWizardMachine,
  vehicleValidation,
} from '../../machines/accessories-wizard';
import { ApiClient } from '../../src/web/api/api-client';
import { App } from '../../src/web/app';
import { writeStoredTokens } from '../../src/web/session/token-storage';
import { type CartFixture, createCartTestApp } from '../support/cart-test-app';
import { createFetchGate } from '../support/fetch-gate';
import { bearer, createCustomer, signIn } from '../support/fixtures';
import { injectFetch } from '../support/inject-fetch';
import { actorObservers } from '../support/observed-actors';
import { type TestApp, api } from '../support/test-app';
import { UI_WAIT_MS } from '../support/ui-wait';
import {
  accessoriesWizardSpec,
  describeWizardEvent,
  wizardCallEventsFor,
  wizardInputsFor,
  wizardUserEvents,
} from '../model/spec/accessories-wizard';
import { type ModelPath, createMachineModel } from '../model/support/model-harness';

/**
 * The accessories wizard in the real cart flyout against the real server, along paths generated from the wizard
 * machine. Every call of the wizard is held by a fetch gate until the path says the server answered
 * ('xstate.done.actor.…') or the connection dropped ('xstate.error.actor.…'). User events are clicks and picks in
 * the flyout; which vehicle the user picks follows from the answer the path needs (a Toyota HiLux fits both wheels,
 * a Ford Mustang fits neither). Paths a user cannot walk (picking from an empty list; an answer the server cannot
 * give for the vehicle) are cut before that step, and a set of paths reaching every transition is run.
 */
vi.mock('../../src/web/dev/actor-options', async (importOriginal) =>
  (await import('../support/observed-actors')).observedActorOptions(importOriginal),
);
const FIRST_WHEEL = 'Delta Six 17x8.5 6x139.7 +10 Gloss Black';
const SECOND_WHEEL = 'Echo Rock 17x8 6x139.7 -12 Bronze';
type Fit = 'fit' | 'misfit';
const VEHICLES: Record<Fit, { make: string; model: string; series: string }> = {
  fit: { make: 'Toyota', model: 'HiLux', series: 'N80 SR5 4x4' },
  misfit: { make: 'Ford', model: 'Mustang', series: 'S550 GT' },
};

const items: WizardItem[] = [
  { id: 1, name: FIRST_WHEEL, accessoryStatus: 'ActionRequired' },
  { id: 2, name: SECOND_WHEEL, accessoryStatus: 'ActionRequired' },
  { id: 3, name: 'Alpha Road One 265/65R17 112H', accessoryStatus: 'None' },
];
const groups: AccessoryGroup[] = [
  {
    groupId: 'fasteners',
    name: 'Wheel Nuts',
    type: 'SingleSelect',
    canOptOut: true,
    optOutLabel: 'Use existing',
    unavailableReason: null,
    accessories: [
      {
        id: 31,
        name: 'Conical Nut',
        sku: 'M1',
        description: 'Sold singly: 24 nuts for 4 wheels of 6 studs',
        quantity: 24,
        subTotal: '$48.00',
        subTotalValue: 4_800,
        rrpSubTotal: null,
        selected: false,
      },
    ],
  },
];
const lineVehicle: Vehicle = { id: 40, makeId: 4, makeName: 'Toyota', model: 'HiLux', series: 'N80 SR5 4x4' };

const describeEvent = (event: EventObject) => describeWizardEvent(event);

const model = createMachineModel(accessoriesWizardMachine, {
  // SPEC.md's assertions per state (tests/model/spec/accessories-wizard.ts), on the calls the flyout really made and
  // the answers the server really gave.
  spec: accessoriesWizardSpec,
  // Whether the last check answered Incompatible decides what the next check sends (ForceAdd) and so which answers
  // the real server can give: a user can only walk the paths that keep it apart.
  distinguish: (snapshot) => (snapshot.context as AccessoriesWizardContext).incompatible,
  compareContext: false,
  // The spec's starting points and events (tests/model/spec/accessories-wizard.ts), over this file's cart and answers.
  inputs: wizardInputsFor(items),
  events: [...wizardUserEvents, ...wizardCallEventsFor(groups, lineVehicle)],
  describeEvent,
});

type WizardPath = ModelPath<typeof accessoriesWizardMachine>;
type WizardSnapshot = { value: unknown; context: AccessoriesWizardContext; matches: (value: unknown) => boolean };
const snapshotOf = (path: WizardPath, index: number) => path.steps[index]?.state as unknown as WizardSnapshot;

interface Walk {
  readonly path: WizardPath;
  /** The vehicle the user picks at each 'vehicle.make' step. */
  readonly picks: ReadonlyMap<number, Fit>;
  /** The vehicle line 2 has before it is edited (null: none). */
  readonly lineVehicle: Fit | null;
}

/**
 * How a user walks `path` against the real server: the vehicle to pick at every make step, and the steps a user
 * cannot take or the server cannot answer that way (the walk stops before them).
 */
function walkOf(path: WizardPath): Walk {
  const accessoriesEdit = path.inputName === 'editing the accessories of line 1';
  type Segment = { need: Fit | null; fixed: boolean };
  const segments = new Map<number, Segment>();
  let current: Segment | null = null;
  let preset: Segment | null = null;
  let presetNone = false;
  let length = path.steps.length;
  for (let index = 1; index < path.steps.length; index += 1) {
    const event = path.steps[index]?.event as EventObject & { output?: unknown };
    const before = snapshotOf(path, index - 1).context;
    const models = before.models.find((option) => option.key === before.picked.model)?.series ?? [];
    const cannot =
      (event.type === 'vehicle.make' && before.makes.length === 0) ||
      (event.type === 'vehicle.model' && before.picked.makeId !== null && before.models.length === 0) ||
      (event.type === 'vehicle.series' && before.picked.model !== null && models.length === 0) ||
      (event.type.startsWith('accessories.') && before.groups.length === 0) ||
      (event.type === 'xstate.done.actor.loadLineVehicle' && accessoriesEdit && event.output === null);
    if (cannot) {
      length = index;
      break;
    }
    if (event.type === 'vehicle.make') {
      current = { need: null, fixed: false };
      segments.set(index, current);
    }
    if (event.type === 'xstate.done.actor.loadLineVehicle') {
      if (event.output === null) presetNone = true;
      else {
        preset = { need: accessoriesEdit ? 'fit' : null, fixed: accessoriesEdit };
        current = preset;
      }
    }
    if (event.type === 'xstate.done.actor.checkVehicle') {
      const need: Fit = event.output === 'Complete' ? 'fit' : 'misfit';
      const answerable =
        current !== null &&
        (current.need === null || current.need === need) &&
        (event.output !== 'Incompatible' || !before.incompatible) &&
        (event.output !== 'CompleteIncompatible' || before.incompatible);
      if (!answerable || !current) {
        length = index;
        break;
      }
      current.need = need;
    }
  }
  const steps = path.steps.slice(0, length);
  const events = steps.slice(1).map((step) => describeEvent(step.event));
  return {
    path: {
      ...path,
      steps,
      description: `${path.inputName}: ${events.length ? events.join(' → ') : '(start)'} ⇒ ${JSON.stringify(steps[steps.length - 1]?.state.value)}`,
    },
    picks: new Map([...segments].map(([index, segment]) => [index, segment.need ?? 'fit'])),
    lineVehicle: presetNone ? null : (preset?.need ?? 'fit'),
  };
}

/** Transitions as a user sees them: from where, by what, to where, and with which flags of the wizard. */
function edgesOf(path: WizardPath): string[] {
  return path.steps.slice(1).map((step, index) => {
    const before = snapshotOf(path, index);
    return JSON.stringify([
      before.value,
      describeEvent(step.event),
      step.state.value,
      before.context.editing,
      before.context.incompatible,
    ]);
  });
}

/** The fewest walks (greedily) that reach every transition the walkable paths reach. */
function coveringWalks(paths: readonly WizardPath[]): Walk[] {
  const walks = new Map<string, Walk>();
  for (const path of paths) {
    const walk = walkOf(path);
    if (walk.path.steps.length > 1 || walk.path.inputName === 'nothing needing action')
      walks.set(walk.path.description, walk);
  }
  const candidates = [...walks.values()];
  const uncovered = new Set(candidates.flatMap((walk) => edgesOf(walk.path)));
  const chosen: Walk[] = [];
  while (uncovered.size > 0) {
    let best: Walk | null = null;
    let bestGain = 0;
    for (const walk of candidates) {
      const gain = new Set(edgesOf(walk.path).filter((edge) => uncovered.has(edge))).size;
      if (
        gain > bestGain ||
        (gain === bestGain && best && gain > 0 && walk.path.steps.length < best.path.steps.length)
      ) {
        best = walk;
        bestGain = gain;
      }
    }
    if (!best) break;
    chosen.push(best);
    for (const edge of edgesOf(best.path)) uncovered.delete(edge);
  }
  const nothing = candidates.find((walk) => walk.path.inputName === 'nothing needing action');
  return nothing && !chosen.includes(nothing) ? [nothing, ...chosen] : chosen;
}

const CALLS: Record<string, { path: RegExp; state: unknown }> = {
  skipAll: { path: /\/cart\/accessoriesskip$/i, state: 'skippingAll' },
  loadMakes: { path: /\/vehicle\/makes$/i, state: { item: { vehicle: 'loadingMakes' } } },
  loadLineVehicle: { path: /\/cart\/vehicle$/i, state: { item: { vehicle: 'loadingLineVehicle' } } },
  loadModels: { path: /\/vehicle\/models$/i, state: { item: { vehicle: 'loadingModels' } } },
  checkVehicle: { path: /\/cart\/vehicle$/i, state: { item: { vehicle: 'checking' } } },
  loadAccessories: { path: /\/cart\/accessories$/i, state: { item: { accessories: 'loading' } } },
  saveAccessories: { path: /\/cart\/accessories$/i, state: { item: { accessories: 'saving' } } },
  skipItem: { path: /\/cart\/accessoriesskip$/i, state: { item: 'skipping' } },
};

describe('the accessories wizard in the cart flyout along the wizard machine', () => {
  let t: TestApp;
  let fixture: CartFixture;
  const walks = coveringWalks(model.paths);

  beforeAll(async () => {
    // Every path signs a customer in; the sign-in rate limit is not what this file tests.
    ({ t, fixture } = await createCartTestApp({ now: new Date(), env: { AUTH_RATE_LIMIT_PER_ADDRESS: '1000' } }));
  }, 60_000);
  afterAll(() => t.close());

  it('walks a set of paths that reaches every state of the wizard', () => {
    const states = new Set(walks.flatMap((walk) => walk.path.steps.map((step) => JSON.stringify(step.state.value))));
    for (const value of ['"intro"', '"skippingAll"', '"done"', '"closed"', '{"item":"skipping"}'])
      expect(states).toContain(value);
    for (const vehicle of ['loadingMakes', 'loadingLineVehicle', 'loadingModels', 'choosing', 'checking'])
      expect(states).toContain(JSON.stringify({ item: { vehicle } }));
    for (const accessories of ['loading', 'choosing', 'saving'])
      expect(states).toContain(JSON.stringify({ item: { accessories } }));
  });

  /** A customer whose cart is set up for the path's input, signed in. */
  async function customerFor(walk: Walk) {
    const customer = await createCustomer(t.database.db, { state: 'VIC' });
    const session = await signIn(t.app, customer.email);
    const call = async (url: string, payload: object) =>
      (await t.app.inject({ method: 'POST', url: api(url), headers: bearer(session), payload })).json() as CartState;
    if (walk.path.inputName === 'nothing needing action') {
      await call('Cart/Add', { productId: fixture.tyres.t1, quantity: 2 });
      return { session, count: 2 };
    }
    await call('Cart/Add', { productId: fixture.wheels.w1, quantity: 4 });
    const cart = await call('Cart/Add', { productId: fixture.wheels.w3, quantity: 4 });
    const [first, second] = cart.items;
    if (!first || !second) throw new Error('wheel lines not added');
    const { hilux, mustang } = fixture.vehicles;
    if (walk.path.inputName === 'editing the vehicle of line 2') {
      if (walk.lineVehicle === 'fit')
        await call('Cart/Vehicle', { id: second.id, vehicleId: hilux, action: 'CheckAndAdd' });
      if (walk.lineVehicle === 'misfit')
        await call('Cart/Vehicle', { id: second.id, vehicleId: mustang, action: 'ForceAdd' });
      await call('Cart/AccessoriesSkip', { id: first.id, optional: false });
      await call('Cart/AccessoriesSkip', { id: second.id, optional: false });
    }
    if (walk.path.inputName === 'editing the accessories of line 1') {
      await call('Cart/Vehicle', { id: first.id, vehicleId: hilux, action: 'CheckAndAdd' });
      await call('Cart/Accessories', { id: first.id, productIds: [] });
      await call('Cart/AccessoriesSkip', { id: second.id, optional: false });
    }
    return { session, count: 8 };
  }

  for (const walk of walks) {
    it(
      walk.path.description,
      async () => {
        vi.useFakeTimers({ shouldAdvanceTime: true });
        vi.spyOn(console, 'warn').mockImplementation(() => undefined);
        const gate = createFetchGate(injectFetch(t.app));
        const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
        const { session, count } = await customerFor(walk);
        const flyout = () => screen.getByRole('dialog', { name: 'Cart' });
        const wizard = () => within(flyout()).getByRole('region', { name: 'Wheel accessories' });
        let picking: Fit = 'fit';
        const makeSteps = walk.path.steps.flatMap((step, index) => (step.event.type === 'vehicle.make' ? [index] : []));
        let makesPicked = 0;
        try {
          await model.run(walk.path, {
            start: async ({ inspect }) => {
              writeStoredTokens({
                token: session.token,
                refreshToken: session.refreshToken,
                impersonatorToken: session.impersonatorToken,
              });
              vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
              window.history.replaceState(null, '', '/returns-policy');
              render(<App api={new ApiClient({ fetch: gate.fetch, validateResponses: true })} />);
              const cartButton = await screen.findByRole('button', { name: `Cart, ${count} items` });
              let wizardActor: AnyActorRef | null = null;
              const watch = () => {
                actorObservers.set('accessories-wizard', (event) => {
                  const ref = event.actorRef as AnyActorRef;
                  if (event.type === '@xstate.actor' && ref.id === 'accessories-wizard' && !wizardActor)
                    wizardActor = ref;
                  if (wizardActor && ref.system === wizardActor.system) inspect(event);
                });
                for (const call of Object.values(CALLS)) gate.hold(call.path);
              };
              const editing = walk.path.input.edit;
              if (editing) {
                // The flyout opens on the cart (nothing needs action); the edit button starts the watched wizard.
                await user.click(cartButton);
                await within(flyout()).findByText('Remove All Items');
                watch();
                const edit =
                  editing.step === 'vehicle' ? `Edit vehicle of ${SECOND_WHEEL}` : `Edit accessories of ${FIRST_WHEEL}`;
                await user.click(within(flyout()).getByRole('button', { name: edit }));
              } else {
                watch();
                await user.click(cartButton);
              }
              await vi.waitFor(() => expect(wizardActor).not.toBeNull(), { timeout: UI_WAIT_MS });
              return wizardActor as unknown as AnyActorRef;
            },
            events: Object.fromEntries([
              ...Object.entries(CALLS).flatMap(([id, call]) => {
                const settled = async (actor: AnyActorRef, settle: () => void) =>
                  vi.waitFor(
                    () => {
                      settle();
                      expect((actor.getSnapshot() as AnyMachineSnapshot).matches(call.state as never)).toBe(false);
                    },
                    { timeout: UI_WAIT_MS },
                  );
                return [
                  [
                    `xstate.done.actor.${id}`,
                    async (event: EventObject, actor: AnyActorRef) => {
                      await settled(actor, () => gate.release(call.path));
                      // The pickers now show the line's own vehicle; later picks stay with its make.
                      if (id === 'loadLineVehicle' && (event as { output?: unknown }).output)
                        picking = walk.lineVehicle ?? 'fit';
                    },
                  ],
                  [
                    `xstate.error.actor.${id}`,
                    (_event: EventObject, actor: AnyActorRef) => settled(actor, () => gate.fail(call.path)),
                  ],
                ];
              }),
              [
                'wizard.next',
                async () => {
                  const next = within(wizard()).getByRole('button', { name: /^(Next|Save)$/ });
                  // Without a vehicle Next is disabled: the user cannot go on.
                  if (next.hasAttribute('disabled')) return;
                  await user.click(next);
                },
              ],
              [
                'wizard.back',
                async () => {
                  const back = within(wizard()).queryByRole('button', { name: 'Back' });
                  if (back) await user.click(back);
                },
              ],
              [
                'wizard.skip',
                () =>
                  user.click(
                    within(wizard()).getAllByRole('button', { name: 'No Accessories Required' })[0] as HTMLElement,
                  ),
              ],
              [
                'vehicle.make',
                () => {
                  picking = walk.picks.get(makeSteps[makesPicked] ?? -1) ?? 'fit';
                  makesPicked += 1;
                  pick('Make', VEHICLES[picking].make);
                },
              ],
              ['vehicle.model', () => pick('Model', VEHICLES[picking].model)],
              ['vehicle.series', () => pick('Series', VEHICLES[picking].series)],
              [
                'accessories.choose',
                () => {
                  const nut = within(within(wizard()).getByRole('group', { name: 'Wheel Nuts' })).getAllByRole(
                    'radio',
                  )[1] as HTMLElement;
                  fireEvent.click(nut);
                },
              ],
              [
                'accessories.optOut',
                () => fireEvent.click(within(wizard()).getByRole('radio', { name: /^Use existing/ })),
              ],
            ]),
            check: (step) => {
              const state = step.state as unknown as WizardSnapshot;
              const { context } = state;
              if (state.matches('closed')) {
                // SPEC.md §4 CompleteIncompatible: the vehicle is kept without accessories and the flyout closes.
                expect(screen.queryByRole('dialog', { name: 'Cart' })).not.toBeInTheDocument();
                return;
              }
              if (state.matches('done')) {
                expect(within(flyout()).getByText('Remove All Items')).toBeInTheDocument();
                expect(within(flyout()).queryByRole('region', { name: 'Wheel accessories' })).not.toBeInTheDocument();
                return;
              }
              const region = wizard();
              if (state.matches('intro')) {
                expect(region).toHaveTextContent(`${context.queue.length} wheel lines need a vehicle`);
                expect(within(region).getByRole('button', { name: 'Next' })).toBeEnabled();
                return;
              }
              expect(region).toHaveTextContent(`Item ${context.index + 1} of ${context.queue.length}`);
              expect(within(region).queryByText('Something went wrong. Please try again.') !== null).toBe(
                context.failed,
              );
              if (state.matches('skippingAll') || state.matches({ item: 'skipping' })) {
                expect(within(region).getByRole('status')).toHaveTextContent('Saving…');
              } else if (
                state.matches({ item: { vehicle: 'loadingMakes' } }) ||
                state.matches({ item: { vehicle: 'loadingLineVehicle' } })
              ) {
                expect(within(region).getByRole('status')).toHaveTextContent('Loading vehicles…');
              } else if (state.matches({ item: 'vehicle' })) {
                const message = vehicleValidation(context.picked);
                for (const text of ['Please select a make', 'Please select a model', 'Please select a series']) {
                  expect(within(region).queryByText(text) !== null, text).toBe(message === text);
                }
                expect(within(region).queryByText(/does not fit the selected vehicle/) !== null).toBe(
                  context.incompatible,
                );
                expect(within(region).queryByRole('button', { name: 'Back' }) !== null).toBe(context.editing === null);
                const loadingModels = state.matches({ item: { vehicle: 'loadingModels' } });
                if (state.matches({ item: { vehicle: 'checking' } }))
                  expect(within(region).getByRole('button', { name: 'Checking…' })).toBeDisabled();
                else
                  expect(within(region).getByRole('button', { name: 'Next' })).toHaveProperty(
                    'disabled',
                    message !== null || loadingModels,
                  );
                if (context.picked.vehicleId !== null && !loadingModels) {
                  const chosen = within(region).getByRole('combobox', { name: 'Series' }) as HTMLSelectElement;
                  expect(chosen.selectedOptions[0]?.textContent).toMatch(/N80 SR5 4x4|S550 GT/);
                }
              } else if (state.matches({ item: { accessories: 'loading' } })) {
                expect(within(region).getByRole('status')).toHaveTextContent('Loading accessories…');
              } else if (state.matches({ item: 'accessories' })) {
                const save = context.editing === null ? 'Next' : 'Save';
                if (state.matches({ item: { accessories: 'saving' } }))
                  expect(within(region).getByRole('button', { name: 'Saving…' })).toBeDisabled();
                else expect(within(region).getByRole('button', { name: save })).toBeEnabled();
                if (context.groups.length > 0) {
                  const nuts = within(region).getByRole('group', { name: 'Wheel Nuts' });
                  expect(within(nuts).getByRole('radio', { name: /^Use existing/ })).toHaveProperty(
                    'checked',
                    (context.chosen.fasteners ?? []).length === 0,
                  );
                  // The loose nuts and the pack of 20 say in words how they differ and what the quantity supplies.
                  expect(nuts).toHaveTextContent(
                    'Sold singly, M12x1.5 thread, conical seat: 24 nuts for 4 wheels of 6 studs',
                  );
                  expect(nuts).toHaveTextContent(
                    'Pack of 20, M12x1.5 thread, conical seat: 2 packs, 40 nuts for 4 wheels of 6 studs (16 spare)',
                  );
                } else {
                  expect(within(region).queryByRole('group')).not.toBeInTheDocument();
                }
              }
            },
          });
        } finally {
          actorObservers.delete('accessories-wizard');
          vi.useRealTimers();
        }
      },
      30_000,
    );
  }

  function pick(label: 'Make' | 'Model' | 'Series', option: string) {
    const select = within(screen.getByRole('region', { name: 'Wheel accessories' })).getByRole('combobox', {
      name: label,
    }) as HTMLSelectElement;
    // A picker waiting for the one before it is disabled: the user cannot pick yet.
    if (select.disabled) return;
    const value = [...select.options].find((candidate) => candidate.textContent === option)?.value;
    if (!value) throw new Error(`${label} has no ${option}`);
    act(() => {
      fireEvent.change(select, { target: { value } });
    });
  }
});
