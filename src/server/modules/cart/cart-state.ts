import type { AccessoryInfo, CartItem, CartState } from '../../../contract/cart';
import { ownStockQuantity } from '../../../domain/stock-availability';
import { accountCents } from '../catalogue/catalogue-answers';
import { type FoundProduct, findProduct, productSizeText, tradeFieldsOfFound } from '../catalogue/catalogue-product-lookup';
import type { AccountPricing } from '../catalogue/catalogue-read-model';
import { type CatalogueSnapshot, type MerchandiseRecord, stockOf } from '../catalogue/catalogue-snapshot';
import { type AccessoryCandidate, accessoryQuantity, groupPosition } from './accessory-groups';
import type { StoredCart, StoredLine } from './cart-lines';
import { formatAud } from './format-aud';
import { basisPointsOf, buyXGetYFree } from './line-promotions';

const ACCESSORY_SUBCATEGORIES = new Set(['wheel-nuts', 'wheel-bolts', 'wheel-locks', 'hub-rings', 'tpms-sensors', 'valves']);

/** The wheel accessories of the catalogue with the account's price and whether any own warehouse holds them. */
export function accessoryCandidates(snapshot: CatalogueSnapshot, account: AccountPricing): AccessoryCandidate[] {
  const table = snapshot.merchandise;
  return table.items.flatMap((record: MerchandiseRecord, slot) =>
    ACCESSORY_SUBCATEGORIES.has(record.subcategory.slug)
      ? [{ record, unitCents: accountCents(record, account), inStock: ownStockQuantity(stockOf(snapshot, table, slot)) > 0 }]
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
  return { brand: w.brand, color: w.colour, performance: w.performance, size: w.size, width: w.width, pcds: [...w.pcds], offset: w.offset };
}

function accessoryInfoOf(line: StoredLine, cart: StoredCart, snapshot: CatalogueSnapshot, account: AccountPricing): AccessoryInfo {
  const vehicle = line.vehicleId === null ? undefined : cart.vehicles.get(line.vehicleId);
  const accessories = vehicle
    ? line.accessories.flatMap((chosen) => {
        const found = findProduct(snapshot, chosen.productId);
        if (found?.kind !== 'Merchandise') return [];
        const quantity = accessoryQuantity(chosen.groupId, line.quantity, vehicle, found.record.specs);
        const position = groupPosition(chosen.groupId);
        return [{ name: found.record.name, sku: found.record.sku, quantity, cents: accountCents(found.record, account) * quantity, position }];
      })
    : [];
  accessories.sort((a, b) => a.position - b.position || a.name.localeCompare(b.name));
  const subTotalValue = accessories.reduce((sum, accessory) => sum + accessory.cents, 0);
  return {
    vehicleId: vehicle?.id ?? null,
    vehicleMake: vehicle?.makeName ?? null,
    vehicleModel: vehicle?.model ?? null,
    vehicleSeries: vehicle?.series ?? null,
    accessories: accessories.map(({ name, sku, quantity }) => ({ name, sku, quantity })),
    subTotal: formatAud(subTotalValue),
    subTotalValue,
  };
}

function cartItemOf(line: StoredLine, found: FoundProduct, cart: StoredCart, snapshot: CatalogueSnapshot, account: AccountPricing, now: Date): CartItem {
  const fields = tradeFieldsOfFound(snapshot, found, account, now);
  const unit = accountCents(found.record, account);
  const gross = unit * line.quantity;
  const offer = fields.promotions
    .filter((promotion) => promotion.kind === 'BuyXGetYFree')
    .map((promotion) => cart.buyXGetY.get(promotion.id))
    .find((found) => found !== undefined);
  const bxgy = offer ? buyXGetYFree(line.quantity, offer) : { freeItems: 0, remaining: 0 };
  const promotionCents = bxgy.freeItems * unit;
  const discountValue = promotionCents + (cart.discount ? basisPointsOf(gross - promotionCents, cart.discount.basisPoints) : 0);
  const subTotalValue = gross - discountValue;
  const labels = fields.promotions.map((promotion) => promotion.label);
  return {
    id: line.id,
    productId: found.record.id,
    productType: found.kind,
    productName: found.record.name,
    sku: found.record.sku,
    quantity: line.quantity,
    unitPrice: formatAud(unit),
    unitPriceValue: unit,
    subTotal: formatAud(subTotalValue),
    subTotalValue,
    discount: discountValue > 0 ? formatAud(discountValue) : null,
    discountValue,
    promotionDiscountLabel: labels.length > 0 ? labels.join(', ') : null,
    isCashBack4Eligible: fields.isCashBack4Eligible,
    isBuyXGetYFreeEligible: fields.isBuyXGetYFreeEligible,
    buyXGetYFreeItemRemaining: bxgy.remaining,
    picture: { imageUrl: found.record.imageUrl, alternateText: found.record.name, title: found.record.name },
    tyre: tyreOf(found),
    wheel: wheelOf(found),
    accessoryStatus: found.kind === 'Wheel' ? line.accessoryStatus : 'None',
    accessoryInfo: found.kind === 'Wheel' ? accessoryInfoOf(line, cart, snapshot, account) : null,
    stock: { stockQuantity: fields.stockQuantity, stockType: fields.stockType, inventories: fields.inventories },
  };
}

/**
 * The cart as SPEC.md §3 describes it, priced for the account now. A line whose product has left the catalogue
 * is not shown (and cannot be ordered).
 */
export function cartStateOf(cart: StoredCart, snapshot: CatalogueSnapshot, account: AccountPricing, now: Date): CartState {
  const items = cart.lines.flatMap((line) => {
    const found = findProduct(snapshot, line.productId);
    return found ? [cartItemOf(line, found, cart, snapshot, account, now)] : [];
  });
  const subTotalValue = items.reduce((sum, item) => sum + item.subTotalValue + (item.accessoryInfo?.subTotalValue ?? 0), 0);
  return {
    items,
    totalProducts: items.reduce((sum, item) => sum + item.quantity, 0),
    subTotal: formatAud(subTotalValue),
    subTotalValue,
    discountCode: cart.discount?.code ?? null,
  };
}
