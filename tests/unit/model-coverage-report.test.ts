import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { notificationBarMachine } from '../../machines/notification-bar';
import { describeMachine, loadMachines } from '../../scripts/machine-structure';
import { type MachineCoverageRecord, writeCoverageRecord } from '../../scripts/model-coverage-data';
import { computeCoverage, formatCoverageTable } from '../../scripts/model-coverage-report';

const run = promisify(execFile);
const DELAYED = 'showing.cycling --xstate.after.displayDuration [hasSeveral]--> showing.cycling';

function fullRecord(machine: Parameters<typeof describeMachine>[0]): MachineCoverageRecord {
  const structure = describeMachine(machine);
  return {
    machineId: structure.id,
    testFile: `tests/model/${structure.id}.test.ts`,
    states: structure.states.map((state) => state.name),
    transitions: structure.transitions.map((transition) => transition.name),
    paths: [{ description: 'every step', steps: [{ event: 'xstate.init', state: 'start' }], transitions: [] }],
  };
}

function withoutTransition(record: MachineCoverageRecord, name: string): MachineCoverageRecord {
  return { ...record, transitions: record.transitions.filter((transition) => transition !== name) };
}

const notificationBar = [{ file: 'machines/notification-bar.ts', machine: notificationBarMachine }];

describe('model coverage report', () => {
  it('counts every state and transition of a machine, eventless and delayed ones included', () => {
    const { states, transitions } = describeMachine(notificationBarMachine);
    expect(states.map((state) => state.name)).toEqual([
      'deciding',
      'empty',
      'showing',
      'showing.cycling',
      'showing.paused',
    ]);
    expect(transitions.map((transition) => transition.name)).toEqual(
      expect.arrayContaining(['deciding --always [hasAny]--> showing', 'deciding --always--> empty', DELAYED]),
    );
    expect(transitions).toHaveLength(8);
  });

  it('passes at 100% and fails, naming it, when one transition drops out of the reached set', () => {
    const full = fullRecord(notificationBarMachine);
    const complete = computeCoverage(notificationBar, [full]);
    expect(complete.complete).toBe(true);
    expect(formatCoverageTable(complete)).toMatch(
      /notificationBar\s+machines\/notification-bar\.ts\s+5\/5 100%\s+8\/8 100%/,
    );

    const missing = computeCoverage(notificationBar, [withoutTransition(full, DELAYED)]);
    expect(missing.complete).toBe(false);
    expect(missing.machines[0]?.missedTransitions).toEqual([DELAYED]);
    const table = formatCoverageTable(missing);
    expect(table).toContain('7/8 87%');
    expect(table).toContain(`transition  ${DELAYED}`);
    expect(table).toContain('Model coverage below 100%.');
  });

  it('fails a machine that no model test records', () => {
    const summary = computeCoverage(notificationBar, []);
    expect(summary.complete).toBe(false);
    expect(formatCoverageTable(summary)).toContain('FAIL (no model test)');
  });

  describe('the npm run test:model reporter step', () => {
    let directory: string | null = null;
    afterEach(() => {
      if (directory) rmSync(directory, { recursive: true, force: true });
      directory = null;
    });

    async function report(records: readonly MachineCoverageRecord[]) {
      directory = mkdtempSync(path.join(tmpdir(), 'model-coverage-'));
      for (const record of records) writeCoverageRecord(record, directory);
      return run(process.execPath, ['--import', 'tsx', 'scripts/model-coverage-report.ts'], {
        env: { ...process.env, MODEL_COVERAGE_DIR: directory },
      }).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      );
    }

    it('exits 0 when every machine is fully covered and 1 when a transition is removed from the reach', async () => {
      const records = (await loadMachines()).map(({ machine }) => fullRecord(machine));
      const passing = await report(records);
      expect(passing.stdout).toContain('All machines: 100% of states and transitions.');
      expect(passing.code).toBe(0);
      rmSync(directory ?? '', { recursive: true, force: true });

      const failing = await report(
        records.map((record) => (record.machineId === 'notificationBar' ? withoutTransition(record, DELAYED) : record)),
      );
      expect(failing.code).toBe(1);
      expect(failing.stdout).toContain(`transition  ${DELAYED}`);
    }, 30_000);
  });
});
