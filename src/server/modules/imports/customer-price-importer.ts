import { and, inArray, sql } from 'drizzle-orm';
import type { CustomerPriceRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { customerPrices } from '../../db/schema';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';
import { accountsByCode, productIdsBySku } from './natural-keys';

interface CustomerPriceChange {
  readonly accountId: number;
  readonly productId: number;
  readonly minQuantity: number;
  readonly validFrom: string | null;
  readonly validTo: string | null;
  /** null removes the price of this natural key. */
  readonly priceCents: number | null;
}

interface CustomerPriceSession {
  /** Account codes (upper case) → account id. */
  readonly accounts: ReadonlyMap<string, number>;
}

const naturalKey = (price: Pick<CustomerPriceChange, 'accountId' | 'productId' | 'minQuantity' | 'validFrom'>) =>
  `${price.accountId}:${price.productId}:${price.minQuantity}:${price.validFrom ?? ''}`;

async function beginCustomerPrices(db: Database): Promise<CustomerPriceSession> {
  return { accounts: (await accountsByCode(db)).ids };
}

async function resolveCustomerPrices(
  db: Database,
  session: CustomerPriceSession,
  rows: readonly { line: number; row: CustomerPriceRow }[],
): Promise<ResolvedRow<CustomerPriceChange>[]> {
  const productBySku = await productIdsBySku(db, rows);
  return rows.map(({ line, row }) => {
    const accountId = session.accounts.get(row.account.toUpperCase());
    if (accountId === undefined) {
      return { line, issue: { column: 'account', value: row.account, reason: 'no account has this code' } };
    }
    const productId = productBySku.get(row.sku.toUpperCase());
    if (productId === undefined) {
      return { line, issue: { column: 'sku', value: row.sku, reason: 'no product has this SKU' } };
    }
    return {
      line,
      resolved: {
        accountId,
        productId,
        minQuantity: row.min_quantity,
        validFrom: row.valid_from,
        validTo: row.valid_to,
        priceCents: row.price,
      },
    };
  });
}

/**
 * Upserts each price by its natural key (account, product, minimum quantity, start date) and removes the keys given
 * an empty price; a key listed twice takes its last row. The accounts whose prices changed are announced in the same
 * transaction, so every instance prices them afresh.
 */
async function applyCustomerPrices(
  tx: Database,
  _session: CustomerPriceSession,
  rows: readonly CustomerPriceChange[],
): Promise<AppliedCounts> {
  const latest = new Map<string, CustomerPriceChange>();
  for (const row of rows) {
    const key = naturalKey(row);
    latest.delete(key);
    latest.set(key, row);
  }
  const changes = [...latest.values()];
  if (changes.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  // The batch's accounts' prices of its products, a superset of its keys (a list of row values would be one deep
  // expression, which the embedded database's stack does not take).
  const current = await tx
    .select()
    .from(customerPrices)
    .where(
      and(
        inArray(customerPrices.accountId, [...new Set(changes.map((change) => change.accountId))]),
        inArray(customerPrices.productId, [...new Set(changes.map((change) => change.productId))]),
      ),
    );
  const held = new Map(current.map((row) => [naturalKey(row), row]));
  let created = 0;
  let updated = 0;
  const upserts: (CustomerPriceChange & { priceCents: number })[] = [];
  const removals: number[] = [];
  const affected = new Set<number>();
  for (const change of changes) {
    const before = held.get(naturalKey(change));
    if (change.priceCents === null) {
      if (!before) continue;
      removals.push(before.id);
      updated += 1;
    } else if (!before) {
      upserts.push({ ...change, priceCents: change.priceCents });
      created += 1;
    } else if (before.priceCents !== change.priceCents || before.validTo !== change.validTo) {
      upserts.push({ ...change, priceCents: change.priceCents });
      updated += 1;
    } else {
      continue;
    }
    affected.add(change.accountId);
  }
  // A duplicated row counts once, as unchanged: only the last of a key is applied.
  const unchanged = rows.length - created - updated;
  if (upserts.length > 0) {
    await tx
      .insert(customerPrices)
      .values(upserts)
      .onConflictDoUpdate({
        target: [
          customerPrices.accountId,
          customerPrices.productId,
          customerPrices.minQuantity,
          customerPrices.validFrom,
        ],
        set: { validTo: sql`excluded.valid_to`, priceCents: sql`excluded.price_cents` },
      });
  }
  if (removals.length > 0) await tx.delete(customerPrices).where(inArray(customerPrices.id, removals));
  if (affected.size > 0) await announceCatalogueChange(tx, { kind: 'accounts', accountIds: [...affected] });
  return { created, updated, unchanged };
}

export const customerPriceImporter: EntityImporter<CustomerPriceRow, CustomerPriceChange, CustomerPriceSession> = {
  fills: [customerPrices],
  begin: beginCustomerPrices,
  resolve: resolveCustomerPrices,
  apply: applyCustomerPrices,
};
