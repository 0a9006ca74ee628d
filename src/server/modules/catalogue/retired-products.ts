import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { products } from '../../db/schema';
import { problems } from '../../http/problem';

/**
 * A retired product (products.published false, an import's `active` false) is out of the catalogue the shop searches
 * and orders from, and stays in order history and invoices. These are the words the shop says it in.
 */
export const NO_LONGER_AVAILABLE = 'No longer available.';

/** The problem refusing to sell a retired product, naming it. */
export function noLongerAvailable(product: { readonly name: string; readonly sku: string }): string {
  return `${product.name} (${product.sku}) is no longer available.`;
}

/**
 * Refuses a product id the catalogue does not hold: by name when it is a retired product, else as no product. The
 * catalogue holds only products on sale, so only a miss there costs this read.
 */
export async function refuseProductNotInCatalogue(db: Database, productId: number): Promise<never> {
  const [retired] = await db
    .select({ name: products.name, sku: products.sku })
    .from(products)
    .where(eq(products.id, productId));
  const reason = retired ? noLongerAvailable(retired) : 'No product has that id.';
  throw problems.badRequest(reason, [{ name: 'productId', reason }]);
}
