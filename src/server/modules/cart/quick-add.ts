import {
  MAX_QUICK_ORDER_CANDIDATES,
  type QuickAddResponse,
  type QuickOrderLine,
  type QuickOrderResult,
} from '../../../contract/quick-order';
import type { AccountPricing } from '../catalogue/catalogue-read-model';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { productsMatching, quickOrderProductOf } from '../catalogue/quick-order-lookup';
import { type CartScope, addAllToCart, readCart } from './cart-service';

/**
 * One line's result. A line is Added only when its text names exactly one product and the own warehouses hold its
 * quantity after the lines above it that took the same product; a line that is not Added adds nothing.
 */
function resolveLine(
  snapshot: CatalogueSnapshot,
  account: AccountPricing,
  now: Date,
  line: QuickOrderLine,
  taken: Map<number, number>,
): QuickOrderResult {
  const asked = { query: line.query, quantity: line.quantity };
  const matches = productsMatching(snapshot, line.query, account, MAX_QUICK_ORDER_CANDIDATES);
  const [only] = matches.products;
  if (matches.total === 0 || !only) return { status: 'NotFound', ...asked };
  if (matches.total > 1) {
    return {
      status: 'Ambiguous',
      ...asked,
      candidates: matches.products.map((product) => quickOrderProductOf(snapshot, product, account, now)),
      matchCount: matches.total,
    };
  }
  const product = quickOrderProductOf(snapshot, only, account, now);
  const available = Math.max(0, product.stockQuantity - (taken.get(product.id) ?? 0));
  if (line.quantity > available) return { status: 'ShortStock', ...asked, product, available };
  taken.set(product.id, (taken.get(product.id) ?? 0) + line.quantity);
  return { status: 'Added', ...asked, product };
}

/** Cart/QuickAdd: every line resolved against the catalogue read model, the Added ones put in the cart in one write. */
export async function quickAdd(scope: CartScope, lines: readonly QuickOrderLine[]): Promise<QuickAddResponse> {
  const model = scope.catalogue;
  const [snapshot, account] = await Promise.all([model.snapshot(), model.account(scope.accountId, scope.now)]);
  const taken = new Map<number, number>();
  const results = lines.map((line) => resolveLine(snapshot, account, scope.now, line, taken));
  const additions = results.flatMap((result) =>
    result.status === 'Added' ? [{ productId: result.product.id, quantity: result.quantity }] : [],
  );
  const cart = additions.length > 0 ? await addAllToCart(scope, additions) : await readCart(scope);
  return { lines: results, cart };
}
