/**
 * Stock deltas between instances: two servers as `npm start` runs them on one PostgreSQL database. Deltas are posted
 * to the first through Integration/Import with an integration key; the second's tyre search must show them. Then a
 * steady stream of deltas to the first while the second answers uncached tyre searches, against the same searches
 * without the stream in the same run.
 */
import autocannon, { type AutocannonRequest, type AutocannonResult } from 'autocannon';
import { asc, eq, isNotNull } from 'drizzle-orm';
import type { ImportJob } from '../../src/contract/imports';
import { products, warehouses } from '../../src/server/db/schema';
import { createIntegrationKey } from '../../src/server/modules/integration/integration-keys';
import { type BenchDatabase, buildBenchServer, signInToken, startServer, stopServer } from './bench-support';
import type { BudgetLine } from './import-support';
import { readCatalogueShape, tyreSearches } from './uncached-searches';

const DELTAS = 10_000;
const VISIBLE_WITHIN_SECONDS = 5;
const STREAM = { deltasPerPost: 10, everyMs: 50, seconds: 60 };
const P99_BUDGET_MS = 20;
const CONNECTIONS = 16;
/** What the probe SKU's own warehouses are each set to by the last rows of the file; no seeded level is this. */
const PROBE_QUANTITY = 987;
/**
 * The stream posts twenty times a second and reads each job's state, past the default per-key budget of an
 * integration key; a feed this busy is given a larger one.
 */
const INTEGRATION_RATE_LIMIT_PER_MINUTE = '100000';

const IMPORT_PATH = '/yhi/api/Integration/Import';

export async function benchStockDeltas(database: BenchDatabase, basePort: number): Promise<BudgetLine[]> {
  const handle = await database.open();
  let key: string;
  let tyreSkus: string[];
  let ownCodes: string[];
  let allCodes: string[];
  let shape: Awaited<ReturnType<typeof readCatalogueShape>>;
  try {
    key = (await createIntegrationKey(handle.db, 'bench', ['stock'])).token;
    tyreSkus = (
      await handle.db
        .select({ sku: products.sku })
        .from(products)
        .where(eq(products.kind, 'Tyre'))
        .orderBy(asc(products.sku))
    ).map((row) => row.sku);
    ownCodes = (
      await handle.db.select({ code: warehouses.name }).from(warehouses).where(isNotNull(warehouses.state))
    ).map((row) => row.code);
    allCodes = (await handle.db.select({ code: warehouses.name }).from(warehouses)).map((row) => row.code);
    shape = await readCatalogueShape(handle.db);
  } finally {
    await handle.close();
  }
  const script = await buildBenchServer();
  const env = { ...database.env, INTEGRATION_RATE_LIMIT_PER_MINUTE };
  const importer = (await startServer(script, env, basePort)).child;
  try {
    const reader = (await startServer(script, env, basePort + 1)).child;
    try {
      const token = await signInToken(basePort + 1);
      const post = (csv: string) => postDeltas(basePort, key, csv);

      // 1. 10,000 deltas, the probe SKU's own warehouses last.
      const probe = tyreSkus[tyreSkus.length - 1] as string;
      const rows: string[] = [];
      for (let i = 0; rows.length < DELTAS - ownCodes.length; i += 1) {
        const sku = tyreSkus[Math.floor(i / allCodes.length) % (tyreSkus.length - 1)] as string;
        rows.push(`${sku},${allCodes[i % allCodes.length]},${(i * 7) % 50}`);
      }
      for (const code of ownCodes) rows.push(`${probe},${code},${PROBE_QUANTITY}`);
      const expected = PROBE_QUANTITY * ownCodes.length;
      const started = performance.now();
      const job = await post(`sku,warehouse,quantity\n${rows.join('\n')}\n`);
      const ended = await waitForJob(basePort, key, job.id);
      const importedSeconds = (performance.now() - started) / 1000;
      let shown = await stockShown(basePort + 1, token, probe);
      while (shown !== expected && performance.now() - started < 30_000) {
        await sleep(10);
        shown = await stockShown(basePort + 1, token, probe);
      }
      const visibleSeconds = (performance.now() - started) / 1000;
      console.log(
        `  ${DELTAS.toLocaleString('en-AU')} deltas: job ${ended.state} ${JSON.stringify(ended.counts)} in ${importedSeconds.toFixed(2)} s; the second instance shows ${probe} at ${shown} after ${visibleSeconds.toFixed(2)} s`,
      );

      // 2. Uncached tyre searches on the second instance, without and then with the stream into the first.
      const searches = tyreSearches(shape);
      const requests: AutocannonRequest[] = [
        {
          method: 'POST',
          path: '/yhi/api/Tyre/Search',
          headers: { 'content-type': 'application/json', 'x-timezone-offset': '600', authorization: `Bearer ${token}` },
          setupRequest: (request) => ({ ...request, body: searches.next(true) }),
        },
      ];
      const search = (seconds: number) =>
        autocannon({ url: `http://127.0.0.1:${basePort + 1}`, connections: CONNECTIONS, duration: seconds, requests });
      await search(2);
      const baseline = await search(STREAM.seconds);
      const streaming = streamDeltas(basePort, key, tyreSkus, allCodes);
      const during = await search(STREAM.seconds);
      const stream = await streaming;
      console.log(`  searches alone: ${describe(baseline)}`);
      console.log(`  searches with the stream: ${describe(during)}`);
      console.log(
        `  stream: ${stream.deltas.toLocaleString('en-AU')} deltas in ${stream.posts} posts (the largest ${stream.largest}) over ${stream.seconds.toFixed(1)} s (${(stream.deltas / stream.seconds).toFixed(0)} a second), ${stream.failed} jobs not done`,
      );
      const rate = stream.deltas / stream.seconds;
      return [
        {
          what: '10,000 deltas visible on the second instance',
          measured: `${visibleSeconds.toFixed(2)} s (job ${importedSeconds.toFixed(2)} s)`,
          budget: `<= ${VISIBLE_WITHIN_SECONDS} s`,
          met: shown === expected && ended.state === 'done' && visibleSeconds <= VISIBLE_WITHIN_SECONDS,
        },
        {
          what: 'stream of deltas into the first instance',
          measured: `${rate.toFixed(0)} a second in ${stream.posts} jobs, ${stream.failed} not done`,
          budget: `${(STREAM.deltasPerPost * 1000) / STREAM.everyMs} a second`,
          met: rate >= ((STREAM.deltasPerPost * 1000) / STREAM.everyMs) * 0.95 && stream.failed === 0,
        },
        {
          what: 'uncached tyre search p99 during the stream',
          measured: `${during.latency.p99} ms (alone ${baseline.latency.p99} ms, ${(during.latency.p99 / baseline.latency.p99).toFixed(2)}x)`,
          budget: `<= ${P99_BUDGET_MS} ms`,
          met: during.latency.p99 <= P99_BUDGET_MS && during.non2xx === 0 && during.errors === 0,
        },
      ];
    } finally {
      await stopServer(reader);
    }
  } finally {
    await stopServer(importer);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const describe = (result: AutocannonResult) =>
  `p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, ${Math.round(result.requests.average)} req/s${result.non2xx || result.errors ? ` (${result.non2xx} non-2xx, ${result.errors} errors)` : ''}`;

async function postDeltas(port: number, key: string, csv: string): Promise<ImportJob> {
  const response = await fetch(`http://127.0.0.1:${port}${IMPORT_PATH}?entity=stock-deltas&mode=row-wise`, {
    method: 'POST',
    headers: { 'content-type': 'text/csv', authorization: `Bearer ${key}` },
    body: csv,
  });
  if (response.status !== 202) throw new Error(`import refused: ${response.status} ${await response.text()}`);
  return (await response.json()) as ImportJob;
}

async function waitForJob(port: number, key: string, id: number): Promise<ImportJob> {
  for (;;) {
    const response = await fetch(`http://127.0.0.1:${port}${IMPORT_PATH}?id=${id}`, {
      headers: { authorization: `Bearer ${key}` },
    });
    if (!response.ok) throw new Error(`job ${id}: ${response.status} ${await response.text()}`);
    const job = (await response.json()) as ImportJob;
    if (!['queued', 'validating', 'applying'].includes(job.state)) return job;
    await sleep(5);
  }
}

/** The stock the tyre search shows the signed-in dealer for one SKU (its company warehouses together). */
async function stockShown(port: number, token: string, sku: string): Promise<number | null> {
  const response = await fetch(`http://127.0.0.1:${port}/yhi/api/Tyre/Search`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ search: sku }),
  });
  const answer = (await response.json()) as { items: { sku: string; stockQuantity: number }[] };
  return answer.items.find((item) => item.sku === sku)?.stockQuantity ?? null;
}

/**
 * Deltas arise at the stream's rate (a few every tick), and each post carries all that arose since the last one, as a
 * feed does that waits for its previous job (the importer runs one job of an entity at a time): when a job overruns a
 * tick, the next post is larger rather than the stream slower.
 */
async function streamDeltas(port: number, key: string, skus: readonly string[], codes: readonly string[]) {
  const started = performance.now();
  const arisen = () => Math.floor((performance.now() - started) / STREAM.everyMs + 1) * STREAM.deltasPerPost;
  let deltas = 0;
  let posts = 0;
  let failed = 0;
  let largest = 0;
  while (performance.now() - started < STREAM.seconds * 1000) {
    const due = Math.min(arisen(), (STREAM.seconds * 1000 * STREAM.deltasPerPost) / STREAM.everyMs) - deltas;
    if (due <= 0) {
      await sleep(1);
      continue;
    }
    const rows = Array.from({ length: due }, (_, i) => {
      const n = deltas + i;
      return `${skus[n % skus.length]},${codes[n % codes.length]},${n % 40}`;
    });
    const job = await postDeltas(port, key, `sku,warehouse,quantity\n${rows.join('\n')}\n`);
    const ended = await waitForJob(port, key, job.id);
    if (ended.state !== 'done' || ended.counts.failed > 0) failed += 1;
    deltas += due;
    posts += 1;
    largest = Math.max(largest, due);
  }
  return { deltas, posts, failed, largest, seconds: (performance.now() - started) / 1000 };
}
