import { eq, inArray } from 'drizzle-orm';
import type { BackOrderLine, CartState } from '../../../contract/cart';
import { type CheckoutData, type ShippingMethod, shippingSystemNameSchema } from '../../../contract/checkout';
import type { Database } from '../../db/client';
import { accounts, checkoutSelections, productStock, warehouses } from '../../db/schema';
import { type StoredCart, loadStoredCart } from '../cart/cart-lines';
import { type PricedCart, pricedCartOf } from '../cart/cart-state';
import { type FoundProduct, findProduct } from '../catalogue/catalogue-product-lookup';
import type { AccountPricing, CatalogueReadModel } from '../catalogue/catalogue-read-model';
import type { CatalogueSnapshot } from '../catalogue/catalogue-snapshot';
import { presentQuote } from './order-presentation';
import { type OrderTotalsCents, orderTotalsAnswer } from './order-totals';
import { isRegionalPostcode, shipmentsOf, shippingMethodsFor, warehouseShippingsOf } from './shipping-rules';
import { type Allocation, type Shortage, type StockNeed, type WarehouseLevel, allocateStock } from './stock-allocation';
import type { DeliverySource } from '../../../domain/delivery-promise';
import type { ShipmentSplit } from '../../../domain/shipment-split';
import { backOrderLinesOf, backOrdersOf, lineSplitsOf } from './back-orders';

export interface CheckoutScope {
  readonly db: Database;
  /** Prices the cart. */
  readonly catalogue: CatalogueReadModel;
  readonly accountId: number;
  /** Whose cart it checks out (the signed-in user, or the one an impersonating staff member acts as). */
  readonly userId: number;
  readonly now: Date;
}

/** An order line as it will be stored; accessories of a wheel line are its children. */
export interface LineDraft {
  /** The cart line it comes from (a wheel's accessories: the wheel's line). */
  readonly cartItemId: number;
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  readonly brand: string;
  readonly category: string;
  readonly quantity: number;
  readonly unitPriceCents: number;
  readonly discountCents: number;
  readonly lineTotalCents: number;
  readonly vehicleId: number | null;
  readonly vehicleDescription: string | null;
  /** Of `quantity`, how many wait for inbound stock (docs/checkout.md 'Back-orders'), and the day they are expected. */
  readonly backOrderQuantity: number;
  readonly backOrderExpectedDate: string | null;
  readonly children: readonly Omit<LineDraft, 'children'>[];
}

/** Every line as stored and invoiced: each wheel line followed by its accessories. */
export function flattenedLines(lines: readonly LineDraft[]): readonly Omit<LineDraft, 'children'>[] {
  return lines.flatMap((line) => [line, ...line.children]);
}

/** Everything the checkout page shows and Checkout/Complete places, computed once from one read of the cart. */
export interface CheckoutQuote {
  readonly data: CheckoutData;
  readonly cart: CartState;
  readonly stored: StoredCart;
  readonly account: typeof accounts.$inferSelect;
  readonly lines: readonly LineDraft[];
  readonly allocations: readonly Allocation[];
  readonly shortages: readonly Shortage[];
  readonly shippingMethod: ShippingMethod;
  readonly totals: OrderTotalsCents;
}

function categoryWordOf(found: FoundProduct): string {
  if (found.kind === 'Tyre') return 'Tyres';
  if (found.kind === 'Wheel') return 'Wheels';
  return found.record.subcategory.name;
}

function lineDraftsOf(priced: PricedCart, stored: StoredCart, snapshot: CatalogueSnapshot): LineDraft[] {
  return priced.state.items.flatMap((item, index) => {
    const found = findProduct(snapshot, item.productId);
    const line = stored.lines.find((candidate) => candidate.id === item.id);
    const input = priced.lines[index];
    if (!found || !line || !input) return [];
    const chosen = line.accessories.flatMap((entry) => {
      const product = findProduct(snapshot, entry.productId);
      return product ? [product] : [];
    });
    const children = input.accessories.flatMap((row) => {
      const product = chosen.find((candidate) => candidate.record.sku === row.sku);
      if (!product) return [];
      return [
        {
          cartItemId: item.id,
          productId: product.record.id,
          sku: row.sku,
          name: row.name,
          brand: product.record.brand,
          category: categoryWordOf(product),
          quantity: row.quantity,
          unitPriceCents: row.unitCents,
          discountCents: row.discountCents,
          lineTotalCents: row.unitCents * row.quantity - row.discountCents,
          vehicleId: null,
          vehicleDescription: null,
          backOrderQuantity: 0,
          backOrderExpectedDate: null,
        },
      ];
    });
    return [
      {
        cartItemId: item.id,
        productId: item.productId,
        sku: item.sku,
        name: item.productName,
        brand: found.record.brand,
        category: categoryWordOf(found),
        quantity: item.quantity,
        unitPriceCents: input.unitCents,
        discountCents: input.discountCents,
        lineTotalCents: input.unitCents * input.quantity - input.discountCents,
        vehicleId: item.accessoryInfo?.vehicleId ?? null,
        vehicleDescription: input.vehicle,
        backOrderQuantity: 0,
        backOrderExpectedDate: null,
        children,
      },
    ];
  });
}

function needsOf(lines: readonly LineDraft[], snapshot: CatalogueSnapshot): StockNeed[] {
  return flattenedLines(lines).map((line) => ({
    productId: line.productId,
    sku: line.sku,
    quantity: line.quantity,
    isBulkUnit: findProduct(snapshot, line.productId)?.kind !== 'Merchandise',
  }));
}

/** The drafts with each line's back-ordered share written on it. */
function withBackOrders(
  drafts: readonly LineDraft[],
  splits: ReadonlyMap<Omit<LineDraft, 'children'>, ShipmentSplit | undefined>,
): LineDraft[] {
  const split = <Line extends Omit<LineDraft, 'children'>>(line: Line): Line => ({
    ...line,
    backOrderQuantity: splits.get(line)?.backOrder ?? 0,
    backOrderExpectedDate: splits.get(line)?.expectedDate ?? null,
  });
  return drafts.map((draft) => ({ ...split(draft), children: draft.children.map(split) }));
}

/**
 * docs/checkout.md 'Stock allocation' and 'Back-orders': the stock the lines take from each warehouse, what no
 * warehouse nor dated inbound stock covers, and each line's split into what ships now and what is back-ordered.
 */
function allocateLines(
  accountState: string,
  drafts: readonly LineDraft[],
  snapshot: CatalogueSnapshot,
  stock: ReadonlyMap<number, readonly (WarehouseLevel & DeliverySource)[]>,
  now: Date,
) {
  const allocated = allocateStock(accountState, needsOf(drafts, snapshot), stock);
  const { backOrders, shortages } = backOrdersOf(accountState, allocated.shortages, stock, now);
  const flat = flattenedLines(drafts);
  const splits = lineSplitsOf(flat, backOrders);
  return {
    allocations: allocated.allocations,
    shortages,
    flat,
    splits,
    backOrderLines: backOrderLinesOf(flat, splits),
  };
}

/**
 * The cart's back-ordered lines as Checkout/Get would answer them now, for every cart answer (the cart flyout):
 * the same allocation over the same stock rows, unlocked.
 */
export async function cartBackOrders(
  reader: Database,
  accountState: string,
  cart: { readonly priced: PricedCart; readonly stored: StoredCart; readonly snapshot: CatalogueSnapshot },
  now: Date,
): Promise<BackOrderLine[]> {
  const drafts = lineDraftsOf(cart.priced, cart.stored, cart.snapshot);
  const stock = await stockLevels(
    reader,
    flattenedLines(drafts).map((line) => line.productId),
    false,
  );
  return allocateLines(accountState, drafts, cart.snapshot, stock, now).backOrderLines;
}

/** Stock of the products per warehouse, read from SQL (the source of truth); with `lock`, the rows stay locked. */
export async function stockLevels(
  reader: Database,
  productIds: readonly number[],
  lock: boolean,
): Promise<Map<number, (WarehouseLevel & DeliverySource)[]>> {
  const levels = new Map<number, (WarehouseLevel & DeliverySource)[]>();
  if (productIds.length === 0) return levels;
  const query = reader
    .select({
      productId: productStock.productId,
      warehouseId: productStock.warehouseId,
      quantity: productStock.quantity,
      onOrderQuantity: productStock.onOrderQuantity,
      onOrderExpectedDate: productStock.onOrderExpectedOn,
      dispatchCutoff: warehouses.dispatchCutoff,
      transitDays: warehouses.transitDays,
      warehouseName: warehouses.name,
      kind: warehouses.kind,
      state: warehouses.state,
      sortOrder: warehouses.sortOrder,
    })
    .from(productStock)
    .innerJoin(warehouses, eq(warehouses.id, productStock.warehouseId))
    .where(inArray(productStock.productId, [...new Set(productIds)]))
    .orderBy(productStock.productId, productStock.warehouseId);
  const rows = lock ? await query.for('update', { of: productStock }) : await query;
  for (const { productId, ...level } of rows) levels.set(productId, [...(levels.get(productId) ?? []), level]);
  return levels;
}

/** SPEC.md §3: the discount code as a string holding a Code="…" fragment. */
export function discountCodeText(discount: StoredCart['discount']): string | null {
  return discount ? `${discount.label} (Code="${discount.code}")` : null;
}

export interface Priced {
  readonly snapshot: CatalogueSnapshot;
  readonly pricing: AccountPricing;
}

/**
 * The catalogue and the account's prices, from the read model. Read before a transaction opens: the read model
 * queries through the app's handle, which on PGlite (one connection) would wait for the transaction to end.
 */
export async function pricingOf(scope: CheckoutScope): Promise<Priced> {
  const model = scope.catalogue;
  const [snapshot, pricing] = await Promise.all([model.snapshot(), model.account(scope.accountId, scope.now)]);
  return { snapshot, pricing };
}

/**
 * The checkout of a user's cart as it stands: the cart priced for the account, the stock allocated to warehouses,
 * the shipping methods, the totals with GST. `reader` is the app's handle or a transaction; with `lockStock` the
 * stock rows read are locked until it ends (Checkout/Complete), and `priced` must then be read beforehand.
 */
export async function quoteCheckout(
  scope: CheckoutScope,
  reader: Database,
  options: { lockStock?: boolean; priced?: Priced } = {},
): Promise<CheckoutQuote> {
  const { snapshot, pricing } = options.priced ?? (await pricingOf(scope));
  // One after another: in a transaction on PostgreSQL they share one connection.
  const stored = await loadStoredCart(reader, scope.userId, scope.now);
  const [account] = await reader.select().from(accounts).where(eq(accounts.id, scope.accountId));
  const [selection] = await reader.select().from(checkoutSelections).where(eq(checkoutSelections.userId, scope.userId));
  if (!account) throw new Error(`account ${scope.accountId} not found`);
  const priced = pricedCartOf(stored, snapshot, pricing, scope.now);
  const drafts = lineDraftsOf(priced, stored, snapshot);
  const stock = await stockLevels(
    reader,
    flattenedLines(drafts).map((line) => line.productId),
    options.lockStock === true,
  );
  const { allocations, shortages, flat, splits, backOrderLines } = allocateLines(
    account.state,
    drafts,
    snapshot,
    stock,
    scope.now,
  );
  const cart: CartState = { ...priced.state, backOrders: backOrderLines };
  const lines = withBackOrders(drafts, new Map(flat.map((line, index) => [line, splits[index]])));
  const shipments = shipmentsOf(allocations);
  const regional = isRegionalPostcode(account.deliveryPostcode);
  const chosen = shippingSystemNameSchema.safeParse(selection?.shippingMethod);
  const shippingMethods = shippingMethodsFor(shipments, regional, chosen.success ? chosen.data : null);
  const shippingMethod = shippingMethods.find((method) => method.selected) as ShippingMethod;
  const { presentation, totals } = presentQuote({
    priceDisplay: pricing.priceDisplay,
    lines: priced.lines,
    discountCode: stored.discount?.code ?? null,
    shipping: { name: shippingMethod.name, cents: shippingMethod.feeValue },
  });
  return {
    data: {
      shoppingCart: cart,
      address: {
        address1: account.deliveryAddress1 ?? '',
        city: account.deliveryCity ?? '',
        zipPostalCode: account.deliveryPostcode ?? '',
        state: account.state,
      },
      shippingMethods,
      orderTotals: orderTotalsAnswer(totals),
      warehouseShippings: warehouseShippingsOf(
        shipments,
        shippingMethod.shippingRateComputationMethodSystemName,
        regional,
      ),
      discountCode: discountCodeText(stored.discount),
      presentation,
      backOrders: backOrderLines,
    },
    cart,
    stored,
    account,
    lines,
    allocations,
    shortages,
    shippingMethod,
    totals,
  };
}
