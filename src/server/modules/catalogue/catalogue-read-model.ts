import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import type { Database, DatabaseHandle } from '../../db/client';
import { accountDiscountTiers, accounts, discountTierRates } from '../../db/schema';
import { type CatalogueChange, listenForCatalogueChanges } from './catalogue-changes';
import { type CatalogueSnapshot, loadCatalogueSnapshot, patchStock } from './catalogue-snapshot';

/** What a customer's answer needs to know about its account. */
export interface AccountPricing {
  readonly accountId: number;
  readonly state: string;
  readonly priceDisplay: PriceDisplayMode;
  /** Brand → discount off trade, basis points. */
  readonly discounts: ReadonlyMap<string, number>;
  /** Names the price vector for sorting: accounts on the same tier sort the same. */
  readonly priceKey: string;
}

/** Account settings change rarely and are also announced; this bounds staleness if an announcement is missed. */
const ACCOUNT_TTL_MS = 30_000;

/**
 * DESIGN.md §9: searches are answered from memory. SQL stays the source of truth: the snapshot is loaded from it,
 * patched after each write (stock) or reloaded (anything else), and every instance hears of writes through
 * PostgreSQL LISTEN/NOTIFY on the catalogue channel.
 */
export class CatalogueReadModel {
  private current: Promise<CatalogueSnapshot> | null = null;
  private readonly accountCache = new Map<number, { pricing: AccountPricing; loadedAt: number }>();
  private stopListening: (() => Promise<void>) | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info'>,
  ) {}

  /** The current snapshot, loading it on first use. */
  snapshot(): Promise<CatalogueSnapshot> {
    this.current ??= loadCatalogueSnapshot(this.db).catch((error: unknown) => {
      this.current = null;
      throw error;
    });
    return this.current;
  }

  /** Loads a fresh snapshot and swaps it in; searches keep using the old one until the new one is ready. */
  async reload(): Promise<void> {
    const next = loadCatalogueSnapshot(this.db);
    await next;
    this.current = next;
    this.accountCache.clear();
  }

  /** Re-reads the stock of some products (after a stock write). */
  async refreshStock(productIds: readonly number[]): Promise<void> {
    await patchStock(this.db, await this.snapshot(), productIds);
  }

  forgetAccount(accountId: number): void {
    this.accountCache.delete(accountId);
  }

  async applyChange(change: CatalogueChange): Promise<void> {
    switch (change.kind) {
      case 'stock':
        return this.refreshStock(change.productIds);
      case 'account':
        return this.forgetAccount(change.accountId);
      case 'all':
        return this.reload();
    }
  }

  async account(accountId: number, now: number = Date.now()): Promise<AccountPricing> {
    const cached = this.accountCache.get(accountId);
    if (cached && now - cached.loadedAt < ACCOUNT_TTL_MS) return cached.pricing;
    const [row] = await this.db
      .select({ state: accounts.state, priceDisplay: accounts.priceDisplay, tierId: accountDiscountTiers.tierId })
      .from(accounts)
      .leftJoin(accountDiscountTiers, eq(accountDiscountTiers.accountId, accounts.id))
      .where(eq(accounts.id, accountId));
    if (!row) throw new Error(`account ${accountId} not found`);
    const rates =
      row.tierId === null
        ? []
        : await this.db.select().from(discountTierRates).where(eq(discountTierRates.tierId, row.tierId));
    const pricing: AccountPricing = {
      accountId,
      state: row.state,
      priceDisplay: row.priceDisplay,
      discounts: new Map(rates.map((rate) => [rate.brand, rate.discountBasisPoints])),
      priceKey: row.tierId === null ? 'trade' : `tier:${row.tierId}`,
    };
    this.accountCache.set(accountId, { pricing, loadedAt: now });
    return pricing;
  }

  /** Starts hearing other instances' (and other processes') writes. */
  async listen(handle: DatabaseHandle): Promise<void> {
    this.stopListening = await listenForCatalogueChanges(handle, (change) => {
      this.applyChange(change).catch((error: unknown) => this.log.error({ err: error, change }, 'catalogue change not applied'));
    });
  }

  async close(): Promise<void> {
    await this.stopListening?.();
    this.stopListening = null;
  }
}

const models = new WeakMap<Database, CatalogueReadModel>();

/** The read model of the app that owns `db`; handlers reach it through their context's db. */
export function catalogueOf(db: Database): CatalogueReadModel {
  const model = models.get(db);
  if (!model) throw new Error('the catalogue read model is not registered for this database');
  return model;
}

export function registerCatalogueReadModel(db: Database, model: CatalogueReadModel): void {
  models.set(db, model);
}
