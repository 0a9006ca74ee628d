/**
 * `npx tsx tests/bench/in-process.ts --keep DIR [--scale N] [--count N]`: the uncached mix of `npm run bench --
 * --uncached` run in this process against a snapshot of the kept embedded database, without HTTP, split into its
 * steps (narrowing, paging, answer building, contract check, JSON), so a change to the read model can be weighed in
 * seconds. Prints microseconds per search for each step.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import {
  publicTyreResultsSchema,
  publicTyreSearchSchema,
  tradeTyreResultsSchema,
  tyreSearchSchema,
} from '../../src/contract/catalogue-tyres';
import {
  publicWheelResultsSchema,
  publicWheelSearchSchema,
  tradeWheelResultsSchema,
  wheelSearchSchema,
} from '../../src/contract/catalogue-wheels';
import { openPglite } from '../../src/server/db/client';
import { compileAnswer } from '../../src/server/http/compiled-answer';
import { accounts, users } from '../../src/server/db/schema';
import { CatalogueReadModel } from '../../src/server/modules/catalogue/catalogue-read-model';
import { loadCatalogueSnapshot } from '../../src/server/modules/catalogue/catalogue-snapshot-load';
import { searchPublicTyres, searchTradeTyres } from '../../src/server/modules/catalogue/tyre-search';
import { searchPublicWheels, searchTradeWheels } from '../../src/server/modules/catalogue/wheel-search';
import { readCatalogueShape, tyreSearches, wheelSearches } from './uncached-searches';

const { values: args } = parseArgs({
  options: {
    keep: { type: 'string' },
    scale: { type: 'string', default: '100000' },
    count: { type: 'string', default: '2000' },
  },
});
if (!args.keep) throw new Error('--keep DIR: where `npm run bench -- --keep DIR` seeded the embedded database');
const handle = openPglite(await PGlite.create(path.join(args.keep, `pglite-${args.scale}`, 'db')));
const shape = await readCatalogueShape(handle.db);
let at = performance.now();
const snapshot = await loadCatalogueSnapshot(handle.db);
console.log(
  `snapshot loaded in ${((performance.now() - at) / 1000).toFixed(2)} s, heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB, rss ${(process.memoryUsage().rss / 2 ** 20).toFixed(0)} MB`,
);
const [dealer] = await handle.db
  .select({ id: accounts.id })
  .from(accounts)
  .innerJoin(users, eq(users.accountId, accounts.id))
  .where(eq(users.email, 'dealer@demo.test'));
if (!dealer) throw new Error('demo dealer missing');
const account = await new CatalogueReadModel(handle.db, console).account(dealer.id);
await handle.close();
const now = new Date();
const count = Number(args.count);

function measure(
  label: string,
  bodies: string[],
  parseRequest: (body: unknown) => object,
  search: (request: never) => unknown,
  schema: z.ZodType,
) {
  const requests = bodies.map((body) => parseRequest(JSON.parse(body)));
  const built: unknown[] = [];
  at = performance.now();
  for (const request of requests) built.push(search(request as never));
  const searchMs = performance.now() - at;
  at = performance.now();
  const checked = built.map((answer) => schema.parse(answer));
  const checkMs = performance.now() - at;
  at = performance.now();
  let bytes = 0;
  for (const answer of checked) bytes += JSON.stringify(answer).length;
  const jsonMs = performance.now() - at;
  const write = compileAnswer(schema);
  at = performance.now();
  let compiledBytes = 0;
  for (const answer of built) compiledBytes += write(answer).length;
  const compiledMs = performance.now() - at;
  if (compiledBytes !== bytes)
    throw new Error(
      `${label}: the compiled answer writer wrote ${compiledBytes} bytes, zod and JSON.stringify ${bytes}`,
    );
  const per = (ms: number) => ((ms * 1000) / requests.length).toFixed(0).padStart(6);
  console.log(
    `${label.padEnd(22)} search ${per(searchMs)} µs  check ${per(checkMs)} µs  JSON ${per(jsonMs)} µs  compiled check+JSON ${per(compiledMs)} µs  (${(bytes / requests.length / 1024).toFixed(1)} KB each)`,
  );
}

for (const round of [1, 2]) {
  const tyres = tyreSearches(shape, 17 + round);
  const wheels = wheelSearches(shape, 29 + round);
  const many = (source: { next(withPrice: boolean): string }, withPrice: boolean) =>
    Array.from({ length: count }, () => source.next(withPrice));
  console.log(`round ${round}`);
  measure(
    'Tyre/Search',
    many(tyres, true),
    (b) => tyreSearchSchema.parse(b),
    (r) => searchTradeTyres(snapshot, r, account, now),
    tradeTyreResultsSchema,
  );
  measure(
    'TyrePublic/Search',
    many(tyres, false),
    (b) => publicTyreSearchSchema.parse(b),
    (r) => searchPublicTyres(snapshot, r),
    publicTyreResultsSchema,
  );
  measure(
    'Wheel/Search',
    many(wheels, true),
    (b) => wheelSearchSchema.parse(b),
    (r) => searchTradeWheels(snapshot, r, null, account, now),
    tradeWheelResultsSchema,
  );
  measure(
    'WheelPublic/Search',
    many(wheels, false),
    (b) => publicWheelSearchSchema.parse(b),
    (r) => searchPublicWheels(snapshot, r, null),
    publicWheelResultsSchema,
  );
}
