/**
 * The catalogue from files into an empty shop: warehouses, then tyres with their trade and RRP prices, then a stock
 * snapshot, each through the runner, on PostgreSQL (against a plain `COPY` of the same files in the same run) and on
 * the embedded database, with this process's resident memory sampled throughout.
 */
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ImportEntityName } from '../../src/contract/imports';
import { type DatabaseHandle, openPglite, openPostgres } from '../../src/server/db/client';
import { createPostgresDatabase } from '../support/postgres-database';
import { type BudgetLine, importThroughRunner, plainCopySeconds } from './import-support';

const TYRES = 100_000;
const BUDGET_SECONDS = { PostgreSQL: 60, PGlite: 120 };
const RSS_GROWTH_BUDGET_MB = 200;
const WAREHOUSES = [
  'code,name,kind,state',
  'SYD,SYDNEY,own,NSW',
  'MEL,MELBOURNE,own,VIC',
  'BNE,BRISBANE,own,QLD',
  'PER,PERTH,own,WA',
  'ADL,ADELAIDE,own,SA',
  'SUP,SUPPLIER STOCK,supplier,',
];
const STOCKED_IN = ['SYD', 'MEL', 'BNE', 'PER', 'ADL', 'SUP'];
/** Stock rows per tyre: each tyre is held in this many of the warehouses. */
const STOCK_PER_TYRE = 2;
const BRANDS = ['Marshal', 'Kumho', 'Falken', 'Nexen', 'Hankook', 'Toyo', 'Yokohama', 'Maxxis', 'Nitto', 'Cooper'];
const PATTERNS = ['Road Venture AT51', 'Ecsta PS71', 'Wildpeak AT3W', 'Nfera SU1', 'Ventus S1', 'Open Country RT'];
const CATEGORIES = ['Passenger', '4WD', 'SUV', 'Light Truck', 'Performance'];
const SEASONS = ['Summer', 'All Season', 'Winter'];
const SPEEDS = ['H', 'V', 'T', 'W', 'Y', 'R'];
const TYRE_COLUMNS =
  'sku,name,brand,description,trade,rrp,active,pattern,size,load_rating,speed_rating,category,season,run_flat,extra_load';

interface CatalogueFiles {
  readonly warehouses: string;
  readonly tyres: string;
  readonly stock: string;
}

/** Writes the three files: every tyre distinct by SKU, spread over sizes, brands and patterns. */
async function writeCatalogueFiles(dir: string): Promise<CatalogueFiles> {
  const tyres = [TYRE_COLUMNS];
  const stock = ['sku,warehouse,quantity'];
  for (let i = 0; i < TYRES; i += 1) {
    const sku = `BEN${String(i).padStart(6, '0')}`;
    const brand = BRANDS[i % BRANDS.length] as string;
    const pattern = PATTERNS[Math.floor(i / BRANDS.length) % PATTERNS.length] as string;
    const width = 155 + 10 * (i % 17);
    const profile = 35 + 5 * (Math.floor(i / 17) % 10);
    const diameter = 13 + (Math.floor(i / 170) % 10);
    const size = `${width}/${profile}R${diameter}`;
    const load = String(80 + (i % 40));
    const speed = SPEEDS[i % SPEEDS.length] as string;
    const trade = 80 + (i % 400);
    tyres.push(
      [
        sku,
        `${brand} ${pattern} ${size} ${load}${speed}`,
        brand,
        '',
        `${trade}.50`,
        `${Math.round(trade * 1.45)}.95`,
        'true',
        pattern,
        size,
        load,
        speed,
        CATEGORIES[i % CATEGORIES.length],
        SEASONS[i % SEASONS.length],
        i % 11 === 0 ? 'true' : 'false',
        i % 7 === 0 ? 'true' : 'false',
      ].join(','),
    );
    for (let k = 0; k < STOCK_PER_TYRE; k += 1) {
      stock.push(`${sku},${STOCKED_IN[(i + k) % STOCKED_IN.length]},${(i * 13 + k) % 60}`);
    }
  }
  const files = {
    warehouses: path.join(dir, 'warehouses.csv'),
    tyres: path.join(dir, 'tyres.csv'),
    stock: path.join(dir, 'stock.csv'),
  };
  await writeFile(files.warehouses, `${WAREHOUSES.join('\n')}\n`);
  await writeFile(files.tyres, `${tyres.join('\n')}\n`);
  await writeFile(files.stock, `${stock.join('\n')}\n`);
  return files;
}

/**
 * Imports the three files in order into an empty, migrated database; answers the seconds they took and the most this
 * process's resident memory grew over what it was before the first.
 */
async function importCatalogue(label: string, handle: DatabaseHandle, files: CatalogueFiles) {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 50);
  const started = performance.now();
  let ok = true;
  try {
    for (const entity of ['warehouses', 'tyres', 'stock'] as const satisfies readonly ImportEntityName[]) {
      const file = files[entity];
      const { job, refused, seconds } = await importThroughRunner(handle.db, entity, file, (await stat(file)).size);
      console.log(`  ${label} ${entity}: ${job.state} in ${seconds.toFixed(1)} s ${JSON.stringify(job.counts)}`);
      if (refused.length > 0) console.log(`    first refused: ${refused.slice(0, 3).join('; ')}`);
      if (job.state !== 'done' || job.counts.failed > 0) ok = false;
    }
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, process.memoryUsage().rss);
  return { seconds: (performance.now() - started) / 1000, grownMb: (peak - before) / 1024 / 1024, ok };
}

export async function benchCatalogue(dir: string): Promise<BudgetLine[]> {
  const files = await writeCatalogueFiles(dir);
  console.log(
    `catalogue: ${TYRES.toLocaleString('en-AU')} tyres (${((await stat(files.tyres)).size / 1e6).toFixed(1)} MB) and ${(TYRES * STOCK_PER_TYRE).toLocaleString('en-AU')} stock rows (${((await stat(files.stock)).size / 1e6).toFixed(1)} MB)`,
  );
  const lines: BudgetLine[] = [];

  const postgres = await createPostgresDatabase({ migrated: true });
  try {
    const copySeconds =
      (await plainCopySeconds(postgres.url, files.tyres, TYRE_COLUMNS.split(','))) +
      (await plainCopySeconds(postgres.url, files.stock, ['sku', 'warehouse', 'quantity']));
    const handle = openPostgres(postgres.url);
    try {
      const run = await importCatalogue('PostgreSQL', handle, files);
      lines.push(...budgetLines('PostgreSQL', run, BUDGET_SECONDS.PostgreSQL), {
        what: 'PostgreSQL: ratio to a plain COPY of tyres and stock',
        measured: `${(run.seconds / copySeconds).toFixed(0)}x (COPY ${copySeconds.toFixed(2)} s)`,
        budget: 'reported',
        met: true,
      });
    } finally {
      await handle.close();
    }
  } finally {
    await postgres.dispose();
  }

  const pgliteDir = await mkdtemp(path.join(os.tmpdir(), 'yhi-bench-pglite-'));
  try {
    const handle = openPglite(await PGlite.create(pgliteDir));
    try {
      await handle.migrate();
      lines.push(...budgetLines('PGlite', await importCatalogue('PGlite', handle, files), BUDGET_SECONDS.PGlite));
    } finally {
      await handle.close();
    }
  } finally {
    await rm(pgliteDir, { recursive: true, force: true });
  }
  return lines;
}

function budgetLines(
  label: string,
  run: { seconds: number; grownMb: number; ok: boolean },
  budgetSeconds: number,
): BudgetLine[] {
  return [
    {
      what: `${label}: warehouses, 100,000 tyres and their stock`,
      measured: `${run.seconds.toFixed(1)} s${run.ok ? '' : ' (a job failed or refused rows)'}`,
      budget: `<= ${budgetSeconds} s`,
      met: run.ok && run.seconds <= budgetSeconds,
    },
    {
      what: `${label}: resident memory growth`,
      measured: `${run.grownMb.toFixed(0)} MB`,
      budget: `<= ${RSS_GROWTH_BUDGET_MB} MB`,
      met: run.grownMb <= RSS_GROWTH_BUDGET_MB,
    },
  ];
}
