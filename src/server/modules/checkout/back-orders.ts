import type { BackOrderLine, CartState } from '../../../contract/cart';
import { BACK_ORDER_CONSENT } from '../../../contract/checkout';
import { type DeliverySource, deliveryPromise } from '../../../domain/delivery-promise';
import { type ShipmentSplit, expectedWords, shipmentSplit, splitOverLines } from '../../../domain/shipment-split';
import { problems } from '../../http/problem';
import type { Shortage, WarehouseLevel } from './stock-allocation';

/** A product the warehouses cannot send in full now, whose rest inbound stock with a date covers. */
export interface ProductBackOrder {
  readonly productId: number;
  readonly sku: string;
  readonly split: ShipmentSplit;
}

/**
 * docs/checkout.md 'Back-orders': each shortage the allocation left, told apart by the one shipmentSplit rule into a
 * back-order (the delivery promise for the whole quantity has a date) or a shortage that cannot be ordered.
 */
export function backOrdersOf(
  accountState: string,
  shortages: readonly Shortage[],
  stock: ReadonlyMap<number, readonly (WarehouseLevel & DeliverySource)[]>,
  now: Date,
): { backOrders: ProductBackOrder[]; shortages: Shortage[] } {
  const backOrders: ProductBackOrder[] = [];
  const left: Shortage[] = [];
  for (const shortage of shortages) {
    const promise = deliveryPromise(accountState, shortage.wanted, stock.get(shortage.productId) ?? [], now);
    const split = shipmentSplit(shortage.wanted, shortage.available, promise);
    if (split) backOrders.push({ productId: shortage.productId, sku: shortage.sku, split });
    else left.push(shortage);
  }
  return { backOrders, shortages: left };
}

/** An order line as far as its split goes: its product and quantity, and the cart line it comes from. */
interface SplittableLine {
  readonly cartItemId: number;
  readonly productId: number;
  readonly sku: string;
  readonly name: string;
  readonly quantity: number;
}

/**
 * Each line's share of its product's back-order, the lines in the order given (a wheel before its accessories, cart
 * order): the first lines ship now and the last units wait. Lines shipping in full answer a split of 0 back-ordered.
 */
export function lineSplitsOf<Line extends SplittableLine>(
  lines: readonly Line[],
  backOrders: readonly ProductBackOrder[],
): ShipmentSplit[] {
  const splits: ShipmentSplit[] = lines.map((line) => ({ shipsNow: line.quantity, backOrder: 0, expectedDate: null }));
  for (const backOrder of backOrders) {
    const at = lines.flatMap((line, index) => (line.productId === backOrder.productId ? [index] : []));
    const shared = splitOverLines(
      at.map((index) => (lines[index] as Line).quantity),
      backOrder.split,
    );
    at.forEach((index, n) => {
      splits[index] = shared[n] as ShipmentSplit;
    });
  }
  return splits;
}

/** The checkout's back-ordered lines, as the page shows them: 'ships now 2, back-order 2, expected 12 Dec'. */
export function backOrderLinesOf(lines: readonly SplittableLine[], splits: readonly ShipmentSplit[]): BackOrderLine[] {
  return lines.flatMap((line, index) => {
    const split = splits[index];
    if (!split || split.backOrder === 0 || split.expectedDate === null) return [];
    return [
      {
        cartItemId: line.cartItemId,
        sku: line.sku,
        name: line.name,
        quantity: line.quantity,
        shipsNow: split.shipsNow,
        backOrder: split.backOrder,
        expectedDate: split.expectedDate,
        expected: expectedWords(split.expectedDate),
      },
    ];
  });
}

/** 'Falken ZE914 205/55R16 (T3): 2 ship now, 2 on back-order expected 12 Dec' */
function backOrderWords(line: BackOrderLine): string {
  return `${line.name} (${line.sku}): ${line.shipsNow} ship now, ${line.backOrder} on back-order ${line.expected}`;
}

/**
 * A back-order is placed only with the customer's consent (`acceptBackOrders`): without it the order is refused,
 * naming each back-ordered line under its field `items[<cartItemId>]`.
 */
export function refuseUnconsentedBackOrders(
  quote: { readonly cart: CartState; readonly data: { readonly backOrders: readonly BackOrderLine[] } },
  accepted: boolean,
): void {
  const lines = quote.data.backOrders;
  if (accepted || lines.length === 0) return;
  const [only] = lines;
  const named = lines.length === 1 && only ? `${backOrderWords(only)}. ` : 'Some items are on back-order. ';
  throw problems.badRequest(
    `${named}Tick '${BACK_ORDER_CONSENT}' to place the order.`,
    lines.map((line) => ({ name: `items[${line.cartItemId}]`, reason: backOrderWords(line) })),
  );
}
