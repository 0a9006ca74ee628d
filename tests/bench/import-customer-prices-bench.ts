/**
 * Customer prices at volume: a file of customer price rows, a hundredth of them bad in five ways, imported row-wise
 * through the runner into a PostgreSQL database of its own, against a plain `COPY` of the same file in the same run.
 */
import { stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import { accounts, products } from '../../src/server/db/schema';
import type { BenchDatabase } from './bench-support';
import { type BudgetLine, importThroughRunner, plainCopySeconds } from './import-support';

export const CUSTOMER_PRICE_ROWS = 100_000;
const BAD_EVERY = 100;
const BUDGET_SECONDS = 30;
const COLUMNS = ['account', 'sku', 'price', 'min_quantity', 'valid_from', 'valid_to'] as const;

/** The five ways a row is bad, each with the column and reason the importer must name. */
const BAD_ROWS = [
  {
    cells: (good: string[]) => [good[0], good[1], '12.3x', '', '', ''],
    column: 'price',
    reason: 'is not an amount in dollars such as 123.45',
  },
  {
    cells: (good: string[]) => ['NOSUCH', good[1], '10.00', '', '', ''],
    column: 'account',
    reason: 'no account has this code',
  },
  {
    cells: (good: string[]) => [good[0], 'NOSUCH-SKU', '10.00', '', '', ''],
    column: 'sku',
    reason: 'no product has this SKU',
  },
  {
    cells: (good: string[]) => [good[0], good[1], '10.00', '', '2026-02-30', ''],
    column: 'valid_from',
    reason: 'is not a date YYYY-MM-DD',
  },
  {
    cells: (good: string[]) => [good[0], good[1], '10.00', '', '2027-01-01', '2026-12-31'],
    column: 'valid_to',
    reason: 'is before valid_from',
  },
];

/**
 * Writes the file: row i takes an account and a SKU so that no two rows share a natural key, and every
 * BAD_EVERY-th row is bad in the next of the five ways. Answers each bad row as the importer should name it.
 */
async function writeCustomerPrices(
  file: string,
  accountCodes: readonly string[],
  skus: readonly string[],
): Promise<string[]> {
  const lines = [COLUMNS.join(',')];
  const expected: string[] = [];
  for (let i = 0; i < CUSTOMER_PRICE_ROWS; i += 1) {
    const account = accountCodes[i % accountCodes.length] as string;
    const pair = Math.floor(i / accountCodes.length);
    const sku = skus[pair % skus.length] as string;
    const minQuantity = String(1 + Math.floor(pair / skus.length));
    const good = [account, sku, `${50 + (i % 200)}.${String(i % 100).padStart(2, '0')}`, minQuantity, '', ''];
    const bad = i % BAD_EVERY === BAD_EVERY - 1 ? BAD_ROWS[Math.floor(i / BAD_EVERY) % BAD_ROWS.length] : undefined;
    lines.push((bad ? bad.cells(good) : good).join(','));
    // The header is line 1.
    if (bad) expected.push(`line ${i + 2}: ${bad.column}: ${bad.reason}`);
  }
  await writeFile(file, `${lines.join('\n')}\n`);
  return expected;
}

export async function benchCustomerPrices(database: BenchDatabase, url: string, dir: string): Promise<BudgetLine[]> {
  const handle = await database.open();
  try {
    const accountCodes = (
      await handle.db.select({ code: accounts.code }).from(accounts).orderBy(asc(accounts.code))
    ).map((row) => row.code);
    const skus = (await handle.db.select({ sku: products.sku }).from(products).orderBy(asc(products.sku))).map(
      (row) => row.sku,
    );
    const file = path.join(dir, 'customer-prices.csv');
    const expected = await writeCustomerPrices(file, accountCodes, skus);
    const bytes = (await stat(file)).size;
    console.log(
      `customer prices: ${CUSTOMER_PRICE_ROWS.toLocaleString('en-AU')} rows (${expected.length} bad, ${(bytes / 1e6).toFixed(1)} MB) over ${accountCodes.length} accounts and ${skus.length.toLocaleString('en-AU')} SKUs`,
    );
    const copySeconds = await plainCopySeconds(url, file, COLUMNS);
    const { job, refused, seconds } = await importThroughRunner(handle.db, 'customer-prices', file, bytes);
    console.log(`  job ${job.state}: ${JSON.stringify(job.counts)}`);
    console.log(`  first refused rows:\n    ${refused.slice(0, 5).join('\n    ')}`);
    const wrong = expected.filter((line, index) => refused[index] !== line);
    if (wrong.length > 0)
      console.log(
        `  refused rows not as expected, first: ${wrong[0]} (got ${refused[expected.indexOf(wrong[0] as string)]})`,
      );
    const good = CUSTOMER_PRICE_ROWS - expected.length;
    return [
      {
        what: 'import of 100,000 customer prices (PostgreSQL)',
        measured: `${seconds.toFixed(1)} s`,
        budget: `<= ${BUDGET_SECONDS} s`,
        met: seconds <= BUDGET_SECONDS && job.state === 'done',
      },
      {
        what: 'ratio to a plain COPY of the same file',
        measured: `${(seconds / copySeconds).toFixed(0)}x (COPY ${copySeconds.toFixed(2)} s)`,
        budget: 'reported',
        met: true,
      },
      {
        what: 'bad rows named by line, column and reason',
        measured: `${refused.length} named, ${wrong.length} not as expected`,
        budget: `${expected.length}, all`,
        met: refused.length === expected.length && wrong.length === 0 && job.counts.failed === expected.length,
      },
      {
        what: 'good rows applied',
        measured: `${job.counts.created + job.counts.updated + job.counts.unchanged} applied`,
        budget: `${good}`,
        met: job.counts.created + job.counts.updated + job.counts.unchanged === good,
      },
    ];
  } finally {
    await handle.close();
  }
}
