import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, createMachine } from 'xstate';
import { quantityPillMachine } from '../../machines/quantity-pill';
import { quantityPillModelOptions } from './spec/quantity-pill';
import { createMachineModel } from './support/model-harness';

/**
 * The harness is worth something only if a wrong machine fails it. Paths are generated from the machine under test,
 * so comparing the actor with its own paths can never fail; the SPEC.md assertions per state can. Each machine below
 * is the real quantity pill with one deliberate defect, and the pill's own model (its spec assertions included) must
 * fail on at least one generated path.
 */
type Broken = typeof quantityPillMachine;

/** One transition's target changed: going below 1 sends the quantity instead of removing the line. */
function withRemovalTargetChanged(): Broken {
  const { config } = quantityPillMachine;
  const debouncing = config.states?.debouncing;
  const broken = {
    ...config,
    states: {
      ...config.states,
      debouncing: {
        ...debouncing,
        after: {
          debounce: [
            { guard: 'isBelowOne', target: 'sending' },
            { guard: 'isUnchanged', target: 'idle' },
            { target: 'sending' },
          ],
        },
      },
    },
  };
  return createMachine(broken as never, quantityPillMachine.implementations as never) as unknown as Broken;
}

/** One guard inverted: a changed quantity is dropped after the wait, and an unchanged one is sent. */
function withUnchangedGuardInverted(): Broken {
  return quantityPillMachine.provide({ guards: { isUnchanged: ({ context }) => context.quantity !== context.confirmed } });
}

async function failuresOf(machine: AnyStateMachine): Promise<string[]> {
  const model = createMachineModel(machine as Broken, { ...quantityPillModelOptions, recordCoverage: false });
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

describe('the model harness fails a broken machine', () => {
  it('passes the real quantity pill', async () => {
    expect(await failuresOf(quantityPillMachine)).toEqual([]);
  });

  it("fails when one transition's target is changed", async () => {
    const failures = await failuresOf(withRemovalTargetChanged());
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain("SPEC.md assertion for 'sending'");
  });

  it('fails when one guard is inverted', async () => {
    const failures = await failuresOf(withUnchangedGuardInverted());
    expect(failures.length).toBeGreaterThan(0);
    expect(failures.join('\n')).toContain("SPEC.md assertion for 'idle'");
  });
});
