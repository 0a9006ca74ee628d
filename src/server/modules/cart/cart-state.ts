import type { AccessoryInfo, CartItem, CartState, CartUnavailableItem } from '../../../contract/cart';
import { ownStockQuantity } from '../../../domain/stock-availability';
import { accountCents } from '../catalogue/catalogue-answers';
import {
  type FoundProduct,
  findProduct,
  productSizeText,
  tradeFieldsOfFound,
} from '../catalogue/catalogue-product-lookup';
import type { AccountPricing } from '../catalogue/catalogue-read-model';
import { type CatalogueSnapshot, stockOf } from '../catalogue/catalogue-snapshot';
import type { MerchandiseRecord } from '../catalogue/catalogue-records';
import { NO_LONGER_AVAILABLE } from '../catalogue/retired-products';
import { type AccessoryCandidate, accessoryQuantity, groupPosition } from './accessory-groups';
import type { StoredCart, StoredLine } from './cart-lines';
import { formatAud } from '../../../domain/money';
import {
  type CatalogueLineInput,
  type CatalogueRowInput,
  lineAsQuoted,
  presentQuote,
  rowAsQuoted,
} from '../checkout/order-presentation';
import { quotedUnitCents } from '../../../domain/trade-price';
import { basisPointsOf, buyXGetYFree } from './line-promotions';

const ACCESSORY_SUBCATEGORIES = new Set([
  'wheel-nuts',
  'wheel-bolts',
  'wheel-locks',
  'hub-rings',
  'tpms-sensors',
  'valves',
]);

/**
 * The wheel accessories of the catalogue at the price the account sees (an RRP account's is the RRP, as in the
 * catalogue) and what the own warehouses hold.
 */
export function accessoryCandidates(snapshot: CatalogueSnapshot, account: AccountPricing): AccessoryCandidate[] {
  const table = snapshot.merchandise;
  return table.items.flatMap((record: MerchandiseRecord, slot) =>
    ACCESSORY_SUBCATEGORIES.has(record.subcategory.slug)
      ? [
          {
            record,
            unitCentsAt: (quantity: number) =>
              quotedUnitCents(account.priceDisplay, record.rrpCents, accountCents(record, account, quantity)),
            rrpUnitCents: account.priceDisplay === 'Hide' ? null : record.rrpCents,
            ownStock: ownStockQuantity(stockOf(snapshot, table, slot)),
          },
        ]
      : [],
  );
}

function tyreOf(found: FoundProduct): CartItem['tyre'] {
  if (found.kind !== 'Tyre') return null;
  const t = found.record;
  const attributes = [t.category, t.season, ...(t.runFlat ? ['Run Flat'] : []), ...(t.extraLoad ? ['Extra Load'] : [])];
  return {
    brand: t.brand,
    width: t.width,
    profile: t.profile,
    diameter: t.diameter,
    loadRating: t.loadRating,
    speedRatingBase: t.speedRating,
    fullSpecificationDisplay: productSizeText(found),
    attributes,
  };
}

function wheelOf(found: FoundProduct): CartItem['wheel'] {
  if (found.kind !== 'Wheel') return null;
  const w = found.record;
  return {
    brand: w.brand,
    color: w.colour,
    performance: w.performance,
    size: w.size,
    width: w.width,
    pcds: [...w.pcds],
    offset: w.offset,
  };
}

interface PricedAccessories {
  readonly info: AccessoryInfo;
  readonly rows: readonly CatalogueRowInput[];
}

/** The discount code's share of a row: its percentage of the row, rounded half up to the cent (docs/checkout.md). */
function codeDiscountOf(cents: number, cart: StoredCart): number {
  return cart.discount ? basisPointsOf(cents, cart.discount.basisPoints) : 0;
}

function accessoriesOf(
  line: StoredLine,
  cart: StoredCart,
  snapshot: CatalogueSnapshot,
  account: AccountPricing,
): PricedAccessories {
  const vehicle = line.vehicleId === null ? undefined : cart.vehicles.get(line.vehicleId);
  const accessories = vehicle
    ? line.accessories.flatMap((chosen) => {
        const found = findProduct(snapshot, chosen.productId);
        if (found?.kind !== 'Merchandise') return [];
        const quantity = accessoryQuantity(chosen.groupId, line.quantity, vehicle, found.record.specs);
        const unitCents = accountCents(found.record, account, quantity);
        const row: CatalogueRowInput = {
          sku: found.record.sku,
          name: found.record.name,
          quantity,
          unitCents,
          discountCents: codeDiscountOf(unitCents * quantity, cart),
          rrpUnitCents: found.record.rrpCents,
        };
        return [{ row, position: groupPosition(chosen.groupId) }];
      })
    : [];
  accessories.sort((a, b) => a.position - b.position || a.row.name.localeCompare(b.row.name));
  const rows = accessories.map((accessory) => accessory.row);
  // After each accessory's discount, like the item's own subTotal, so the items add up to the cart's subTotal.
  const subTotalValue = rows.reduce((sum, row) => {
    const quoted = rowAsQuoted(row, account.priceDisplay);
    return sum + quoted.unitCents * quoted.quantity - quoted.discountCents;
  }, 0);
  return {
    rows,
    info: {
      vehicleId: vehicle?.id ?? null,
      vehicleMake: vehicle?.makeName ?? null,
      vehicleModel: vehicle?.model ?? null,
      vehicleSeries: vehicle?.series ?? null,
      accessories: rows.map(({ name, sku, quantity }) => ({ name, sku, quantity })),
      subTotal: formatAud(subTotalValue),
      subTotalValue,
    },
  };
}

interface PricedItem {
  readonly item: CartItem;
  readonly line: CatalogueLineInput;
}

function pricedItemOf(
  line: StoredLine,
  found: FoundProduct,
  cart: StoredCart,
  snapshot: CatalogueSnapshot,
  account: AccountPricing,
  now: Date,
): PricedItem {
  const fields = tradeFieldsOfFound(snapshot, found, account, now, line.quantity);
  const unit = accountCents(found.record, account, line.quantity);
  const gross = unit * line.quantity;
  const offer = fields.promotions
    .filter((promotion) => promotion.kind === 'BuyXGetYFree')
    .map((promotion) => cart.buyXGetY.get(promotion.id))
    .find((found) => found !== undefined);
  const bxgy = offer ? buyXGetYFree(line.quantity, offer) : { freeItems: 0, remaining: 0 };
  const promotionCents = bxgy.freeItems * unit;
  const discountValue = promotionCents + codeDiscountOf(gross - promotionCents, cart);
  const labels = fields.promotions.map((promotion) => promotion.label);
  const accessories = found.kind === 'Wheel' ? accessoriesOf(line, cart, snapshot, account) : null;
  const info = accessories?.info ?? null;
  const vehicle =
    info?.vehicleId != null
      ? [info.vehicleMake, info.vehicleModel, info.vehicleSeries].filter(Boolean).join(' ')
      : null;
  const priced: CatalogueLineInput = {
    id: line.id,
    sku: found.record.sku,
    name: found.record.name,
    quantity: line.quantity,
    unitCents: unit,
    discountCents: discountValue,
    rrpUnitCents: found.record.rrpCents,
    vehicle,
    accessories: accessories?.rows ?? [],
  };
  const quoted = lineAsQuoted(priced, account.priceDisplay);
  const item: CartItem = {
    id: line.id,
    productId: found.record.id,
    productType: found.kind,
    productName: found.record.name,
    sku: found.record.sku,
    quantity: line.quantity,
    unitPrice: formatAud(quoted.unitCents),
    unitPriceValue: quoted.unitCents,
    subTotal: formatAud(quoted.unitCents * quoted.quantity - quoted.discountCents),
    subTotalValue: quoted.unitCents * quoted.quantity - quoted.discountCents,
    discount: quoted.discountCents > 0 ? formatAud(quoted.discountCents) : null,
    discountValue: quoted.discountCents,
    promotionDiscountLabel: labels.length > 0 ? labels.join(', ') : null,
    isCashBack4Eligible: fields.isCashBack4Eligible,
    isBuyXGetYFreeEligible: fields.isBuyXGetYFreeEligible,
    buyXGetYFreeItemRemaining: bxgy.remaining,
    picture: { imageUrl: found.record.imageUrl, alternateText: found.record.name, title: found.record.name },
    tyre: tyreOf(found),
    wheel: wheelOf(found),
    accessoryStatus: found.kind === 'Wheel' ? line.accessoryStatus : 'None',
    accessoryInfo: info,
    stock: {
      stockQuantity: fields.stockQuantity,
      localStockQuantity: fields.localStockQuantity,
      stockType: fields.stockType,
      inventories: fields.inventories,
    },
    delivery: fields.delivery,
  };
  return { item, line: priced };
}

/** The cart priced for the account: its answer and the rows its presentation (and an order) are made of. */
export interface PricedCart {
  /** The answer but for its back-orders, which need the stock rows (cartBackOrders, checkout-quote.ts). */
  readonly state: Omit<CartState, 'backOrders'>;
  /** The lines at the account's own prices, as an order stores them, whatever the account is shown. */
  readonly lines: readonly CatalogueLineInput[];
}

export function pricedCartOf(
  cart: StoredCart,
  snapshot: CatalogueSnapshot,
  account: AccountPricing,
  now: Date,
): PricedCart {
  const priced: PricedItem[] = [];
  const unavailableItems: CartUnavailableItem[] = [];
  for (const line of cart.lines) {
    const found = findProduct(snapshot, line.productId);
    if (found) priced.push(pricedItemOf(line, found, cart, snapshot, account, now));
    else
      unavailableItems.push({
        id: line.id,
        productId: line.productId,
        productName: line.productName,
        sku: line.sku,
        quantity: line.quantity,
        reason: NO_LONGER_AVAILABLE,
      });
  }
  const items = priced.map((entry) => entry.item);
  const lines = priced.map((entry) => entry.line);
  const { presentation } = presentQuote({
    priceDisplay: account.priceDisplay,
    lines,
    discountCode: cart.discount?.code ?? null,
    shipping: null,
  });
  return {
    lines,
    state: {
      items,
      unavailableItems,
      totalProducts: [...items, ...unavailableItems].reduce((sum, item) => sum + item.quantity, 0),
      subTotal: presentation.subtotal.formatted,
      subTotalValue: presentation.subtotal.cents,
      discountCode: cart.discount?.code ?? null,
      presentation,
    },
  };
}
