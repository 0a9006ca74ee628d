import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, homeMerchandise, notifications, promotionBanners, settings, staffUsers } from '../db/schema';
import { SeededRandom } from './random';
import { seedAccounts } from './seed-accounts';
import { type CatalogueSize, catalogueSizeForScale, clearCatalogue, seedCatalogue } from './seed-catalogue';
import { seedDiscountCodes } from './seed-discount-codes';
import { seedHome } from './seed-home';
import { seedInvoiceHistory } from './seed-invoice-history';

export const DEMO_SEED = 20_261_122;
const SEEDED_MARKER = 'demoDataSeededAt';

export interface SeedOptions {
  readonly now: Date;
  readonly onProgress?: (step: string, done: number, total: number) => void;
  /** `--scale N`: N tyres (and wheels in proportion) instead of the default catalogue size. */
  readonly scale?: number;
  /** An exact catalogue size (tests use a small one). */
  readonly catalogueSize?: CatalogueSize;
}

export async function isSeeded(db: Database): Promise<boolean> {
  const rows = await db
    .select()
    .from(settings)
    .where(sql`${settings.key} = ${SEEDED_MARKER}`);
  return rows.length > 0;
}

/**
 * Replaces the demo data with a fresh, deterministic copy (the same seed gives the same rows).
 * Runs in one transaction, so a failed seed leaves the previous data in place.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  const steps = [
    [
      'clearing',
      async (tx: Database) => {
        await tx.delete(accounts);
        await tx.delete(staffUsers);
        await tx.delete(notifications);
        await tx.delete(promotionBanners);
        await tx.delete(homeMerchandise);
        await tx.delete(settings);
        await clearCatalogue(tx);
      },
    ],
    ['accounts and logins', (tx: Database) => seedAccounts(tx, new SeededRandom(DEMO_SEED))],
    ['home page', (tx: Database) => seedHome(tx, options.now)],
    [
      'catalogue',
      (tx: Database) =>
        seedCatalogue(tx, new SeededRandom(DEMO_SEED + 1), {
          size:
            options.catalogueSize ?? (options.scale === undefined ? undefined : catalogueSizeForScale(options.scale)),
          now: options.now,
          onProgress: options.onProgress,
        }),
    ],
    ['discount codes', (tx: Database) => seedDiscountCodes(tx, options.now)],
    ['invoice history', (tx: Database) => seedInvoiceHistory(tx, new SeededRandom(DEMO_SEED + 7), options.now)],
    [
      'marker',
      async (tx: Database) => {
        await tx.insert(settings).values({ key: SEEDED_MARKER, value: options.now.toISOString() });
      },
    ],
  ] as const;
  await db.transaction(async (tx) => {
    for (const [index, [name, run]] of steps.entries()) {
      options.onProgress?.(name, index, steps.length);
      await run(tx);
    }
    options.onProgress?.('done', steps.length, steps.length);
  });
  // The planner's statistics of what was just loaded. The embedded database runs no autovacuum, so without this it
  // would plan every query on default guesses for good: the catalogue load joined 100,000 tyres to their products
  // by 100,000 index lookups, a third slower than the merge join it picks with statistics (docs/performance.md).
  await db.execute(sql`analyze`);
}
