import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/**
 * Where model tests leave what they reached; cleared at the start of every model run (git-ignored).
 * MODEL_COVERAGE_DIR points the reporter elsewhere (its own test uses that).
 */
export const COVERAGE_DIR = path.resolve(
  process.env.MODEL_COVERAGE_DIR ?? path.join(import.meta.dirname, '..', 'reports', '.model-coverage'),
);

export const modelPathRecordSchema = z.object({
  description: z.string(),
  steps: z.array(z.object({ event: z.string(), state: z.string() })),
  transitions: z.array(z.string()),
});

export const machineCoverageRecordSchema = z.object({
  machineId: z.string(),
  testFile: z.string(),
  states: z.array(z.string()),
  transitions: z.array(z.string()),
  paths: z.array(modelPathRecordSchema),
});

export type ModelPathRecord = z.infer<typeof modelPathRecordSchema>;
export type MachineCoverageRecord = z.infer<typeof machineCoverageRecordSchema>;

export function clearCoverageRecords(directory = COVERAGE_DIR): void {
  rmSync(directory, { recursive: true, force: true });
}

export function writeCoverageRecord(record: MachineCoverageRecord, directory = COVERAGE_DIR): string {
  mkdirSync(directory, { recursive: true });
  const testSlug = record.testFile.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  const file = path.join(directory, `${record.machineId}--${testSlug}.json`);
  writeFileSync(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

export function readCoverageRecords(directory = COVERAGE_DIR): MachineCoverageRecord[] {
  let files: string[];
  try {
    files = readdirSync(directory).filter((file) => file.endsWith('.json'));
  } catch {
    return [];
  }
  return files
    .sort()
    .map((file) => machineCoverageRecordSchema.parse(JSON.parse(readFileSync(path.join(directory, file), 'utf8'))));
}
