import { and, eq, isNull, sql } from 'drizzle-orm';
import {
  type AddMode,
  type CartAccessories,
  type CartState,
  type CartVehicle,
  type Compatibility,
  MAX_LINE_QUANTITY,
} from '../../../contract/cart';
import { normalDiscountCode } from '../../../domain/discount-code';
import type { Database } from '../../db/client';
import { cartItemAccessories, cartItems, carts } from '../../db/schema';
import { problems } from '../../http/problem';
import { ON_ORDER_WITHOUT_DATE, onOrderWithoutDate } from '../../../domain/delivery-promise';
import { type FoundProduct, findProduct } from '../catalogue/catalogue-product-lookup';
import { type CatalogueSnapshot, stockOf } from '../catalogue/catalogue-snapshot';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { refuseProductNotInCatalogue } from '../catalogue/retired-products';
import type { WheelRecord } from '../catalogue/catalogue-records';
import { accessoryGroupsFor } from './accessory-groups';
import { type StoredCart, discountCodeRow, loadStoredCart } from './cart-lines';
import { vehicleFitmentOf } from '../vehicle/vehicle-fitments';
import { discountCodeUses } from './discount-code-uses';
import { discountRefusal } from './discount-codes';
import { accessoryCandidates, pricedCartOf } from './cart-state';
import { cartBackOrders } from '../checkout/checkout-quote';
import { wheelFits } from '../vehicle/wheel-fitment';

export interface CartScope {
  readonly db: Database;
  readonly catalogue: CatalogueReadModel;
  readonly accountId: number;
  /** Whose cart it is: the signed-in user, or the user an impersonating staff member acts as. */
  readonly userId: number;
  readonly now: Date;
}

/**
 * The cart as SPEC.md §3 describes it, priced for the account now, with the lines the checkout would back-order. A
 * line whose product has left the catalogue (retired) is listed as no longer available, outside every total, and
 * cannot be ordered.
 */
async function stateOf(scope: CartScope, stored: StoredCart): Promise<CartState> {
  const model = scope.catalogue;
  const [snapshot, account] = await Promise.all([model.snapshot(), model.account(scope.accountId, scope.now)]);
  const priced = pricedCartOf(stored, snapshot, account, scope.now);
  const backOrders = await cartBackOrders(scope.db, account.state, { priced, stored, snapshot }, scope.now);
  return { ...priced.state, backOrders };
}

export async function readCart(scope: CartScope): Promise<CartState> {
  return stateOf(scope, await loadStoredCart(scope.db, scope.userId, scope.now));
}

export async function cartCount({ db, userId }: CartScope): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`coalesce(sum(${cartItems.quantity}), 0)::int` })
    .from(cartItems)
    .where(eq(cartItems.userId, userId));
  return Number(row?.count ?? 0);
}

/**
 * Runs one write to a user's cart while holding its row lock, so concurrent writes (two tabs, a double click)
 * apply one after another and every answer is a state the cart really passed through.
 */
async function writeCart(scope: CartScope, work: (tx: Database) => Promise<void>): Promise<CartState> {
  const stored = await scope.db.transaction(async (tx) => {
    await tx.insert(carts).values({ userId: scope.userId }).onConflictDoNothing();
    await tx.select({ userId: carts.userId }).from(carts).where(eq(carts.userId, scope.userId)).for('update');
    await work(tx);
    await tx
      .update(carts)
      .set({ updatedAt: scope.now, revision: sql`${carts.revision} + 1` })
      .where(eq(carts.userId, scope.userId));
    // Read back under the same lock: the answer is exactly the state this write produced.
    return loadStoredCart(tx, scope.userId, scope.now);
  });
  return stateOf(scope, stored);
}

async function lineOf(tx: Database, scope: CartScope, id: number) {
  const [line] = await tx
    .select()
    .from(cartItems)
    .where(and(eq(cartItems.id, id), eq(cartItems.userId, scope.userId)));
  if (!line) throw problems.notFound('Your cart has no such item.');
  return line;
}

async function wheelOfLine(scope: CartScope, productId: number): Promise<WheelRecord> {
  const found = findProduct(await scope.catalogue.snapshot(), productId);
  if (found?.kind !== 'Wheel')
    throw problems.badRequest('Only wheels are fitted to a vehicle.', [
      { name: 'id', reason: 'This item is not a wheel.' },
    ]);
  return found.record;
}

/** One product to add: a new line, or more of a line that already holds it (with the same vehicle). */
interface Addition {
  readonly productId: number;
  readonly quantity: number;
  readonly isWheel: boolean;
  readonly vehicleId: number | null;
}

async function addLine(tx: Database, scope: CartScope, addition: Addition): Promise<void> {
  const { productId, quantity, isWheel, vehicleId } = addition;
  const [existing] = await tx
    .select()
    .from(cartItems)
    .where(
      and(
        eq(cartItems.userId, scope.userId),
        eq(cartItems.productId, productId),
        vehicleId === null ? isNull(cartItems.vehicleId) : eq(cartItems.vehicleId, vehicleId),
      ),
    );
  if (existing) {
    await tx
      .update(cartItems)
      .set({ quantity: Math.min(MAX_LINE_QUANTITY, existing.quantity + quantity) })
      .where(eq(cartItems.id, existing.id));
    return;
  }
  await tx.insert(cartItems).values({
    userId: scope.userId,
    productId,
    quantity,
    vehicleId,
    accessoryStatus: isWheel ? 'ActionRequired' : 'None',
    createdAt: scope.now,
  });
}

/** docs/checkout.md 'Back-orders': a product nobody can say when it would ship is refused up front, named. */
function refuseOnOrderWithoutDate(snapshot: CatalogueSnapshot, found: FoundProduct): void {
  if (!onOrderWithoutDate(stockOf(snapshot, found.table, found.slot))) return;
  const reason = `${found.record.name} (${found.record.sku}) is ${ON_ORDER_WITHOUT_DATE}.`;
  throw problems.badRequest(reason, [{ name: 'productId', reason }]);
}

export async function addToCart(
  scope: CartScope,
  request: { productId: number; quantity: number; vehicleId?: number | null | undefined },
): Promise<CartState> {
  const snapshot = await scope.catalogue.snapshot();
  const found =
    findProduct(snapshot, request.productId) ?? (await refuseProductNotInCatalogue(scope.db, request.productId));
  refuseOnOrderWithoutDate(snapshot, found);
  // A vehicle chosen while browsing wheels is kept only when the wheel fits it; the wizard asks otherwise.
  let vehicleId: number | null = null;
  if (found.kind === 'Wheel' && request.vehicleId != null) {
    const vehicle = await vehicleFitmentOf(scope.db, request.vehicleId);
    if (wheelFits(found.record, vehicle)) vehicleId = vehicle.id;
  }
  const addition = {
    productId: request.productId,
    quantity: request.quantity,
    isWheel: found.kind === 'Wheel',
    vehicleId,
  };
  return writeCart(scope, (tx) => addLine(tx, scope, addition));
}

/**
 * Adds several catalogue products in one write (the quick order's 'Add all'), each as Cart/Add would without a
 * vehicle: either every one is added or, on failure, none.
 */
export async function addAllToCart(
  scope: CartScope,
  requests: readonly { productId: number; quantity: number }[],
): Promise<CartState> {
  const snapshot = await scope.catalogue.snapshot();
  // One write per product however many requests name it: the line ends the same, in far fewer statements.
  const quantities = new Map<number, number>();
  for (const { productId, quantity } of requests)
    quantities.set(productId, (quantities.get(productId) ?? 0) + quantity);
  const additions: Addition[] = [];
  for (const [productId, quantity] of quantities) {
    const found = findProduct(snapshot, productId) ?? (await refuseProductNotInCatalogue(scope.db, productId));
    additions.push({
      productId,
      quantity: Math.min(MAX_LINE_QUANTITY, quantity),
      isWheel: found.kind === 'Wheel',
      vehicleId: null,
    });
  }
  return writeCart(scope, async (tx) => {
    for (const addition of additions) await addLine(tx, scope, addition);
  });
}

/** A quantity of 0 removes the line; a retired product's line can only be removed. */
export async function updateLine(scope: CartScope, id: number, quantity: number): Promise<CartState> {
  const snapshot = await scope.catalogue.snapshot();
  return writeCart(scope, async (tx) => {
    const line = await lineOf(tx, scope, id);
    if (quantity > 0 && !findProduct(snapshot, line.productId)) {
      await refuseProductNotInCatalogue(tx, line.productId);
    }
    if (quantity === 0) await tx.delete(cartItems).where(eq(cartItems.id, id));
    else await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, id));
  });
}

export function removeLine(scope: CartScope, id: number): Promise<CartState> {
  return writeCart(scope, async (tx) => {
    await lineOf(tx, scope, id);
    await tx.delete(cartItems).where(eq(cartItems.id, id));
  });
}

export function clearCart(scope: CartScope): Promise<CartState> {
  return writeCart(scope, async (tx) => {
    await tx.delete(cartItems).where(eq(cartItems.userId, scope.userId));
    await tx.update(carts).set({ discountCode: null }).where(eq(carts.userId, scope.userId));
  });
}

export async function applyDiscountCode(scope: CartScope, entered: string): Promise<CartState> {
  const code = normalDiscountCode(entered);
  if (code !== '') {
    const refusal = discountRefusal(
      await discountCodeRow(scope.db, code),
      await discountCodeUses(scope.db, code, scope.accountId),
      scope.now,
    );
    if (refusal) throw problems.badRequest(refusal, [{ name: 'code', reason: refusal }]);
  }
  return writeCart(scope, async (tx) => {
    await tx
      .update(carts)
      .set({ discountCode: code === '' ? null : code })
      .where(eq(carts.userId, scope.userId));
  });
}

export async function vehicleOfLine(scope: CartScope, id: number): Promise<CartVehicle> {
  const line = await lineOf(scope.db, scope, id);
  await wheelOfLine(scope, line.productId);
  const vehicle = line.vehicleId === null ? null : await vehicleFitmentOf(scope.db, line.vehicleId);
  return {
    id: line.id,
    vehicle: vehicle && {
      id: vehicle.id,
      makeId: vehicle.makeId,
      makeName: vehicle.makeName,
      model: vehicle.model,
      series: vehicle.series,
    },
    accessoryStatus: line.accessoryStatus,
  };
}

/**
 * DESIGN.md §5: CheckAndAdd saves the vehicle when the wheel fits (Complete; the accessories are chosen next) and
 * saves nothing when it does not (Incompatible). ForceAdd saves an unfitting vehicle anyway and closes the line
 * without accessories (CompleteIncompatible). Changing the vehicle drops accessories chosen for the old one.
 */
export async function setLineVehicle(
  scope: CartScope,
  id: number,
  vehicleId: number,
  action: AddMode,
): Promise<{ result: Compatibility; cart: CartState }> {
  const vehicle = await vehicleFitmentOf(scope.db, vehicleId);
  let result: Compatibility = 'Incompatible';
  const cart = await writeCart(scope, async (tx) => {
    const line = await lineOf(tx, scope, id);
    const wheel = await wheelOfLine(scope, line.productId);
    if (wheelFits(wheel, vehicle)) result = 'Complete';
    else if (action === 'ForceAdd') result = 'CompleteIncompatible';
    else return;
    await tx.delete(cartItemAccessories).where(eq(cartItemAccessories.cartItemId, id));
    await tx
      .update(cartItems)
      .set({ vehicleId, accessoryStatus: result === 'Complete' ? 'ActionRequired' : 'CompleteInvalidVehicle' })
      .where(eq(cartItems.id, id));
  });
  return { result, cart };
}

async function groupsOfLine(db: Database, scope: CartScope, id: number) {
  const line = await lineOf(db, scope, id);
  const wheel = await wheelOfLine(scope, line.productId);
  if (line.vehicleId === null || line.accessoryStatus === 'CompleteInvalidVehicle') {
    throw problems.conflict('Choose a vehicle the wheel fits first.');
  }
  const vehicle = await vehicleFitmentOf(db, line.vehicleId);
  const model = scope.catalogue;
  const candidates = accessoryCandidates(await model.snapshot(), await model.account(scope.accountId, scope.now));
  const chosen = await db.select().from(cartItemAccessories).where(eq(cartItemAccessories.cartItemId, id));
  return accessoryGroupsFor(wheel, vehicle, line.quantity, candidates, new Set(chosen.map((row) => row.productId)));
}

export async function accessoriesOfLine(scope: CartScope, id: number): Promise<CartAccessories> {
  return { id, groups: await groupsOfLine(scope.db, scope, id) };
}

export function setLineAccessories(scope: CartScope, id: number, productIds: readonly number[]): Promise<CartState> {
  const wanted = new Set(productIds);
  return writeCart(scope, async (tx) => {
    const groups = await groupsOfLine(tx, scope, id);
    const offered = new Set(groups.flatMap((group) => group.accessories.map((accessory) => accessory.id)));
    const unknown = [...wanted].filter((productId) => !offered.has(productId));
    if (unknown.length > 0) {
      throw problems.badRequest('Some accessories are not offered for this wheel.', [
        { name: 'productIds', reason: `Not offered for this wheel: ${unknown.join(', ')}.` },
      ]);
    }
    const rows = groups.flatMap((group) => {
      const picked = group.accessories.filter((accessory) => wanted.has(accessory.id));
      if (group.type === 'SingleSelect' && picked.length > 1) {
        throw problems.badRequest(`Choose one of ${group.name}.`, [
          { name: 'productIds', reason: `Choose only one of ${group.name}.` },
        ]);
      }
      if (group.type === 'SingleSelect' && !group.canOptOut && picked.length === 0) {
        const reason = group.unavailableReason ?? `${group.name} are required for this wheel.`;
        throw problems.badRequest(group.unavailableReason ?? `Choose one of ${group.name}.`, [
          { name: 'productIds', reason },
        ]);
      }
      return picked.map((accessory) => ({ cartItemId: id, productId: accessory.id, groupId: group.groupId }));
    });
    await tx.delete(cartItemAccessories).where(eq(cartItemAccessories.cartItemId, id));
    if (rows.length > 0) await tx.insert(cartItemAccessories).values(rows);
    await tx.update(cartItems).set({ accessoryStatus: 'Complete' }).where(eq(cartItems.id, id));
  });
}

/**
 * 'No Accessories Required': the line is CompleteSkipped and keeps its vehicle. With `optional` the skip only
 * settles a line still needing action (the wizard's intro skips every line but must not undo finished ones).
 */
export function skipLineAccessories(scope: CartScope, id: number, optional: boolean): Promise<CartState> {
  return writeCart(scope, async (tx) => {
    const line = await lineOf(tx, scope, id);
    await wheelOfLine(scope, line.productId);
    if (optional && line.accessoryStatus !== 'ActionRequired') return;
    await tx.delete(cartItemAccessories).where(eq(cartItemAccessories.cartItemId, id));
    await tx.update(cartItems).set({ accessoryStatus: 'CompleteSkipped' }).where(eq(cartItems.id, id));
  });
}
