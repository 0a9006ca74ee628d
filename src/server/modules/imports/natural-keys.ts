import { sql } from 'drizzle-orm';
import { anyOf } from '../../db/array-parameters';
import type { Database } from '../../db/client';
import { accounts, products } from '../../db/schema';

/**
 * The products a batch's rows name, by upper-case SKU (files give SKUs in any case). One indexed read for the batch;
 * a SKU no product has is simply absent.
 */
export async function productIdsBySku(db: Database, rows: readonly { readonly row: { readonly sku: string } }[]) {
  const skus = [...new Set(rows.map(({ row }) => row.sku.toUpperCase()))];
  if (skus.length === 0) return new Map<string, number>();
  const found = await db
    .select({ id: products.id, sku: sql<string>`upper(${products.sku})` })
    .from(products)
    .where(anyOf(sql`upper(${products.sku})`, skus, 'text'));
  return new Map(found.map((product) => [product.sku, product.id]));
}

/** Every account by upper-case code, and its code as stored by id (for messages): read once per job. */
export async function accountsByCode(db: Database) {
  const rows = await db.select({ id: accounts.id, code: accounts.code }).from(accounts);
  return {
    ids: new Map(rows.map((row) => [row.code.toUpperCase(), row.id])),
    codes: new Map(rows.map((row) => [row.id, row.code])),
  };
}
