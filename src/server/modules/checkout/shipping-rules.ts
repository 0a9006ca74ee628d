import type { ShippingMethod, ShippingSystemName } from '../../../contract/checkout';
import { formatAud, money } from '../../../domain/money';
import type { Allocation } from './stock-allocation';

/** docs/checkout.md 'Shipping': every figure of the shipping rules, in one place. */
export const SHIPPING = {
  /** Tyres and wheels one warehouse must ship for its freight to be waived. */
  bulkQuantity: 20,
  /** Freight per shipping warehouse under Standard; the local warehouse's own run is free. */
  interstateFreightCents: 2_500,
  supplierFreightCents: 3_000,
  /** Added per shipping warehouse when the delivery postcode is regional. */
  regionalSurchargeCents: 2_000,
  /** Days a free bulk delivery takes from the warehouse (it waits for the next line-haul). */
  bulkDays: { local: 2, own: 5, supplier: 7 },
  /** Extra days a regional free bulk delivery takes on top of the bulk days. */
  regionalExtraDays: 3,
} as const;

export const SHIPPING_NAMES: Record<ShippingSystemName, string> = {
  'Shipping.Standard': 'Standard',
  'Shipping.FreeBulk': 'Free Bulk Delivery',
  'Shipping.RegionalFreeBulk': 'Regional Free Bulk Delivery',
  'Shipping.Pickup': 'Pickup in Store',
};

const DISPLAY_ORDER: Record<ShippingSystemName, number> = {
  'Shipping.Standard': 0,
  'Shipping.FreeBulk': 1,
  'Shipping.RegionalFreeBulk': 2,
  'Shipping.Pickup': 3,
};

/** Capital-city postcode ranges (Australia Post's metropolitan areas); any other valid postcode is regional. */
const METRO_POSTCODES: readonly (readonly [number, number])[] = [
  [800, 832], // Darwin
  [2000, 2234], // Sydney
  [2555, 2574],
  [2740, 2786],
  [2600, 2620], // Canberra
  [2900, 2920],
  [3000, 3207], // Melbourne
  [3335, 3341],
  [3427, 3442],
  [3750, 3810],
  [3910, 3920],
  [3926, 3944],
  [3975, 3978],
  [4000, 4207], // Brisbane
  [4300, 4305],
  [4500, 4519],
  [5000, 5199], // Adelaide
  [6000, 6199], // Perth
  [7000, 7099], // Hobart
];

/** A delivery postcode outside every capital city's metropolitan range; an unknown or missing postcode is not regional. */
export function isRegionalPostcode(postcode: string | null): boolean {
  if (postcode === null || !/^\d{4}$/.test(postcode.trim())) return false;
  const value = Number(postcode.trim());
  return !METRO_POSTCODES.some(([from, to]) => value >= from && value <= to);
}

/** One warehouse's part of the order: what it ships, and whether it ships enough tyres and wheels for bulk. */
export interface Shipment {
  readonly warehouseName: string;
  readonly kind: 'own' | 'supplier';
  readonly isLocal: boolean;
  readonly lines: readonly { sku: string; quantity: number }[];
  readonly bulkUnits: number;
}

export function shipmentsOf(allocations: readonly Allocation[]): Shipment[] {
  const byWarehouse = new Map<
    number,
    {
      warehouseName: string;
      kind: 'own' | 'supplier';
      isLocal: boolean;
      lines: { sku: string; quantity: number }[];
      bulkUnits: number;
    }
  >();
  for (const allocation of allocations) {
    const shipment = byWarehouse.get(allocation.warehouseId) ?? {
      warehouseName: allocation.warehouseName,
      kind: allocation.kind,
      isLocal: allocation.isLocal,
      lines: [],
      bulkUnits: 0,
    };
    shipment.lines.push({ sku: allocation.sku, quantity: allocation.quantity });
    if (allocation.isBulkUnit) shipment.bulkUnits += allocation.quantity;
    byWarehouse.set(allocation.warehouseId, shipment);
  }
  return [...byWarehouse.values()];
}

const freightOf = (shipment: Shipment) =>
  shipment.isLocal ? 0 : shipment.kind === 'own' ? SHIPPING.interstateFreightCents : SHIPPING.supplierFreightCents;

const qualifiesForBulk = (shipment: Shipment) => shipment.bulkUnits >= SHIPPING.bulkQuantity;

const bulkDaysOf = (shipment: Shipment) =>
  shipment.isLocal
    ? SHIPPING.bulkDays.local
    : shipment.kind === 'own'
      ? SHIPPING.bulkDays.own
      : SHIPPING.bulkDays.supplier;

/** What one warehouse's shipment costs under a method, in cents (docs/checkout.md 'Shipping'). */
export function shipmentFee(shipment: Shipment, method: ShippingSystemName, regional: boolean): number {
  const surcharge = regional ? SHIPPING.regionalSurchargeCents : 0;
  switch (method) {
    case 'Shipping.Pickup':
      return 0;
    case 'Shipping.Standard':
      return freightOf(shipment) + surcharge;
    case 'Shipping.FreeBulk':
      return qualifiesForBulk(shipment) ? surcharge : freightOf(shipment) + surcharge;
    case 'Shipping.RegionalFreeBulk':
      return qualifiesForBulk(shipment) ? 0 : freightOf(shipment) + surcharge;
  }
}

const feeOf = (shipments: readonly Shipment[], method: ShippingSystemName, regional: boolean) =>
  shipments.reduce((sum, shipment) => sum + shipmentFee(shipment, method, regional), 0);

/**
 * The shipping methods offered for these shipments: Standard and Pickup always; Free Bulk when waiving the
 * freight of the warehouses that ship the bulk quantity saves something; Regional Free Bulk when the postcode is
 * regional and a warehouse ships the bulk quantity. `chosen` is selected when offered, else Standard.
 */
export function shippingMethodsFor(
  shipments: readonly Shipment[],
  regional: boolean,
  chosen: ShippingSystemName | null,
): ShippingMethod[] {
  const standard = feeOf(shipments, 'Shipping.Standard', regional);
  const bulk = shipments.filter(qualifiesForBulk);
  const offered: ShippingSystemName[] = ['Shipping.Standard'];
  if (standard - feeOf(shipments, 'Shipping.FreeBulk', regional) > 0) offered.push('Shipping.FreeBulk');
  if (regional && bulk.length > 0) offered.push('Shipping.RegionalFreeBulk');
  offered.push('Shipping.Pickup');
  const selected = chosen !== null && offered.includes(chosen) ? chosen : 'Shipping.Standard';
  return offered.map((systemName) => {
    const fee = feeOf(shipments, systemName, regional);
    const isBulk = systemName === 'Shipping.FreeBulk' || systemName === 'Shipping.RegionalFreeBulk';
    return {
      name: SHIPPING_NAMES[systemName],
      fee: formatAud(fee),
      feeValue: fee,
      selected: systemName === selected,
      displayOrder: DISPLAY_ORDER[systemName],
      isBulkDelivery: systemName === 'Shipping.FreeBulk',
      hasRegionalBulkDelivery: systemName === 'Shipping.RegionalFreeBulk',
      amountSaved: isBulk ? standard - fee : 0,
      bulkDeliveryInfos:
        systemName === 'Shipping.FreeBulk'
          ? bulk.map((shipment) => ({
              quantity: shipment.bulkUnits,
              warehouseName: shipment.warehouseName,
              days: bulkDaysOf(shipment),
            }))
          : [],
      regionalBulkDeliveryInfos:
        systemName === 'Shipping.RegionalFreeBulk'
          ? bulk.map((shipment) => ({ days: bulkDaysOf(shipment) + SHIPPING.regionalExtraDays }))
          : [],
      shippingRateComputationMethodSystemName: systemName,
      isPickupInStore: systemName === 'Shipping.Pickup',
    };
  });
}

/** Splits `total` over parts in proportion to their weights, largest remainder first, so the parts sum to it exactly. */
export function splitByWeight(total: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  if (sum === 0) return weights.map(() => 0);
  const exact = weights.map((weight) => (total * weight) / sum);
  const parts = exact.map(Math.floor);
  const order = exact
    .map((value, index) => ({ index, remainder: value - Math.floor(value) }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  for (let left = total - parts.reduce((a, b) => a + b, 0), n = 0; left > 0; left -= 1, n += 1) {
    const target = order[n % order.length] as { index: number };
    parts[target.index] = (parts[target.index] as number) + 1;
  }
  return parts;
}

/**
 * SPEC.md §3 'warehouseShippings': which warehouse ships how many of each sku, and its cost: the warehouse's fee
 * under the chosen method, shared over its lines by quantity (the costs add up to the shipping total).
 */
export function warehouseShippingsOf(shipments: readonly Shipment[], method: ShippingSystemName, regional: boolean) {
  return shipments.flatMap((shipment) => {
    const costs = splitByWeight(
      shipmentFee(shipment, method, regional),
      shipment.lines.map((line) => line.quantity),
    );
    return shipment.lines.map((line, index) => {
      const cents = costs[index] ?? 0;
      return {
        quantity: line.quantity,
        sku: line.sku,
        warehouseName: shipment.warehouseName,
        cost: money(cents),
      };
    });
  });
}
