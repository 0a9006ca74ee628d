import { and, eq, inArray, sql } from 'drizzle-orm';
import type { AccountTierRow, BrandTierRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { accountDiscountTiers, discountTierRates, discountTiers, products } from '../../db/schema';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import { accountsByCode } from './natural-keys';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';

const NOTHING: AppliedCounts = { created: 0, updated: 0, unchanged: 0 };

/** Tier names (upper case) → tier id, as the transaction sees them. */
async function tiersByName(db: Database): Promise<Map<string, number>> {
  const rows = await db.select({ id: discountTiers.id, name: discountTiers.name }).from(discountTiers);
  return new Map(rows.map((row) => [row.name.toUpperCase(), row.id]));
}

/** Tells every instance to price again the accounts on these tiers, in the transaction that changed them. */
async function announceTierAccounts(tx: Database, tierIds: readonly number[]): Promise<void> {
  if (tierIds.length === 0) return;
  const onTiers = await tx
    .select({ accountId: accountDiscountTiers.accountId })
    .from(accountDiscountTiers)
    .where(inArray(accountDiscountTiers.tierId, [...tierIds]));
  if (onTiers.length === 0) return;
  await announceCatalogueChange(tx, { kind: 'accounts', accountIds: onTiers.map((row) => row.accountId) });
}

// ---------- brand-tiers ----------

interface BrandTierSession {
  /** Brands of the catalogue (upper case) → their spelling there, which the read model matches products by. */
  readonly brands: ReadonlyMap<string, string>;
}

async function beginBrandTiers(db: Database): Promise<BrandTierSession> {
  const rows = await db.selectDistinct({ brand: products.brand }).from(products);
  return { brands: new Map(rows.map((row) => [row.brand.toUpperCase(), row.brand])) };
}

function resolveBrandTiers(
  _db: Database,
  session: BrandTierSession,
  rows: readonly { line: number; row: BrandTierRow }[],
): Promise<ResolvedRow<BrandTierRow>[]> {
  return Promise.resolve(
    rows.map(({ line, row }) => ({
      line,
      resolved: { ...row, brand: session.brands.get(row.brand.toUpperCase()) ?? row.brand },
    })),
  );
}

/**
 * Sets each tier's discount on each brand (a tier and brand listed twice take the last row), creating the tiers named
 * for the first time; an empty discount removes the brand's discount. The accounts on the tiers that changed are
 * announced, so every instance prices them afresh.
 */
async function applyBrandTiers(
  tx: Database,
  _session: BrandTierSession,
  rows: readonly BrandTierRow[],
): Promise<AppliedCounts> {
  const latest = new Map<string, BrandTierRow>();
  for (const row of rows) {
    const key = `${row.tier.toUpperCase()}\u0000${row.brand}`;
    latest.delete(key);
    latest.set(key, row);
  }
  const tiers = await tiersByName(tx);
  let created = 0;
  for (const row of latest.values()) {
    if (row.discount === null || tiers.has(row.tier.toUpperCase())) continue;
    const [tier] = await tx.insert(discountTiers).values({ name: row.tier }).returning({ id: discountTiers.id });
    if (!tier) throw new Error('tier not created');
    tiers.set(row.tier.toUpperCase(), tier.id);
  }
  const rates = [...latest.values()].flatMap((row) => {
    const tierId = tiers.get(row.tier.toUpperCase());
    return tierId === undefined ? [] : [{ tierId, brand: row.brand, discountBasisPoints: row.discount }];
  });
  const current =
    rates.length === 0
      ? []
      : await tx
          .select()
          .from(discountTierRates)
          .where(inArray(discountTierRates.tierId, [...new Set(rates.map((rate) => rate.tierId))]));
  const held = new Map(current.map((rate) => [`${rate.tierId}\u0000${rate.brand}`, rate.discountBasisPoints]));
  let updated = 0;
  const changedTiers = new Set<number>();
  for (const rate of rates) {
    const before = held.get(`${rate.tierId}\u0000${rate.brand}`);
    if (before === (rate.discountBasisPoints ?? undefined)) continue;
    if (rate.discountBasisPoints === null) {
      await tx
        .delete(discountTierRates)
        .where(and(eq(discountTierRates.tierId, rate.tierId), eq(discountTierRates.brand, rate.brand)));
      updated += 1;
    } else {
      await tx
        .insert(discountTierRates)
        .values({ tierId: rate.tierId, brand: rate.brand, discountBasisPoints: rate.discountBasisPoints })
        .onConflictDoUpdate({
          target: [discountTierRates.tierId, discountTierRates.brand],
          set: { discountBasisPoints: sql`excluded.discount_basis_points` },
        });
      if (before === undefined) created += 1;
      else updated += 1;
    }
    changedTiers.add(rate.tierId);
  }
  await announceTierAccounts(tx, [...changedTiers]);
  // A duplicated row, or a removal of what was not there, counts as unchanged.
  return { created, updated, unchanged: rows.length - created - updated };
}

export const brandTierImporter: EntityImporter<BrandTierRow, BrandTierRow, BrandTierSession> = {
  begin: beginBrandTiers,
  resolve: resolveBrandTiers,
  apply: applyBrandTiers,
};

// ---------- account-tiers ----------

interface AccountTier {
  readonly accountId: number;
  /** null takes the account off its tier. */
  readonly tierId: number | null;
}

interface AccountTierSession {
  /** Account codes (upper case) → account id. */
  readonly accounts: ReadonlyMap<string, number>;
}

async function beginAccountTiers(db: Database): Promise<AccountTierSession> {
  return { accounts: (await accountsByCode(db)).ids };
}

async function resolveAccountTiers(
  db: Database,
  session: AccountTierSession,
  rows: readonly { line: number; row: AccountTierRow }[],
): Promise<ResolvedRow<AccountTier>[]> {
  const tiers = await tiersByName(db);
  return rows.map(({ line, row }) => {
    const accountId = session.accounts.get(row.account.toUpperCase());
    if (accountId === undefined) {
      return { line, issue: { column: 'account', value: row.account, reason: 'no account has this code' } };
    }
    if (row.tier === null) return { line, resolved: { accountId, tierId: null } };
    const tierId = tiers.get(row.tier.toUpperCase());
    if (tierId === undefined) {
      return { line, issue: { column: 'tier', value: row.tier, reason: 'no tier has this name' } };
    }
    return { line, resolved: { accountId, tierId } };
  });
}

/** Puts each account on its tier (or off any); the accounts that moved are announced. */
async function applyAccountTiers(
  tx: Database,
  _session: AccountTierSession,
  rows: readonly AccountTier[],
): Promise<AppliedCounts> {
  const latest = new Map(rows.map((row) => [row.accountId, row.tierId]));
  if (latest.size === 0) return NOTHING;
  const current = await tx
    .select()
    .from(accountDiscountTiers)
    .where(inArray(accountDiscountTiers.accountId, [...latest.keys()]));
  const held = new Map(current.map((row) => [row.accountId, row.tierId]));
  let created = 0;
  let updated = 0;
  const moved: number[] = [];
  for (const [accountId, tierId] of latest) {
    const before = held.get(accountId) ?? null;
    if (before === tierId) continue;
    if (tierId === null) {
      await tx.delete(accountDiscountTiers).where(eq(accountDiscountTiers.accountId, accountId));
      updated += 1;
    } else {
      await tx
        .insert(accountDiscountTiers)
        .values({ accountId, tierId })
        .onConflictDoUpdate({ target: accountDiscountTiers.accountId, set: { tierId } });
      if (before === null) created += 1;
      else updated += 1;
    }
    moved.push(accountId);
  }
  if (moved.length > 0) await announceCatalogueChange(tx, { kind: 'accounts', accountIds: moved });
  return { created, updated, unchanged: rows.length - created - updated };
}

export const accountTierImporter: EntityImporter<AccountTierRow, AccountTier, AccountTierSession> = {
  begin: beginAccountTiers,
  resolve: resolveAccountTiers,
  apply: applyAccountTiers,
};
