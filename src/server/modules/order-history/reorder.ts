import { asc, eq } from 'drizzle-orm';
import type { CartState } from '../../../contract/cart';
import type { ReorderLineResult, ReorderResult } from '../../../contract/order-history';
import { orderLines } from '../../db/schema';
import { HttpProblem, problems } from '../../http/problem';
import { vehicleFitments } from '../vehicle/vehicle-fitments';
import {
  type CartScope,
  accessoriesOfLine,
  addToCart,
  readCart,
  setLineAccessories,
  skipLineAccessories,
} from '../cart/cart-service';
import { type VehicleFitment, wheelFits } from '../vehicle/wheel-fitment';
import { type FoundProduct, findProduct } from '../catalogue/catalogue-product-lookup';
import { NO_LONGER_AVAILABLE } from '../catalogue/retired-products';
import { type CatalogueSnapshot, stockOf } from '../catalogue/catalogue-snapshot';
import { findAccountOrder } from './order-history-queries';

type OrderLineRow = typeof orderLines.$inferSelect;

/** Every unit any warehouse holds (own and supplier: the checkout allocates from both). */
function stockAnywhere(snapshot: CatalogueSnapshot, found: FoundProduct): number {
  return stockOf(snapshot, found.table, found.slot).reduce((sum, entry) => sum + entry.quantity, 0);
}

function inCart(cart: CartState, productId: number): number {
  return cart.items.reduce((sum, item) => sum + (item.productId === productId ? item.quantity : 0), 0);
}

const vehicleName = (vehicle: VehicleFitment) => `${vehicle.makeName} ${vehicle.model} ${vehicle.series}`;

function unavailable(line: OrderLineRow, reason: string): ReorderLineResult {
  return {
    lineId: line.id,
    sku: line.sku,
    name: line.name,
    result: 'Unavailable',
    requestedQuantity: line.quantity,
    addedQuantity: 0,
    reason,
  };
}

/**
 * A wheel's vehicle and accessories as they were ordered, where they still fit: the vehicle when the wheel still
 * fits it, the accessories still offered for it (in stock, right for wheel and vehicle). What cannot be carried over
 * is left for the accessories step in the cart, and said. Answers the words for the line's reason.
 */
async function carryOverWheel(
  scope: CartScope,
  cart: CartState,
  wheel: Extract<FoundProduct, { kind: 'Wheel' }>,
  line: OrderLineRow,
  accessories: readonly OrderLineRow[],
): Promise<string> {
  const vehicle =
    line.vehicleId === null ? undefined : (await vehicleFitments(scope.db, [line.vehicleId])).get(line.vehicleId);
  const fits = vehicle !== undefined && wheelFits(wheel.record, vehicle);
  const cartLine = cart.items.find(
    (item) =>
      item.productId === wheel.record.id && (item.accessoryInfo?.vehicleId ?? null) === (fits ? vehicle.id : null),
  );
  if (!cartLine) return '';
  if (line.vehicleId !== null && !fits) {
    const was = vehicle ? `the ${vehicleName(vehicle)}` : 'its vehicle';
    return ` The wheel no longer fits ${was}: choose the vehicle and accessories in the cart.`;
  }
  const ordered = accessories.flatMap((accessory) => (accessory.productId === null ? [] : [accessory.productId]));
  if (accessories.length === 0) {
    // Ordered without accessories ('No Accessories Required'): the same again.
    await skipLineAccessories(scope, cartLine.id, true);
    return fits ? ` For the ${vehicleName(vehicle)}, no accessories, as before.` : ' No accessories, as before.';
  }
  if (!fits) return ' Choose the vehicle and accessories in the cart.';
  const { groups } = await accessoriesOfLine(scope, cartLine.id);
  const offered = new Set(groups.flatMap((group) => group.accessories.map((option) => option.id)));
  const kept = ordered.filter((productId) => offered.has(productId));
  const dropped = accessories.filter((accessory) => accessory.productId === null || !offered.has(accessory.productId));
  const droppedNote =
    dropped.length === 0 ? '' : ` No longer offered for it: ${dropped.map((accessory) => accessory.name).join(', ')}.`;
  if (kept.length === 0) return ` For the ${vehicleName(vehicle)}.${droppedNote} Choose its accessories in the cart.`;
  try {
    await setLineAccessories(scope, cartLine.id, kept);
  } catch (error) {
    if (!(error instanceof HttpProblem) || error.status !== 400) throw error;
    return ` For the ${vehicleName(vehicle)}.${droppedNote} ${error.message} Choose its accessories in the cart.`;
  }
  return ` For the ${vehicleName(vehicle)}, with ${kept.length === 1 ? 'its accessory' : `its ${kept.length} accessories`}.${droppedNote}`;
}

/**
 * POST Order/Reorder: the order's product lines (or the chosen ones) go into the cart through the cart's own add, so
 * at today's prices for the account. A line whose product is no longer available (retired), or of which no warehouse holds any
 * (beyond what the cart holds already), adds nothing; one with less stock than ordered adds what there is.
 */
export async function reorder(
  scope: CartScope,
  request: { orderId: number; lineIds?: readonly number[] | undefined },
): Promise<ReorderResult> {
  const order = await findAccountOrder(scope.db, scope.accountId, request.orderId);
  const rows = await scope.db
    .select()
    .from(orderLines)
    .where(eq(orderLines.orderId, order.id))
    .orderBy(asc(orderLines.id));
  const productLines = rows.filter((row) => row.parentLineId === null);
  const wanted = request.lineIds ? new Set(request.lineIds) : null;
  if (wanted) {
    const unknown = [...wanted].filter((id) => !productLines.some((line) => line.id === id));
    if (unknown.length > 0) {
      const reason = `Not a product line of order ${order.id}: ${unknown.join(', ')}.`;
      throw problems.badRequest(reason, [{ name: 'lineIds', reason }]);
    }
  }
  const snapshot = await scope.catalogue.snapshot();
  let cart = await readCart(scope);
  const results: ReorderLineResult[] = [];
  for (const line of productLines.filter((row) => !wanted || wanted.has(row.id))) {
    const found = line.productId === null ? null : findProduct(snapshot, line.productId);
    if (!found) {
      results.push(unavailable(line, NO_LONGER_AVAILABLE));
      continue;
    }
    const stock = stockAnywhere(snapshot, found);
    const free = stock - inCart(cart, found.record.id);
    if (stock === 0) {
      results.push(unavailable(line, 'Out of stock in every warehouse.'));
      continue;
    }
    if (free <= 0) {
      results.push(unavailable(line, `Your cart already holds all ${stock} in stock.`));
      continue;
    }
    const quantity = Math.min(line.quantity, free);
    cart = await addToCart(scope, { productId: found.record.id, quantity, vehicleId: line.vehicleId });
    const wheelNote =
      found.kind === 'Wheel'
        ? await carryOverWheel(
            scope,
            cart,
            found,
            line,
            rows.filter((row) => row.parentLineId === line.id),
          )
        : '';
    const partly = quantity < line.quantity;
    results.push({
      lineId: line.id,
      sku: line.sku,
      name: line.name,
      result: partly ? 'PartlyAdded' : 'Added',
      requestedQuantity: line.quantity,
      addedQuantity: quantity,
      reason:
        (partly
          ? `Only ${quantity} of ${line.quantity} in stock; ${quantity} added at today's price.`
          : "Added at today's price.") + wheelNote,
    });
  }
  return { lines: results, cart: await readCart(scope) };
}
