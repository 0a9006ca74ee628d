import { inArray, sql } from 'drizzle-orm';
import type { PriceRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';
import { productIdsBySku } from './natural-keys';

interface BasePrice {
  readonly productId: number;
  readonly tradeCents: number;
  readonly rrpCents: number;
}

async function resolvePrices(
  db: Database,
  _session: null,
  rows: readonly { line: number; row: PriceRow }[],
): Promise<ResolvedRow<BasePrice>[]> {
  const productBySku = await productIdsBySku(db, rows);
  return rows.map(({ line, row }) => {
    const productId = productBySku.get(row.sku.toUpperCase());
    if (productId === undefined) {
      return { line, issue: { column: 'sku', value: row.sku, reason: 'no product has this SKU' } };
    }
    return { line, resolved: { productId, tradeCents: row.trade, rrpCents: row.rrp } };
  });
}

/** Postgres array text ('{1,2,3}') of whole numbers: one parameter, however long the batch. */
const intArray = (values: readonly number[]) => `{${values.join(',')}}`;

/**
 * Sets each listed product's trade and RRP prices (a SKU listed twice takes its last row) in one statement, and
 * announces the products whose prices changed in the same transaction, so every instance patches those records
 * without reloading the catalogue.
 */
async function applyPrices(tx: Database, _session: null, rows: readonly BasePrice[]): Promise<AppliedCounts> {
  const latest = new Map<number, BasePrice>();
  for (const row of rows) {
    latest.delete(row.productId);
    latest.set(row.productId, row);
  }
  const prices = [...latest.values()];
  if (prices.length === 0) return { created: 0, updated: 0, unchanged: 0 };
  const current = await tx
    .select({ id: products.id, tradeCents: products.tradeCents, rrpCents: products.rrpCents })
    .from(products)
    .where(
      inArray(
        products.id,
        prices.map((price) => price.productId),
      ),
    );
  const held = new Map(current.map((row) => [row.id, row]));
  const changed = prices.filter((price) => {
    const before = held.get(price.productId);
    return before?.tradeCents !== price.tradeCents || before.rrpCents !== price.rrpCents;
  });
  if (changed.length > 0) {
    await tx.execute(sql`
      update products set trade_cents = given.trade_cents, rrp_cents = given.rrp_cents
      from (
        select unnest(${intArray(changed.map((price) => price.productId))}::int[]) as id,
               unnest(${intArray(changed.map((price) => price.tradeCents))}::int[]) as trade_cents,
               unnest(${intArray(changed.map((price) => price.rrpCents))}::int[]) as rrp_cents
      ) as given
      where products.id = given.id`);
    await announceCatalogueChange(tx, { kind: 'prices', productIds: changed.map((price) => price.productId) });
  }
  // A duplicated row counts once, as unchanged: only the last of a SKU is applied.
  return { created: 0, updated: changed.length, unchanged: rows.length - changed.length };
}

export const priceImporter: EntityImporter<PriceRow, BasePrice, null> = {
  begin: () => Promise.resolve(null),
  resolve: resolvePrices,
  apply: applyPrices,
};
