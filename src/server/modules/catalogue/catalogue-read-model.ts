import { createHash } from 'node:crypto';
import { and, eq, gte, isNull, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type CustomerPrice, customerPriceHolds } from '../../../domain/applied-price';
import type { PriceDisplayMode } from '../../../domain/trade-price';
import type { Database, DatabaseHandle } from '../../db/client';
import { accountDiscountTiers, accounts, customerPrices, discountTierRates } from '../../db/schema';
import { shopDateOf } from '../../dates';
import type { ChannelListener, ListenerHealth } from '../../db/notification-listener';
import {
  type CatalogueChange,
  latestCatalogueRevision,
  listenForCatalogueChanges,
  pruneCatalogueChanges,
  readCatalogueChange,
} from './catalogue-changes';
import type { CacheStats } from './byte-bounded-cache';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import { loadCatalogueSnapshot } from './catalogue-snapshot-load';
import { patchPrices, patchStock } from './catalogue-snapshot-patches';
import { snapshotCacheStats } from './snapshot-caches';

/** What a customer's answer needs to know about its account. */
export interface AccountPricing {
  readonly accountId: number;
  readonly state: string;
  readonly priceDisplay: PriceDisplayMode;
  /** Brand → discount off trade, basis points. */
  readonly discounts: ReadonlyMap<string, number>;
  /** Product id → the account's own prices that have not ended by `pricedOn`. */
  readonly customerPrices: ReadonlyMap<number, readonly CustomerPrice[]>;
  /** The shop's calendar date the prices are for ('YYYY-MM-DD'). */
  readonly pricedOn: string;
  /**
   * Names the price vector for sorting and the answers' cache: accounts on the same tier without prices of their
   * own share it; it changes with the tier's discounts and with the account's own prices in effect on `pricedOn`.
   */
  readonly priceKey: string;
}

/** A short digest of the prices an account sees, so that a changed price list never answers from an older one's cache. */
function priceKeyOf(
  accountId: number,
  tierId: number | null,
  discounts: ReadonlyMap<string, number>,
  own: ReadonlyMap<number, readonly CustomerPrice[]>,
  pricedOn: string,
): string {
  const inEffect = [...own.entries()]
    .map(([productId, prices]) => [productId, prices.filter((price) => customerPriceHolds(price, pricedOn))] as const)
    .filter(([, prices]) => prices.length > 0)
    .sort(([a], [b]) => a - b);
  const tier = tierId === null ? 'trade' : `tier:${tierId}`;
  const digestOf = (value: unknown) =>
    createHash('sha256').update(JSON.stringify(value)).digest('base64url').slice(0, 16);
  const rates = [...discounts.entries()].sort(([a], [b]) => a.localeCompare(b));
  const tierKey = rates.length === 0 ? tier : `${tier}:${digestOf(rates)}`;
  return inEffect.length === 0 ? tierKey : `${tierKey}|own:${accountId}:${pricedOn}:${digestOf(inEffect)}`;
}

/** Account settings change rarely and are also announced; this bounds staleness if an announcement is missed. */
const ACCOUNT_TTL_MS = 30_000;

/** How often the catalogue revision is compared with the one applied here (one indexed read of a sequence). */
export const RECONCILE_INTERVAL_MS = 2_000;

/** How often each instance forgets changes long heard of (the deletes are idempotent across instances). */
const PRUNE_INTERVAL_MS = 60 * 60 * 1000;

/** What /readyz and /metrics say about the read model. */
export interface ReadModelHealth {
  readonly listener: ListenerHealth;
  /** The last revision this instance applied, and the last any process announced when it last looked. */
  readonly revision: number;
  /** Seconds since the model was last known to hold every announced change. */
  readonly ageSeconds: number;
  readonly reloads: number;
}

/**
 * DESIGN.md §9: searches are answered from memory. SQL stays the source of truth: the snapshot is loaded from it,
 * patched after each write (stock) or reloaded (anything else), and every instance hears of writes through
 * PostgreSQL LISTEN/NOTIFY on the catalogue channel.
 */
export class CatalogueReadModel {
  private current: Promise<CatalogueSnapshot> | null = null;
  private readonly accountCache = new Map<number, { pricing: AccountPricing; loadedAt: number }>();
  private listener: ChannelListener | null = null;
  private reconcileTimer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private reloading: Promise<void> | null = null;
  private reloadAgain = false;
  private appliedRevision = 0;
  /** The announced revision the previous comparison found ahead of the applied one, if it did. */
  private unheardRevision: number | null = null;
  private verifiedAt = Date.now();
  private reloadCount = 0;
  private loaded: CatalogueSnapshot | null = null;

  constructor(
    private readonly db: Database,
    private readonly log: Pick<FastifyBaseLogger, 'error' | 'info' | 'warn'>,
  ) {}

  /** The current snapshot, loading it on first use. */
  snapshot(): Promise<CatalogueSnapshot> {
    this.current ??= this.load().then(
      (snapshot) => {
        this.loaded = snapshot;
        return snapshot;
      },
      (error: unknown) => {
        this.current = null;
        throw error;
      },
    );
    return this.current;
  }

  /** The caches of the snapshot in use (none before the first load; asking never loads it). */
  cacheStats(): CacheStats[] {
    return this.loaded ? snapshotCacheStats(this.loaded) : [];
  }

  private async load(): Promise<CatalogueSnapshot> {
    // Read first: whatever commits during the load is in the snapshot too, or announced after this revision.
    const revision = await latestCatalogueRevision(this.db);
    const snapshot = await loadCatalogueSnapshot(this.db);
    this.appliedRevision = Math.max(this.appliedRevision, revision);
    this.unheardRevision = null;
    this.verifiedAt = Date.now();
    this.reloadCount += 1;
    return snapshot;
  }

  /**
   * Loads a fresh snapshot and swaps it in; searches keep using the old one until the new one is ready. Reloads asked
   * for while one runs share one more after it, so no more than two snapshots are ever alive (the old one until the
   * swap, the new one).
   */
  reload(): Promise<void> {
    if (this.reloading) {
      this.reloadAgain = true;
      return this.reloading;
    }
    this.reloading = (async () => {
      try {
        do {
          this.reloadAgain = false;
          const next = await this.load();
          this.current = Promise.resolve(next);
          this.loaded = next;
          this.accountCache.clear();
        } while (this.reloadAgain);
      } finally {
        this.reloading = null;
      }
    })();
    return this.reloading;
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
      case 'accounts':
        for (const accountId of change.accountIds) this.forgetAccount(accountId);
        return;
      case 'prices':
        return patchPrices(this.db, await this.snapshot(), change.productIds);
      case 'all':
        return this.reload();
    }
  }

  /**
   * How the account is priced on the shop's date of `on` (the caller's clock). Kept for a while and until that date
   * changes; an announced change of the account's prices forgets it at once.
   */
  async account(accountId: number, on: Date = new Date(), now: number = Date.now()): Promise<AccountPricing> {
    const pricedOn = shopDateOf(on);
    const cached = this.accountCache.get(accountId);
    if (cached && now - cached.loadedAt < ACCOUNT_TTL_MS && cached.pricing.pricedOn === pricedOn) return cached.pricing;
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
    const ownRows = await this.db
      .select({
        productId: customerPrices.productId,
        minQuantity: customerPrices.minQuantity,
        validFrom: customerPrices.validFrom,
        validTo: customerPrices.validTo,
        priceCents: customerPrices.priceCents,
      })
      .from(customerPrices)
      .where(
        and(
          eq(customerPrices.accountId, accountId),
          or(isNull(customerPrices.validTo), gte(customerPrices.validTo, pricedOn)),
        ),
      );
    const own = new Map<number, CustomerPrice[]>();
    for (const { productId, ...price } of ownRows) own.set(productId, [...(own.get(productId) ?? []), price]);
    const discounts = new Map(rates.map((rate) => [rate.brand, rate.discountBasisPoints]));
    const pricing: AccountPricing = {
      accountId,
      state: row.state,
      priceDisplay: row.priceDisplay,
      discounts,
      customerPrices: own,
      pricedOn,
      priceKey: priceKeyOf(accountId, row.tierId, discounts, own, pricedOn),
    };
    this.accountCache.set(accountId, { pricing, loadedAt: now });
    return pricing;
  }

  private reloadInBackground(reason: string): void {
    this.log.info({ reason }, 'reloading the catalogue');
    this.reload().catch((error: unknown) => this.log.error({ err: error, reason }, 'catalogue reload failed'));
  }

  private hear(revision: number): void {
    this.appliedRevision = Math.max(this.appliedRevision, revision);
    readCatalogueChange(this.db, revision)
      .then((change) => (change ? this.applyChange(change) : this.reload()))
      .catch((error: unknown) => {
        this.log.error({ err: error, revision }, 'catalogue change not applied');
        this.reloadInBackground('a change could not be applied');
      });
  }

  /**
   * Compares the announced revision with the applied one. A revision is only "unheard" when a second look still finds
   * it ahead, so a notification on its way is not mistaken for a lost one; then the whole catalogue is reloaded.
   */
  async reconcile(): Promise<void> {
    const announced = await latestCatalogueRevision(this.db);
    if (announced <= this.appliedRevision) {
      this.unheardRevision = null;
      this.verifiedAt = Date.now();
      return;
    }
    if (this.unheardRevision !== null && this.unheardRevision > this.appliedRevision) {
      this.log.warn({ announced, applied: this.appliedRevision }, 'catalogue changes were not heard');
      await this.reload();
      return;
    }
    this.unheardRevision = announced;
  }

  /**
   * Starts hearing other instances' (and other processes') writes: LISTEN, a full reload after the listening
   * connection comes back (what was sent meanwhile was lost), and a periodic comparison of revisions for changes
   * lost without the connection saying so.
   */
  async listen(handle: DatabaseHandle, reconcileIntervalMs: number = RECONCILE_INTERVAL_MS): Promise<void> {
    this.listener = await listenForCatalogueChanges(handle, {
      onAnnouncement: (revision) => this.hear(revision),
      onReconnect: () => this.reloadInBackground('the notification connection came back'),
    });
    let comparing = false;
    this.reconcileTimer = setInterval(() => {
      // A load under way reads the revision before the data, so it covers whatever was announced before it; compared
      // meanwhile, its revision would look unheard and a load outlasting two comparisons would be done twice.
      if (comparing || !this.loaded || this.reloading) return;
      comparing = true;
      this.reconcile()
        .catch((error: unknown) => this.log.warn({ err: error }, 'catalogue revision not compared'))
        .finally(() => {
          comparing = false;
        });
    }, reconcileIntervalMs);
    this.reconcileTimer.unref();
    this.pruneTimer = setInterval(() => {
      pruneCatalogueChanges(this.db, new Date()).catch((error: unknown) =>
        this.log.warn({ err: error }, 'old catalogue changes not pruned'),
      );
    }, PRUNE_INTERVAL_MS);
    this.pruneTimer.unref();
  }

  health(now: number = Date.now()): ReadModelHealth {
    return {
      listener: this.listener?.health() ?? { state: 'stopped', outages: 0 },
      revision: this.appliedRevision,
      ageSeconds: Math.max(0, (now - this.verifiedAt) / 1000),
      reloads: this.reloadCount,
    };
  }

  async close(): Promise<void> {
    if (this.reconcileTimer) clearInterval(this.reconcileTimer);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    this.reconcileTimer = null;
    this.pruneTimer = null;
    await this.listener?.stop();
    this.listener = null;
  }
}
