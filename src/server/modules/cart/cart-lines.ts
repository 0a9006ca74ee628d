import { asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import {
  type AccessoryStatus,
  cartItemAccessories,
  cartItems,
  carts,
  discountCodes,
  products,
  promotions,
} from '../../db/schema';
import type { VehicleFitment } from '../vehicle/wheel-fitment';
import { vehicleFitments } from '../vehicle/vehicle-fitments';
import { isDiscountCodeActive } from './discount-codes';

export interface StoredLine {
  readonly id: number;
  readonly productId: number;
  /** The product's SKU and name as the database has them, for a line whose product the catalogue no longer holds. */
  readonly sku: string;
  readonly productName: string;
  readonly quantity: number;
  readonly vehicleId: number | null;
  readonly accessoryStatus: AccessoryStatus;
  readonly accessories: readonly { productId: number; groupId: string }[];
}

export interface StoredCart {
  readonly lines: readonly StoredLine[];
  readonly discount: { code: string; label: string; basisPoints: number } | null;
  readonly vehicles: ReadonlyMap<number, VehicleFitment>;
  /** Buy and free quantities of the buy-X-get-Y promotions the lines' products carry. */
  readonly buyXGetY: ReadonlyMap<number, { buy: number; free: number }>;
}

/** Everything of one user's cart the database holds, in the order the lines were added. */
export async function loadStoredCart(db: Database, userId: number, now: Date): Promise<StoredCart> {
  const [cart] = await db.select().from(carts).where(eq(carts.userId, userId));
  const items = (
    await db
      .select({ item: cartItems, sku: products.sku, productName: products.name })
      .from(cartItems)
      .innerJoin(products, eq(products.id, cartItems.productId))
      .where(eq(cartItems.userId, userId))
      .orderBy(asc(cartItems.id))
  ).map(({ item, sku, productName }) => ({ ...item, sku, productName }));
  const chosen =
    items.length === 0
      ? []
      : await db
          .select()
          .from(cartItemAccessories)
          .where(
            inArray(
              cartItemAccessories.cartItemId,
              items.map((item) => item.id),
            ),
          );
  const fitments = await vehicleFitments(
    db,
    items.flatMap((item) => (item.vehicleId === null ? [] : [item.vehicleId])),
  );
  const [code] = cart?.discountCode
    ? await db.select().from(discountCodes).where(eq(discountCodes.code, cart.discountCode))
    : [];
  const offers = await db.select().from(promotions).where(eq(promotions.kind, 'BuyXGetYFree'));
  return {
    lines: items.map((item) => ({
      id: item.id,
      productId: item.productId,
      sku: item.sku,
      productName: item.productName,
      quantity: item.quantity,
      vehicleId: item.vehicleId,
      accessoryStatus: item.accessoryStatus,
      accessories: chosen
        .filter((row) => row.cartItemId === item.id)
        .map((row) => ({ productId: row.productId, groupId: row.groupId })),
    })),
    discount:
      code && isDiscountCodeActive(code, now)
        ? { code: code.code, label: code.label, basisPoints: code.discountBasisPoints }
        : null,
    vehicles: fitments,
    buyXGetY: new Map(
      offers.map((offer) => [offer.id, { buy: offer.buyQuantity ?? 0, free: offer.freeQuantity ?? 0 }]),
    ),
  };
}

export async function discountCodeRow(db: Database, code: string) {
  const [row] = await db.select().from(discountCodes).where(eq(discountCodes.code, code));
  return row ?? null;
}
