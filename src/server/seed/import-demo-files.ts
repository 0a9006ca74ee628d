import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { ImportEntityName, ImportRowError } from '../../contract/imports';
import type { Database } from '../db/client';
import { importJobs } from '../db/schema';
import { createImportJob } from '../modules/imports/import-jobs';
import { runImportJob } from '../modules/imports/import-runner';
import type { DemoCatalogue } from './demo-catalogue-rows';

/** Who the demo data's import jobs say started them. */
export const DEMO_IMPORTER = 'demo data';

/** The order a shop going live loads its data in: what a row refers to is imported before it. */
const GO_LIVE_ORDER = [
  'warehouses',
  'tyres',
  'wheels',
  'accessories',
  'vehicles',
  'brand-tiers',
  'account-tiers',
  'customer-prices',
  'stock',
  'inbound-stock',
] as const satisfies readonly (keyof DemoCatalogue['files'] & ImportEntityName)[];

const REFUSALS_TOLD = 5;

/** The demo data's import jobs, so a reset starts its list afresh. */
export async function clearDemoImportJobs(db: Database): Promise<void> {
  await db.delete(importJobs).where(eq(importJobs.startedBy, DEMO_IMPORTER));
}

/**
 * Writes each entity's rows as a JSON Lines file and imports it, a job per entity in go-live order. The files go to
 * a temporary directory removed afterwards: they are drawn afresh from the seed every time, so a kept copy would
 * only go stale. Demo data is all good data, so a refused row or a failed job throws, naming the first refusals.
 */
export async function importDemoFiles(
  db: Database,
  catalogue: DemoCatalogue,
  options: { now: Date; onProgress?: (entity: string) => void },
): Promise<void> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'demo-import-'));
  try {
    for (const entity of GO_LIVE_ORDER) {
      options.onProgress?.(entity);
      const file = path.join(directory, `${entity}.jsonl`);
      await writeFile(file, catalogue.files[entity].map((row) => `${JSON.stringify(row)}\n`).join(''));
      const jobId = await createImportJob(
        db,
        {
          entity,
          mode: 'row-wise',
          startedBy: DEMO_IMPORTER,
          fileName: path.basename(file),
          fileBytes: (await stat(file)).size,
        },
        options.now,
      );
      const refusals: ImportRowError[] = [];
      const job = await runImportJob(
        {
          db,
          now: () => new Date(),
          log: { info: () => undefined, warn: console.warn, error: console.error },
          onRefused: (error) => refusals.push(error),
        },
        { id: jobId, entity, mode: 'row-wise' },
        { path: file, format: 'jsonl' },
      );
      if (job.state !== 'done' || job.counts.failed > 0) {
        const told = refusals
          .slice(0, REFUSALS_TOLD)
          .map((error) => `line ${error.line}: ${error.column || 'row'} '${error.value}' ${error.reason}`);
        throw new Error(
          [`The demo ${entity} import ended ${job.state} with ${job.counts.failed} refused rows.`, job.failure, ...told]
            .filter(Boolean)
            .join('\n'),
        );
      }
    }
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}
