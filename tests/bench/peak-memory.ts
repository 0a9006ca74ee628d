/**
 * `npm run bench -- --peak-memory`: whether the server's forced garbage collections (src/server/collect-garbage.ts:
 * one after the catalogue's first load, one each time the server falls quiet) earn their place against the memory
 * that matters, the peak under load. The same server on the same seeded database is run twice, as `npm start` runs it
 * and with `--no-expose-gc` (which turns both collections off: they run only where node exposes `gc`), through the
 * same load: two bursts of searches whose filters never repeat (16 connections), each followed by a quiet spell long
 * enough for the quiet-time collection. Resident memory is read from /proc every 100 ms; the kernel's high-water mark
 * (VmHWM) gives the peak. Figures are printed as MB and as ratios to the run without forced collections.
 */
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { type BenchDatabase, loadAverage, signInToken, startServer, stopServer } from './bench-support';
import { readCatalogueShape, tyreSearches, wheelSearches } from './uncached-searches';

const CONNECTIONS = 16;
const BURST_SECONDS = 20;
/** Longer than the server's quiet time plus its check interval, so the quiet-time collection has run. */
const QUIET_MS = 12_000;
const SAMPLE_MS = 100;

/** VmRSS and VmHWM of a process, in MB. */
function residentOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kilobytes('VmRSS') / 1024, peak: kilobytes('VmHWM') / 1024 };
}

interface Variant {
  readonly name: string;
  readonly nodeOptions: readonly string[];
}

const VARIANTS: readonly Variant[] = [
  { name: 'no forced collection (--no-expose-gc)', nodeOptions: ['--no-expose-gc'] },
  { name: 'forced collections, as npm start runs', nodeOptions: [] },
];

interface Figures {
  readonly afterStart: number;
  readonly startPeak: number;
  readonly burstPeaks: number[];
  readonly afterQuiet: number[];
  readonly overallPeak: number;
}

async function measureVariant(
  script: string,
  database: BenchDatabase,
  port: number,
  variant: Variant,
  requestsFor: (token: string) => AutocannonRequest[],
): Promise<Figures> {
  const { child } = await startServer(script, database.env, port, variant.nodeOptions);
  const pid = (child as ChildProcess).pid as number;
  try {
    // The start-up collection, when there is one, runs as the catalogue finishes loading; let it.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const start = residentOf(pid);
    const token = await signInToken(port);
    const burstPeaks: number[] = [];
    const afterQuiet: number[] = [];
    for (let burst = 0; burst < 2; burst += 1) {
      let highest = 0;
      const sampler = setInterval(() => {
        highest = Math.max(highest, residentOf(pid).rss);
      }, SAMPLE_MS);
      const result = await autocannon({
        url: `http://127.0.0.1:${port}`,
        connections: CONNECTIONS,
        duration: BURST_SECONDS,
        requests: requestsFor(token),
      });
      clearInterval(sampler);
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
      burstPeaks.push(highest);
      await new Promise((resolve) => setTimeout(resolve, QUIET_MS));
      afterQuiet.push(residentOf(pid).rss);
    }
    return { afterStart: start.rss, startPeak: start.peak, burstPeaks, afterQuiet, overallPeak: residentOf(pid).peak };
  } finally {
    await stopServer(child);
  }
}

/** Runs both variants and answers the report's Markdown. */
export async function runPeakMemoryBench(script: string, database: BenchDatabase, port: number): Promise<string> {
  const handle = await database.open();
  const shape = await readCatalogueShape(handle.db);
  await handle.close();
  const results: { variant: Variant; figures: Figures; load: string }[] = [];
  for (const variant of VARIANTS) {
    // Each run gets the same filter sets from the start, so both carry the same load.
    const tyres = tyreSearches(shape);
    const wheels = wheelSearches(shape);
    const requestsFor = (token: string): AutocannonRequest[] => {
      const headers = {
        'content-type': 'application/json',
        'x-timezone-offset': '600',
        authorization: `Bearer ${token}`,
      };
      return [
        {
          method: 'POST',
          path: '/yhi/api/Tyre/Search',
          headers,
          setupRequest: (r) => ({ ...r, body: tyres.next(true) }),
        },
        {
          method: 'POST',
          path: '/yhi/api/Wheel/Search',
          headers,
          setupRequest: (r) => ({ ...r, body: wheels.next(true) }),
        },
      ];
    };
    console.log(`  ${variant.name}`);
    const load = loadAverage();
    const figures = await measureVariant(script, database, port, variant, requestsFor);
    console.log(
      `    ${JSON.stringify(figures, (_key, value: unknown) => (typeof value === 'number' ? Math.round(value) : value))}`,
    );
    results.push({ variant, figures, load });
  }
  const baseline = results[0]?.figures as Figures;
  const mb = (value: number) => value.toFixed(0);
  const ratio = (value: number, base: number) => (value / base).toFixed(2);
  const rows = results.map(({ variant, figures, load }) =>
    [
      variant.name,
      `${mb(figures.afterStart)} (${ratio(figures.afterStart, baseline.afterStart)})`,
      figures.burstPeaks.map((peak, i) => `${mb(peak)} (${ratio(peak, baseline.burstPeaks[i] as number)})`).join(' / '),
      figures.afterQuiet.map((rss, i) => `${mb(rss)} (${ratio(rss, baseline.afterQuiet[i] as number)})`).join(' / '),
      `${mb(figures.overallPeak)} (${ratio(figures.overallPeak, baseline.overallPeak)})`,
      load,
    ].join(' | '),
  );
  return [
    '| server | RSS after start, MB | peak RSS in burst 1 / 2, MB | RSS after quiet 1 / 2, MB | high-water mark, MB | load average 1 / 5 min |',
    '|---|---|---|---|---|---|',
    ...rows.map((row) => `| ${row} |`),
    '',
    `Ratios in brackets are to the server without forced collections in the same run. Bursts: ${BURST_SECONDS} s, ${CONNECTIONS} connections of signed-in tyre and wheel searches whose filters never repeat; quiet spells ${QUIET_MS / 1000} s.`,
  ].join('\n');
}
