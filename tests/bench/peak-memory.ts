/**
 * `npm run bench -- --peak-memory`: the server's memory where it matters for sizing an instance, the peak under load.
 * The server, as `npm start` runs it, on a seeded database, through two bursts of signed-in tyre and wheel searches
 * whose filters never repeat (16 connections), each followed by a quiet spell. Resident memory is read from /proc
 * every 100 ms; the kernel's high-water mark (VmHWM) gives the peak of the whole run, start-up included. Figures are
 * printed as MB and as ratios to the resident memory after start, the baseline of the same run
 * (docs/decisions/2026-11-29-no-forced-collections.md).
 */
import { readFileSync } from 'node:fs';
import type { ChildProcess } from 'node:child_process';
import autocannon, { type AutocannonRequest } from 'autocannon';
import { type BenchDatabase, loadAverage, signInToken, startServer, stopServer } from './bench-support';
import { readCatalogueShape, tyreSearches, wheelSearches } from './uncached-searches';

const CONNECTIONS = 16;
const BURST_SECONDS = 20;
/** How long the server is left without a request after each burst before its memory is read. */
const QUIET_MS = 12_000;
const SAMPLE_MS = 100;

/** VmRSS and VmHWM of a process, in MB. */
function residentOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kilobytes('VmRSS') / 1024, peak: kilobytes('VmHWM') / 1024 };
}

interface Figures {
  readonly afterStart: number;
  readonly burstPeaks: number[];
  readonly afterQuiet: number[];
  readonly overallPeak: number;
}

async function measureUnderLoad(
  script: string,
  database: BenchDatabase,
  port: number,
  requestsFor: (token: string) => AutocannonRequest[],
): Promise<Figures> {
  const { child } = await startServer(script, database.env, port);
  const pid = (child as ChildProcess).pid as number;
  try {
    // What the catalogue's load left settles before the baseline is read.
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
    return { afterStart: start.rss, burstPeaks, afterQuiet, overallPeak: residentOf(pid).peak };
  } finally {
    await stopServer(child);
  }
}

/** Runs the load and answers the report's Markdown. */
export async function runPeakMemoryBench(script: string, database: BenchDatabase, port: number): Promise<string> {
  const handle = await database.open();
  const shape = await readCatalogueShape(handle.db);
  await handle.close();
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
  const load = loadAverage();
  const figures = await measureUnderLoad(script, database, port, requestsFor);
  const base = figures.afterStart;
  const mb = (value: number) => `${value.toFixed(0)} (${(value / base).toFixed(2)})`;
  return [
    '| RSS after start, MB | peak RSS in burst 1 / 2, MB | RSS after quiet 1 / 2, MB | high-water mark, MB | load average 1 / 5 min |',
    '|---|---|---|---|---|',
    `| ${base.toFixed(0)} (1.00, baseline) | ${figures.burstPeaks.map(mb).join(' / ')} | ${figures.afterQuiet.map(mb).join(' / ')} | ${mb(figures.overallPeak)} | ${load} |`,
    '',
    `Ratios in brackets are to the resident memory after start. Bursts: ${BURST_SECONDS} s, ${CONNECTIONS} connections of signed-in tyre and wheel searches whose filters never repeat; quiet spells ${QUIET_MS / 1000} s.`,
  ].join('\n');
}
