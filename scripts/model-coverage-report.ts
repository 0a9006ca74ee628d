import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { type MachineModule, type MachineStructure, describeMachine, loadMachines } from './machine-structure';
import { renderMachinePicture } from './machine-picture';
import { type MachineCoverageRecord, type ModelPathRecord, readCoverageRecords } from './model-coverage-data';

export interface MachineCoverage {
  readonly id: string;
  readonly file: string;
  readonly structure: MachineStructure;
  readonly testFiles: readonly string[];
  readonly reachedStates: readonly string[];
  readonly reachedTransitions: readonly string[];
  readonly missedStates: readonly string[];
  readonly missedTransitions: readonly string[];
  readonly paths: readonly ModelPathRecord[];
  readonly complete: boolean;
}

export interface CoverageSummary {
  readonly machines: readonly MachineCoverage[];
  /** Records naming a machine that machines/ no longer exports. */
  readonly strayRecords: readonly string[];
  readonly complete: boolean;
}

/** Per machine: what the model tests reached against everything the machine has. */
export function computeCoverage(
  machines: readonly Pick<MachineModule, 'file' | 'machine'>[],
  records: readonly MachineCoverageRecord[],
): CoverageSummary {
  const coverages = machines.map(({ file, machine }): MachineCoverage => {
    const structure = describeMachine(machine);
    const own = records.filter((record) => record.machineId === structure.id);
    const states = new Set(own.flatMap((record) => record.states));
    const transitions = new Set(own.flatMap((record) => record.transitions));
    const reachedStates = structure.states.map((state) => state.name).filter((name) => states.has(name));
    const reachedTransitions = structure.transitions
      .map((transition) => transition.name)
      .filter((name) => transitions.has(name));
    const missedStates = structure.states.map((state) => state.name).filter((name) => !states.has(name));
    const missedTransitions = structure.transitions
      .map((transition) => transition.name)
      .filter((name) => !transitions.has(name));
    return {
      id: structure.id,
      file,
      structure,
      testFiles: [...new Set(own.map((record) => record.testFile))].sort(),
      reachedStates,
      reachedTransitions,
      missedStates,
      missedTransitions,
      paths: own.flatMap((record) => record.paths),
      complete: own.length > 0 && missedStates.length === 0 && missedTransitions.length === 0,
    };
  });
  const known = new Set(coverages.map((coverage) => coverage.id));
  const strayRecords = [...new Set(records.map((record) => record.machineId))].filter((id) => !known.has(id));
  return { machines: coverages, strayRecords, complete: coverages.every((coverage) => coverage.complete) };
}

function ratio(reached: number, total: number): string {
  const percent = total === 0 ? 100 : Math.floor((reached / total) * 100);
  return `${reached}/${total} ${percent}%`;
}

function pad(cells: readonly string[], widths: readonly number[]): string {
  return cells
    .map((cell, index) => cell.padEnd(widths[index] ?? 0))
    .join('  ')
    .trimEnd();
}

/** The table `npm run test:model` prints, followed by every state and transition no path reached. */
export function formatCoverageTable(summary: CoverageSummary): string {
  const header = ['machine', 'file', 'states', 'transitions', 'paths', 'result'];
  const rows = summary.machines.map((coverage) => [
    coverage.id,
    coverage.file,
    ratio(coverage.reachedStates.length, coverage.structure.states.length),
    ratio(coverage.reachedTransitions.length, coverage.structure.transitions.length),
    String(coverage.paths.length),
    coverage.testFiles.length === 0 ? 'FAIL (no model test)' : coverage.complete ? 'ok' : 'FAIL',
  ]);
  const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => (row[column] ?? '').length)));
  const lines = [
    'Model-based path coverage (machines/)',
    '',
    pad(header, widths),
    ...rows.map((row) => pad(row, widths)),
  ];
  for (const coverage of summary.machines) {
    if (coverage.complete) continue;
    lines.push('', `${coverage.id} (${coverage.file}) never reached:`);
    if (coverage.testFiles.length === 0) lines.push('  no model test records this machine (tests/model/README.md)');
    for (const state of coverage.missedStates) lines.push(`  state       ${state}`);
    for (const transition of coverage.missedTransitions) lines.push(`  transition  ${transition}`);
  }
  for (const stray of summary.strayRecords)
    lines.push('', `note: coverage recorded for "${stray}", which machines/ does not export`);
  lines.push('', summary.complete ? 'All machines: 100% of states and transitions.' : 'Model coverage below 100%.');
  return lines.join('\n');
}

function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** The QA page: one section per machine with its picture (reached transitions marked) and its paths. */
export async function renderCoverageHtml(
  summary: CoverageSummary,
  machines: readonly MachineModule[],
): Promise<string> {
  const sections: string[] = [];
  for (const coverage of summary.machines) {
    const module = machines.find((candidate) => describeMachine(candidate.machine).id === coverage.id);
    const picture = module
      ? await renderMachinePicture(module.machine, {
          reachedStates: new Set(coverage.reachedStates),
          reachedTransitions: new Set(coverage.reachedTransitions),
        })
      : '';
    const missed = [
      ...coverage.missedStates.map((state) => `<li>state <code>${escapeHtml(state)}</code></li>`),
      ...coverage.missedTransitions.map((transition) => `<li>transition <code>${escapeHtml(transition)}</code></li>`),
    ];
    const paths = coverage.paths.map(
      (modelPath) =>
        `<li><details><summary>${escapeHtml(modelPath.description)}</summary><ol>${modelPath.steps
          .map((step) => `<li><code>${escapeHtml(step.event)}</code> → <strong>${escapeHtml(step.state)}</strong></li>`)
          .join('')}</ol></details></li>`,
    );
    sections.push(`<section id="${escapeHtml(coverage.id)}">
<h2>${escapeHtml(coverage.id)} <small>${escapeHtml(coverage.file)}</small> <span class="${coverage.complete ? 'ok' : 'fail'}">${coverage.complete ? '100%' : 'below 100%'}</span></h2>
<p>States ${ratio(coverage.reachedStates.length, coverage.structure.states.length)} · transitions ${ratio(coverage.reachedTransitions.length, coverage.structure.transitions.length)} · ${coverage.paths.length} paths · tests: ${coverage.testFiles.map((file) => `<code>${escapeHtml(file)}</code>`).join(', ') || 'none'}</p>
<figure>${picture}<figcaption>Green: reached by a generated path. Red dashed: never reached.</figcaption></figure>
${missed.length ? `<h3>Never reached</h3><ul>${missed.join('')}</ul>` : ''}
<h3>Generated paths</h3><ol class="paths">${paths.join('')}</ol>
</section>`);
  }
  return `<!doctype html>
<html lang="en-AU"><head><meta charset="utf-8"><title>Model-based path coverage</title>
<style>
body{font-family:system-ui,sans-serif;margin:2rem;color:#1f2937;max-width:80rem}
h2 small{font-weight:normal;color:#6b7280;font-size:.8em}
.ok{color:#047857}.fail{color:#b91c1c}
figure{margin:1rem 0;overflow:auto;border:1px solid #e5e7eb;padding:1rem}
code{font-size:.9em}.paths details summary{cursor:pointer}
</style></head><body>
<h1>Model-based path coverage</h1>
<p>${summary.complete ? 'Every machine: 100% of states and transitions.' : 'Some machines are below 100%.'}</p>
<nav><ul>${summary.machines.map((coverage) => `<li><a href="#${escapeHtml(coverage.id)}">${escapeHtml(coverage.id)}</a></li>`).join('')}</ul></nav>
${sections.join('\n')}
</body></html>
`;
}

export const REPORT_FILE = path.resolve(import.meta.dirname, '..', 'reports', 'model-coverage.html');

async function main(argv: readonly string[]): Promise<number> {
  const machines = await loadMachines();
  const summary = computeCoverage(machines, readCoverageRecords());
  console.log(formatCoverageTable(summary));
  if (argv.includes('--report')) {
    mkdirSync(path.dirname(REPORT_FILE), { recursive: true });
    writeFileSync(REPORT_FILE, await renderCoverageHtml(summary, machines));
    console.log(`\nReport: ${path.relative(process.cwd(), REPORT_FILE)}`);
  }
  return summary.complete ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await main(process.argv.slice(2));
}
