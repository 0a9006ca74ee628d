import { asc, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { accounts, homeMerchandise, notifications, promotionBanners, settings, staffUsers } from '../db/schema';
import { announceCatalogueChange } from '../modules/catalogue/catalogue-changes';
import { type CatalogueSize, catalogueSizeForScale, generateDemoCatalogue } from './demo-catalogue-rows';
import { clearDemoImportJobs, importDemoFiles } from './import-demo-files';
import { SeededRandom } from './random';
import { seedAccounts } from './seed-accounts';
import { clearCatalogue, seedDiscountTiers, seedMerchandiseCategories, seedPromotions } from './seed-catalogue';
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
 * Replaces the demo data with a fresh, deterministic copy (the same seed gives the same rows). The catalogue goes
 * through the importer, a job per entity, each committing its own batches, so the seed is not one transaction: the
 * marker is written last, and a seed that failed part way clears everything it wrote when run again.
 */
export async function seedDemoData(db: Database, options: SeedOptions): Promise<void> {
  const size =
    options.catalogueSize ?? (options.scale === undefined ? undefined : catalogueSizeForScale(options.scale));
  const steps: readonly (readonly [string, (tell: (detail: string) => void) => Promise<void>])[] = [
    [
      'clearing',
      () =>
        db.transaction(async (tx) => {
          await tx.delete(accounts);
          await tx.delete(staffUsers);
          await tx.delete(notifications);
          await tx.delete(promotionBanners);
          await tx.delete(homeMerchandise);
          await tx.delete(settings);
          await clearCatalogue(tx);
          await clearDemoImportJobs(tx);
        }),
    ],
    ['accounts and logins', () => seedAccounts(db, new SeededRandom(DEMO_SEED))],
    ['home page', () => seedHome(db, options.now)],
    [
      'catalogue',
      async (tell) => {
        await seedMerchandiseCategories(db);
        await seedDiscountTiers(db);
        const accountCodes = await db.select({ code: accounts.code }).from(accounts).orderBy(asc(accounts.id));
        const catalogue = generateDemoCatalogue(new SeededRandom(DEMO_SEED + 1), {
          size,
          now: options.now,
          accountCodes: accountCodes.map((account) => account.code),
        });
        await importDemoFiles(db, catalogue, {
          now: options.now,
          onProgress: (entity) => tell(entity),
        });
        await seedPromotions(db, options.now, catalogue.promotions);
        await announceCatalogueChange(db, { kind: 'all' });
      },
    ],
    ['discount codes', () => seedDiscountCodes(db, options.now)],
    ['invoice history', () => seedInvoiceHistory(db, new SeededRandom(DEMO_SEED + 7), options.now)],
    [
      'marker',
      async () => {
        await db.insert(settings).values({ key: SEEDED_MARKER, value: options.now.toISOString() });
      },
    ],
  ];
  for (const [index, [name, run]] of steps.entries()) {
    options.onProgress?.(name, index, steps.length);
    await run((detail) => options.onProgress?.(`${name}: ${detail}`, index, steps.length));
  }
  options.onProgress?.('done', steps.length, steps.length);
  // The planner's statistics of what was just loaded. The embedded database runs no autovacuum, so without this it
  // would plan every query on default guesses for good: the catalogue load joined 100,000 tyres to their products
  // by 100,000 index lookups, a third slower than the merge join it picks with statistics (docs/performance.md).
  await db.execute(sql`analyze`);
}
