/**
 * `npm run bench`: the catalogue benchmark. Seeds 100,000 tyres and 30,000 wheels into a fresh database,
 * starts the real server on a loopback port, and measures with autocannon (16 connections) Tyre/Search and
 * Wheel/Search signed in (typical filter mixes and sorts), their public twins, and the server's trivial route as the
 * baseline of the same run. Prints p50, p99, requests/s and each search's throughput as a share of the baseline,
 * and writes docs/performance.md.
 *
 * PGlite always; PostgreSQL too with --postgres or BENCH_DATABASE_URL (a fresh database is created and dropped).
 * Options: --scale N (tyres, default 100000; with --uncached a list such as 10000,100000,300000 measures each size and
 * writes the scaling curve), --duration S (seconds per scenario, default 10), --pg-only,
 * --memory-only (only the server's memory after loading and after 1,000 distinct text searches; prints, writes nothing),
 * --uncached (searches whose filters never repeat, start-up, memory and first load against their targets;
 * uncached.ts), --keep DIR (seed once into DIR and a kept PostgreSQL database, and reuse them on later runs),
 * --cpu-prof DIR (the server writes a V8 CPU profile there when it stops; tests/bench/profile-summary.ts reads it),
 * --imports (the importer at volume on PostgreSQL; imports.ts), with --part NAME for one part of it,
 * --webhooks (webhook delivery of a burst of orders; webhook-delivery-bench.ts),
 * --lighthouse (Lighthouse mobile scores of /home and /tyres as a visitor; lighthouse-bench.ts),
 * --peak-memory (peak resident memory under load, start-up included; peak-memory.ts; prints).
 * Each mode rewrites only its own marked part of docs/performance.md.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import type { DatabaseHandle } from '../../src/server/db/client';
import { publicTyreResultsSchema, tradeTyreResultsSchema, tyreSearchSchema } from '../../src/contract/catalogue-tyres';
import {
  publicWheelResultsSchema,
  tradeWheelResultsSchema,
  wheelSearchSchema,
} from '../../src/contract/catalogue-wheels';
import { CatalogueReadModel } from '../../src/server/modules/catalogue/catalogue-read-model';
import { loadCatalogueSnapshot } from '../../src/server/modules/catalogue/catalogue-snapshot-load';
import { searchPublicTyres, searchTradeTyres } from '../../src/server/modules/catalogue/tyre-search';
import { searchPublicWheels, searchTradeWheels } from '../../src/server/modules/catalogue/wheel-search';
import { accounts, users } from '../../src/server/db/schema';
import { eq } from 'drizzle-orm';
import {
  type BenchDatabase,
  buildBenchServer,
  pgliteDatabase,
  postgresDatabase,
  replaceMarkedSection,
  residentMegabytes,
  signInToken,
  startServer,
  stopServer,
} from './bench-support';
import { runImportBenches } from './imports';
import { runLighthouseBench } from './lighthouse-bench';
import { runPeakMemoryBench } from './peak-memory';
import { runWebhookDeliveryBench } from './webhook-delivery-bench';
import { type UncachedReport, curveSection, runUncached, uncachedSection } from './uncached';

const { values: args } = parseArgs({
  options: {
    postgres: { type: 'boolean', default: false },
    'pg-only': { type: 'boolean', default: false },
    scale: { type: 'string', default: '100000' },
    duration: { type: 'string', default: '10' },
    'memory-only': { type: 'boolean', default: false },
    uncached: { type: 'boolean', default: false },
    keep: { type: 'string' },
    'cpu-prof': { type: 'string' },
    imports: { type: 'boolean', default: false },
    part: { type: 'string' },
    webhooks: { type: 'boolean', default: false },
    lighthouse: { type: 'boolean', default: false },
    'peak-memory': { type: 'boolean', default: false },
  },
});
const UNCACHED = args.uncached;
const MEMORY_ONLY = args['memory-only'];
/** 1,000 distinct text searches may grow the server by no more than this. */
const MEMORY_BUDGET_MB = 64;
const TEXT_SEARCHES = 1_000;
const SCALES = args.scale.split(',').map(Number);
const SCALE = SCALES[0] as number;
/** The catalogue size the uncached targets are set at. */
const TARGET_SCALE = 100_000;
if (SCALES.some((scale) => !Number.isInteger(scale) || scale <= 0))
  throw new Error(`--scale: whole numbers of tyres, comma separated (got ${args.scale})`);
if (SCALES.length > 1 && !UNCACHED) throw new Error('several scales are measured only with --uncached');
const DURATION = Number(args.duration);
const CONNECTIONS = 16;
const BUDGET = { p99Ms: 25, shareOfBaseline: 0.2 };
const postgresUrl =
  process.env.BENCH_DATABASE_URL ??
  (args.postgres || args['pg-only'] ? 'postgres://postgres@127.0.0.1:5432/postgres' : undefined);

interface Scenario {
  readonly name: string;
  readonly path: string;
  readonly signedIn: boolean;
  readonly bodies?: readonly object[];
}

/** Typical searches: a typed size, a diameter, size + sort by price, brand pages, a wide category page. */
const TYRE_BODIES = [
  { size: '265/65R17' },
  { diameters: [17] },
  { diameters: [17], widths: [265], sortBy: 'Price' },
  { size: '2055516', sortBy: 'Price', sortDirection: 'Descending' },
  { brands: ['Michelin'], sortBy: 'Price' },
  { categories: ['4WD'], pageSize: 48 },
  {},
  { diameters: [18], widths: [235], profiles: [60], brands: ['Bridgestone', 'Michelin', 'Pirelli'] },
];
const WHEEL_BODIES = [
  { pcds: ['6x139.7'] },
  { sizes: [17], pcds: ['6x139.7'], sortBy: 'Price' },
  { sizes: [18], pcds: ['5x114.3'], offsetMin: 35, offsetMax: 45 },
  { brands: ['ROH'], sortBy: 'Price', sortDirection: 'Descending' },
  { colours: ['Gloss Black', 'Matte Black'], sizes: [20] },
  {},
];

const SCENARIOS: readonly Scenario[] = [
  { name: 'baseline GET /healthz', path: '/healthz', signedIn: false },
  { name: 'POST Tyre/Search (signed in)', path: '/yhi/api/Tyre/Search', signedIn: true, bodies: TYRE_BODIES },
  { name: 'POST TyrePublic/Search', path: '/yhi/api/TyrePublic/Search', signedIn: false, bodies: TYRE_BODIES },
  { name: 'POST Wheel/Search (signed in)', path: '/yhi/api/Wheel/Search', signedIn: true, bodies: WHEEL_BODIES },
  { name: 'POST WheelPublic/Search', path: '/yhi/api/WheelPublic/Search', signedIn: false, bodies: WHEEL_BODIES },
];

interface Measurement {
  readonly name: string;
  readonly p50: number;
  readonly p99: number;
  readonly rps: number;
  readonly errors: number;
  readonly non2xx: number;
}

/**
 * What one search costs when nothing is cached: the read model's narrowing, paging and answer building plus the
 * contract check and serialisation, in this process, with every cache emptied before each run.
 */
async function coldAnswerCosts(handle: DatabaseHandle): Promise<string> {
  const started = Date.now();
  const snapshot = await loadCatalogueSnapshot(handle.db);
  const loadSeconds = (Date.now() - started) / 1000;
  const [dealer] = await handle.db
    .select({ id: accounts.id })
    .from(accounts)
    .innerJoin(users, eq(users.accountId, accounts.id))
    .where(eq(users.email, 'dealer@demo.test'));
  if (!dealer) throw new Error('demo dealer missing');
  const account = await new CatalogueReadModel(handle.db, console).account(dealer.id);
  const now = new Date();
  // A price order is built once per price key and snapshot (then kept across stock changes); time that apart.
  const orderStarted = performance.now();
  snapshot.tyres.priceOrder('rrp', (item) => item.rrpCents);
  const priceOrderMs = performance.now() - orderStarted;
  const time = (run: () => unknown) => {
    const samples: number[] = [];
    for (let i = 0; i < 15; i += 1) {
      for (const table of [snapshot.tyres, snapshot.wheels]) table.narrowCache.clear();
      const at = performance.now();
      run();
      samples.push(performance.now() - at);
    }
    samples.sort((a, b) => a - b);
    return { median: samples[Math.floor(samples.length / 2)] as number, worst: samples[samples.length - 1] as number };
  };
  const rows: string[] = [];
  for (const body of TYRE_BODIES) {
    const request = tyreSearchSchema.parse(body);
    const trade = time(() =>
      JSON.stringify(tradeTyreResultsSchema.parse(searchTradeTyres(snapshot, request, account, now))),
    );
    const visitor = time(() => JSON.stringify(publicTyreResultsSchema.parse(searchPublicTyres(snapshot, request))));
    rows.push(
      `| Tyre \`${JSON.stringify(body)}\` | ${trade.median.toFixed(2)} / ${trade.worst.toFixed(2)} | ${visitor.median.toFixed(2)} / ${visitor.worst.toFixed(2)} |`,
    );
  }
  for (const body of WHEEL_BODIES) {
    const request = wheelSearchSchema.parse(body);
    const trade = time(() =>
      JSON.stringify(tradeWheelResultsSchema.parse(searchTradeWheels(snapshot, request, null, account, now))),
    );
    const visitor = time(() =>
      JSON.stringify(publicWheelResultsSchema.parse(searchPublicWheels(snapshot, request, null))),
    );
    rows.push(
      `| Wheel \`${JSON.stringify(body)}\` | ${trade.median.toFixed(2)} / ${trade.worst.toFixed(2)} | ${visitor.median.toFixed(2)} / ${visitor.worst.toFixed(2)} |`,
    );
  }
  console.log(`  cold answers measured (snapshot loaded in ${loadSeconds.toFixed(1)} s)`);
  return [
    `Loading the read model from this database took ${loadSeconds.toFixed(1)} s. Building one price order over the tyres`,
    `(done once per price key and snapshot, on first use) took ${priceOrderMs.toFixed(0)} ms. Cost of one search with the`,
    'narrowing and answer caches emptied first (narrowing, paging, answer building, contract check and JSON), in ms,',
    'median / worst of 15 (the first run of each builds the price orders it needs):',
    '',
    '| search | signed in | public |',
    '|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

async function measure(port: number, scenario: Scenario, token: string): Promise<Measurement> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-timezone-offset': '600' };
  if (scenario.signedIn) headers.authorization = `Bearer ${token}`;
  const requests = scenario.bodies
    ? scenario.bodies.map((body) => ({
        method: 'POST' as const,
        path: scenario.path,
        headers,
        body: JSON.stringify(body),
      }))
    : [{ method: 'GET' as const, path: scenario.path, headers }];
  // A short warm-up, so JIT and caches settle before the measured run.
  await autocannon({ url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: 2, requests });
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION,
    requests,
  });
  return {
    name: scenario.name,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

/**
 * RSS once the catalogue is loaded and searched once, then after TEXT_SEARCHES distinct free-text searches (each a
 * different word, the kind of search no cache should keep). Four at a time, as several customers would type.
 */
async function memoryAfterTextSearches(label: string, port: number, token: string): Promise<void> {
  const search = (body: object) =>
    fetch(`http://127.0.0.1:${port}/yhi/api/Tyre/Search`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    }).then((response) => {
      if (!response.ok) throw new Error(`search failed: ${response.status}`);
      return response.arrayBuffer();
    });
  await search({});
  const loaded = await residentMegabytes(port);
  for (let next = 0; next < TEXT_SEARCHES; next += 4) {
    await Promise.all([0, 1, 2, 3].map((offset) => search({ search: String(next + offset) })));
  }
  const searched = await residentMegabytes(port);
  const grown = searched - loaded;
  const within = grown <= MEMORY_BUDGET_MB;
  if (!within) failed = true;
  console.log(
    `  RSS ${loaded.toFixed(0)} MB loaded, ${searched.toFixed(0)} MB after ${TEXT_SEARCHES} text searches (${grown >= 0 ? '+' : ''}${grown.toFixed(0)} MB)`,
  );
  memory.push(
    `| ${label} | ${loaded.toFixed(0)} | ${searched.toFixed(0)} | ${grown >= 0 ? '+' : ''}${grown.toFixed(0)} | ${within ? 'yes' : 'NO'} |`,
  );
}

async function runAgainst(
  label: string,
  script: string,
  env: Record<string, string>,
  port: number,
): Promise<Measurement[]> {
  console.log(`  starting the server (${label}) on 127.0.0.1:${port}`);
  const { child } = await startServer(script, env, port);
  try {
    const token = await signInToken(port);
    await memoryAfterTextSearches(label, port, token);
    if (MEMORY_ONLY) return [];
    const results: Measurement[] = [];
    for (const scenario of SCENARIOS) {
      const m = await measure(port, scenario, token);
      console.log(
        `  ${m.name.padEnd(32)} p50 ${m.p50} ms  p99 ${m.p99} ms  ${Math.round(m.rps)} req/s${m.non2xx || m.errors ? `  (${m.non2xx} non-2xx, ${m.errors} errors)` : ''}`,
      );
      results.push(m);
    }
    return results;
  } finally {
    await stopServer(child);
  }
}

function table(label: string, results: readonly Measurement[]): string {
  const baseline = results[0];
  if (!baseline) return '';
  const rows = results.map((m, index) => {
    const share = index === 0 ? '1.00 (baseline)' : (m.rps / baseline.rps).toFixed(2);
    const within =
      index === 0
        ? ''
        : m.p99 < BUDGET.p99Ms && m.rps / baseline.rps >= BUDGET.shareOfBaseline && m.non2xx === 0 && m.errors === 0
          ? 'yes'
          : 'NO';
    return `| ${m.name} | ${m.p50} | ${m.p99} | ${Math.round(m.rps).toLocaleString('en-AU')} | ${share} | ${within} |`;
  });
  return [
    `### ${label}`,
    '',
    '| route | p50 ms | p99 ms | requests/s | throughput vs baseline | within budget |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** The seeded database of one label, handed to `use` and let go of afterwards (kept with --keep). */
async function withDatabase<T>(label: string, use: (database: BenchDatabase) => Promise<T>, scale = SCALE): Promise<T> {
  const database =
    label === 'PGlite'
      ? await pgliteDatabase(scale, args.keep)
      : await postgresDatabase(postgresUrl as string, scale, args.keep);
  try {
    return await use(database);
  } finally {
    await database.dispose();
  }
}

/** BENCH_PORT moves both servers, so benches in several checkouts can run side by side. */
const BASE_PORT = Number(process.env.BENCH_PORT ?? 3571);
const PORTS: Record<string, number> = { PGlite: BASE_PORT, PostgreSQL: BASE_PORT + 1 };

async function benchCached(label: string, script: string): Promise<Measurement[]> {
  return withDatabase(label, async (database) => {
    if (label === 'PGlite' && !MEMORY_ONLY) {
      const handle = await database.open();
      try {
        coldCosts.push(await coldAnswerCosts(handle));
      } finally {
        await handle.close();
      }
    }
    return runAgainst(label, script, database.env, PORTS[label] as number);
  });
}

if (args.lighthouse) process.exit((await runLighthouseBench(BASE_PORT + 2)) ? 0 : 1);

if (args.webhooks) process.exit((await runWebhookDeliveryBench()) ? 0 : 1);

if (args.imports) {
  const met = await runImportBenches(
    process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
    args.part,
  );
  process.exit(met ? 0 : 1);
}

if (args['peak-memory']) {
  console.log('building the server as npm start runs it');
  const built = await buildBenchServer();
  console.log(await withDatabase('PGlite', (database) => runPeakMemoryBench(built, database, PORTS.PGlite as number)));
  process.exit(0);
}

const sections: string[] = [];
const coldCosts: string[] = [];
const memory: string[] = [];
const started = new Date();
let failed = false;
const labels = [...(args['pg-only'] ? [] : ['PGlite']), ...(postgresUrl ? ['PostgreSQL'] : [])];
console.log('building the server as npm start runs it');
const script = await buildBenchServer();

if (UNCACHED) {
  for (const label of labels) {
    const reports: UncachedReport[] = [];
    for (const scale of SCALES) {
      try {
        const report = await withDatabase(
          label,
          (database) =>
            runUncached(label, database, script, PORTS[label] as number, {
              scale,
              seconds: DURATION,
              nodeOptions: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${args['cpu-prof']}`] : [],
            }),
          scale,
        );
        reports.push(report);
        const section = uncachedSection(report, started, os.cpus().length, Boolean(args['cpu-prof']));
        console.log(`\n${section}`);
        if (report.rows.some((row) => row.target !== '' && !row.pass)) failed = true;
        // Several sizes: the targets' size keeps its own table, the others appear in the curve only.
        if (SCALES.length === 1 || scale === TARGET_SCALE)
          await replaceMarkedSection(`uncached-${label}-${scale}`, section);
      } catch (error) {
        failed = true;
        console.error(`${label}, ${scale} tyres: ${(error as Error).message}`);
      }
    }
    if (reports.length > 1) {
      const section = curveSection(label, reports, started, os.cpus().length);
      console.log(`\n${section}`);
      await replaceMarkedSection(`curve-${label}`, section);
    }
  }
} else {
  /** Runs one database's benchmark; a failure is reported in its section rather than losing the other's figures. */
  for (const label of labels) {
    const heading = label === 'PGlite' ? 'PGlite (embedded, the default)' : 'PostgreSQL (127.0.0.1:5432)';
    try {
      sections.push(table(heading, await benchCached(label, script)));
    } catch (error) {
      failed = true;
      console.error(`${label}: ${(error as Error).message}`);
      sections.push(`### ${heading}\n\nNot measured: ${(error as Error).message}\n`);
    }
  }
  const report = `Figures from \`npm run bench\` (tests/bench/run.ts), measured ${started.toISOString().slice(0, 16).replace('T', ' ')} UTC on this
machine (${os.cpus().length} cores, Node ${process.version}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' / ')} at the start). The benchmark seeds ${SCALE.toLocaleString('en-AU')} tyres and
${Math.round(SCALE * 0.3).toLocaleString('en-AU')} wheels into a fresh database, starts the real server on loopback and drives
it with autocannon, ${CONNECTIONS} connections, ${DURATION} s per route after a 2 s warm-up. Search requests cycle
through typical filter mixes (a typed size, a diameter, size with a price sort, brand pages, a wide category page,
no filter) and both sorts; signed-in searches carry the demo dealer's token, so they include its price tier, stock
for its state and promotion labels. The baseline is the same server's trivial route (GET /healthz) in the same run.

Budget: p99 under ${BUDGET.p99Ms} ms at ${CONNECTIONS} connections, and each search's throughput at least
${BUDGET.shareOfBaseline * 100}% of the baseline's.

${sections.join('\n')}
### One search with every cache emptied, in-process

${coldCosts.join('\n') || 'Not measured in this run.\n'}
### Memory after distinct free-text searches

The server's resident memory (its own \`process_resident_memory_bytes\`) with the catalogue loaded, and after
${TEXT_SEARCHES.toLocaleString('en-AU')} distinct free-text tyre searches. Budget: at most ${MEMORY_BUDGET_MB} MB more.

| database | RSS loaded, MB | after text searches, MB | grown, MB | within budget |
|---|---|---|---|---|
${memory.join('\n')}
`;
  if (MEMORY_ONLY) console.log('\n--memory-only: docs/performance.md left as it is');
  else await replaceMarkedSection('cached', report);
}
if (failed) process.exitCode = 1;
