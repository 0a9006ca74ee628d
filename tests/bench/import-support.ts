/**
 * What the import benchmarks share: running one file through the runner the HTTP route and the command line use,
 * a plain `COPY` of a CSV file into a bare table as the baseline, and a budget line that says whether it is met.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import type { ImportEntityName, ImportJob } from '../../src/contract/imports';
import type { Database } from '../../src/server/db/client';
import { createImportJob } from '../../src/server/modules/imports/import-jobs';
import { runImportJob } from '../../src/server/modules/imports/import-runner';

const quietLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Imports a CSV file row-wise as the command line does; answers the ended job and each refused row as it prints them. */
export async function importThroughRunner(
  db: Database,
  entity: ImportEntityName,
  file: string,
  fileBytes: number,
): Promise<{ job: ImportJob; refused: string[]; seconds: number }> {
  const started = performance.now();
  const id = await createImportJob(
    db,
    { entity, mode: 'row-wise', startedBy: 'bench', fileName: path.basename(file), fileBytes },
    new Date(),
  );
  const refused: string[] = [];
  const job = await runImportJob(
    {
      db,
      now: () => new Date(),
      log: quietLog,
      onRefused: (error) => refused.push(`line ${error.line}: ${error.column}: ${error.reason}`),
    },
    { id, entity, mode: 'row-wise' },
    { path: file, format: 'csv' },
  );
  return { job, refused, seconds: (performance.now() - started) / 1000 };
}

/**
 * Seconds a plain `COPY` of the CSV file takes into a new table of text columns named after its header, through psql's
 * \copy (the file is read where the bench runs, as the importer reads it). The table is dropped afterwards.
 */
export async function plainCopySeconds(url: string, file: string, columns: readonly string[]): Promise<number> {
  const table = `bench_copy_${Date.now()}`;
  await psql(url, `create table ${table} (${columns.map((column) => `${column} text`).join(', ')})`);
  try {
    const started = performance.now();
    await psql(url, `\\copy ${table} from '${file}' with (format csv, header true)`);
    return (performance.now() - started) / 1000;
  } finally {
    await psql(url, `drop table ${table}`);
  }
}

function psql(url: string, command: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [url, '-v', 'ON_ERROR_STOP=1', '-q', '-c', command], {
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`psql: ${errors.trim()}`))));
  });
}

/** One budget's line: the figure, the budget and whether it is met. */
export interface BudgetLine {
  readonly what: string;
  readonly measured: string;
  readonly budget: string;
  readonly met: boolean;
}

export function printBudgets(title: string, lines: readonly BudgetLine[]): void {
  console.log(`\n${title}`);
  for (const line of lines) {
    console.log(
      `  ${line.what.padEnd(48)} ${line.measured.padEnd(28)} budget ${line.budget.padEnd(14)} ${line.met ? 'met' : 'MISSED'}`,
    );
  }
}
