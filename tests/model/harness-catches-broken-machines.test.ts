import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine } from 'xstate';
import { accessoriesWizardMachine } from '../../machines/accessories-wizard';
import { cartNoticeMachine } from '../../machines/cart-notice';
import { quantityPillMachine } from '../../machines/quantity-pill';
import { accessoriesWizardModelOptions } from './spec/accessories-wizard';
import { cartNoticeModelOptions } from './spec/cart-notice';
import { quantityPillModelOptions } from './spec/quantity-pill';
import { type MachineModelOptions, createMachineModel } from './support/model-harness';

/**
 * The harness is worth something only if a wrong machine fails it. Paths are generated from the machine under test,
 * so comparing the actor with its own paths can never fail; the SPEC.md assertions per state can. Each machine below
 * is a real machine with one deliberate defect, and that machine's own model (its spec assertions included) must
 * fail on at least one generated path, while the real machine passes.
 */

/** The machine rebuilt from its config with `change` applied, keeping its implementations. */
function rebuilt<TMachine extends AnyStateMachine>(
  machine: TMachine,
  change: (config: TMachine['config']) => unknown,
): TMachine {
  return createMachine(change(machine.config) as never, machine.implementations as never) as unknown as TMachine;
}

/** One transition's target changed: going below 1 sends the quantity instead of removing the line. */
const pillRemovalTargetChanged = rebuilt(quantityPillMachine, (config) => ({
  ...config,
  states: {
    ...config.states,
    debouncing: {
      ...config.states?.debouncing,
      after: {
        debounce: [
          { guard: 'isBelowOne', target: 'sending' },
          { guard: 'isUnchanged', target: 'idle' },
          { target: 'sending' },
        ],
      },
    },
  },
}));

/** One guard inverted: a changed quantity is dropped after the wait, and an unchanged one is sent. */
const pillUnchangedGuardInverted = quantityPillMachine.provide({
  guards: { isUnchanged: ({ context }) => context.quantity !== context.confirmed },
});

/** One transition's target changed: a changed count stays quiet instead of showing the notice. */
const noticeChangeTargetChanged = rebuilt(cartNoticeMachine, (config) => ({
  ...config,
  states: {
    ...config.states,
    quiet: {
      ...config.states?.quiet,
      on: {
        ...config.states?.quiet?.on,
        'cart.counted': (config.states?.quiet?.on?.['cart.counted'] as readonly object[]).map((transition, index) =>
          index === 0 ? { ...transition, target: 'quiet' } : transition,
        ),
      },
    },
  },
}));

/** One guard inverted: the notice shows when the count stays the same, and not when it changes. */
const noticeChangedGuardInverted = cartNoticeMachine.provide({
  guards: {
    countChanged: ({ context }, params: { count: number }) => context.count !== null && params.count === context.count,
  },
});

/** One transition's target changed, as the wizard once was: CompleteIncompatible moves on to the next item. */
const wizardCompleteIncompatibleTargetChanged = rebuilt(accessoriesWizardMachine, (config) => {
  const item = config.states?.item;
  const vehicle = item?.states?.vehicle;
  const checking = vehicle?.states?.checking;
  const invoke = checking?.invoke as { onDone: { guard?: unknown; target: string; actions?: unknown }[] } & object;
  const onDone = invoke.onDone.map((branch, index) =>
    index === 1 ? { ...branch, target: '#accessoriesWizard.nextItem' } : branch,
  );
  return {
    ...config,
    states: {
      ...config.states,
      item: {
        ...item,
        states: {
          ...item?.states,
          vehicle: {
            ...vehicle,
            states: { ...vehicle?.states, checking: { ...checking, invoke: { ...invoke, onDone } } },
          },
        },
      },
    },
  };
});

async function failuresOf<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options: MachineModelOptions<TMachine>,
): Promise<string[]> {
  const model = createMachineModel(machine, { ...options, recordCoverage: false });
  const failures: string[] = [];
  for (const path of model.paths) {
    try {
      await model.run(path);
    } catch (error) {
      failures.push(`${path.description}: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`);
    }
  }
  return failures;
}

describe('the model harness fails a broken quantity pill', () => {
  it('passes the real quantity pill', async () => {
    expect(await failuresOf(quantityPillMachine, quantityPillModelOptions)).toEqual([]);
  });

  it("fails when one transition's target is changed", async () => {
    const failures = await failuresOf(pillRemovalTargetChanged, quantityPillModelOptions);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain("SPEC.md assertion for 'sending'");
  });

  it('fails when one guard is inverted', async () => {
    const failures = await failuresOf(pillUnchangedGuardInverted, quantityPillModelOptions);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain("SPEC.md assertion for 'idle'");
  });
});

describe('the model harness fails a broken cart notice', () => {
  it('passes the real cart notice', async () => {
    expect(await failuresOf(cartNoticeMachine, cartNoticeModelOptions)).toEqual([]);
  });

  it("fails when one transition's target is changed", async () => {
    const failures = await failuresOf(noticeChangeTargetChanged, cartNoticeModelOptions);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain("SPEC.md assertion for 'quiet'");
  });

  it('fails when one guard is inverted', async () => {
    const failures = await failuresOf(noticeChangedGuardInverted, cartNoticeModelOptions);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain("SPEC.md assertion for 'showing'");
  });
});

describe('the model harness fails a broken accessories wizard', () => {
  it('passes the real wizard', { timeout: 60_000 }, async () => {
    expect(await failuresOf(accessoriesWizardMachine, accessoriesWizardModelOptions)).toEqual([]);
  });

  it("fails when CompleteIncompatible's target is changed to the next item", { timeout: 60_000 }, async () => {
    const failures = await failuresOf(wizardCompleteIncompatibleTargetChanged, accessoriesWizardModelOptions);
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain('CompleteIncompatible closes the flyout');
  });
});
