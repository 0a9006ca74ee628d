/**
 * `npm run bench -- --imports`: the importer at volume on PostgreSQL (the catalogue on the embedded database too),
 * each part in a database of its own created for it and dropped after, each figure printed with its budget and whether
 * it is met. `--part customer-prices` (or stock-deltas, catalogue) runs one part alone.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadAverage, postgresDatabase } from './bench-support';
import { benchCatalogue } from './import-catalogue-bench';
import { benchCustomerPrices } from './import-customer-prices-bench';
import { benchStockDeltas } from './import-stock-deltas-bench';
import { type BudgetLine, printBudgets } from './import-support';

/** Enough products and accounts for the files' keys; the bench's rows come from its own generators. */
const SEED_SCALE = 5_000;
/** BENCH_PORT moves the servers, so benches in several checkouts can run side by side. */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3581);

const PARTS: Record<string, (url: string, dir: string) => Promise<BudgetLine[]>> = {
  'customer-prices': async (url, dir) => {
    const database = await postgresDatabase(url, SEED_SCALE, undefined);
    try {
      return await benchCustomerPrices(database, database.env.DATABASE_URL as string, dir);
    } finally {
      await database.dispose();
    }
  },
  'stock-deltas': async (url) => {
    const database = await postgresDatabase(url, SEED_SCALE, undefined);
    try {
      return await benchStockDeltas(database, BASE_PORT);
    } finally {
      await database.dispose();
    }
  },
  catalogue: (_url, dir) => benchCatalogue(dir),
};

/** Runs the parts named (all when none is), printing each; answers whether every budget was met. */
export async function runImportBenches(postgresUrl: string, only: string | undefined): Promise<boolean> {
  const names = only ? [only] : Object.keys(PARTS);
  let met = true;
  for (const name of names) {
    const part = PARTS[name];
    if (!part) throw new Error(`--part: one of ${Object.keys(PARTS).join(', ')} (got ${name})`);
    const dir = await mkdtemp(path.join(os.tmpdir(), 'yhi-bench-imports-'));
    console.log(`\n${name} (load average ${loadAverage()} at the start)`);
    try {
      const lines = await part(postgresUrl, dir);
      printBudgets(name, lines);
      if (lines.some((line) => !line.met)) met = false;
    } catch (error) {
      met = false;
      console.error(`${name}: ${(error as Error).stack ?? String(error)}`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  return met;
}
