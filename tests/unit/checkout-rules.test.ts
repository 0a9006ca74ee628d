import { describe, expect, it } from 'vitest';
import { type CreditPosition, creditLimitReached } from '../../src/server/modules/account/credit';
import { discountRefusal } from '../../src/server/modules/cart/discount-codes';
import { gstOf } from '../../src/domain/gst';
import { orderTotalsOf } from '../../src/server/modules/checkout/order-totals';
import {
  isRegionalPostcode,
  shipmentsOf,
  shippingMethodsFor,
  splitByWeight,
  warehouseShippingsOf,
} from '../../src/server/modules/checkout/shipping-rules';
import { type WarehouseLevel, allocateStock } from '../../src/server/modules/checkout/stock-allocation';

const level = (
  warehouseId: number,
  warehouseName: string,
  kind: 'own' | 'supplier',
  state: string | null,
  quantity: number,
  sortOrder = warehouseId,
): WarehouseLevel => ({
  warehouseId,
  warehouseName,
  kind,
  state,
  sortOrder,
  quantity,
});
const SYDNEY = (q: number) => level(1, 'SYDNEY', 'own', 'NSW', q);
const MELBOURNE = (q: number) => level(2, 'MELBOURNE', 'own', 'VIC', q);
const PERTH = (q: number) => level(5, 'PERTH', 'own', 'WA', q);
const SUPPLIER = (q: number) => level(10, 'SUPPLIER STOCK', 'supplier', null, q);
const tyre = (productId: number, quantity: number) => ({ productId, sku: `T${productId}`, quantity, isBulkUnit: true });
const DAY = 86_400_000;

describe('stock allocation', () => {
  it('takes the local warehouse first, then the other own warehouses in their order, then supplier stock', () => {
    const stock = new Map([[1, [SUPPLIER(50), PERTH(3), SYDNEY(2), MELBOURNE(4)]]]);
    const { allocations, shortages } = allocateStock('VIC', [tyre(1, 12)], stock);
    expect(allocations.map((a) => [a.warehouseName, a.quantity, a.isLocal])).toEqual([
      ['MELBOURNE', 4, true],
      ['SYDNEY', 2, false],
      ['PERTH', 3, false],
      ['SUPPLIER STOCK', 3, false],
    ]);
    expect(shortages).toEqual([]);
  });

  it('serves states without a warehouse from their neighbour, merges repeated products, and reports what is short', () => {
    const stock = new Map([
      [1, [SYDNEY(5), MELBOURNE(5)]],
      [2, [SUPPLIER(1)]],
    ]);
    const { allocations, shortages } = allocateStock('TAS', [tyre(1, 3), tyre(1, 3), tyre(2, 4), tyre(3, 1)], stock);
    expect(allocations.map((a) => [a.productId, a.warehouseName, a.quantity])).toEqual([
      [1, 'MELBOURNE', 5],
      [1, 'SYDNEY', 1],
      [2, 'SUPPLIER STOCK', 1],
    ]);
    expect(shortages).toEqual([
      { productId: 2, sku: 'T2', wanted: 4, available: 1 },
      { productId: 3, sku: 'T3', wanted: 1, available: 0 },
    ]);
  });
});

describe('shipping rules', () => {
  const shipmentsFor = (state: string, needs: ReturnType<typeof tyre>[], stock: Map<number, WarehouseLevel[]>) =>
    shipmentsOf(allocateStock(state, needs, stock).allocations);
  const fees = (methods: ReturnType<typeof shippingMethodsFor>) =>
    methods.map((m) => [m.shippingRateComputationMethodSystemName, m.feeValue, m.amountSaved]);

  it('Standard: nothing for the local run, $25 per interstate warehouse, $30 for supplier stock, + $20 per warehouse when regional', () => {
    const shipments = shipmentsFor(
      'VIC',
      [tyre(1, 1), tyre(2, 1), tyre(3, 1)],
      new Map([
        [1, [MELBOURNE(1)]],
        [2, [SYDNEY(1)]],
        [3, [SUPPLIER(1)]],
      ]),
    );
    expect(fees(shippingMethodsFor(shipments, false, null))).toEqual([
      ['Shipping.Standard', 5_500, 0],
      ['Shipping.Pickup', 0, 0],
    ]);
    expect(fees(shippingMethodsFor(shipments, true, null))).toEqual([
      ['Shipping.Standard', 11_500, 0],
      ['Shipping.Pickup', 0, 0],
    ]);
  });

  it('free bulk waives the freight of each warehouse shipping 20 or more tyres and wheels; merchandise does not count', () => {
    const stock = new Map([
      [1, [SYDNEY(30)]],
      [2, [SUPPLIER(30)]],
      [9, [SUPPLIER(30)]],
    ]);
    const shipments = shipmentsFor(
      'VIC',
      [tyre(1, 20), tyre(2, 19), { productId: 9, sku: 'M9', quantity: 5, isBulkUnit: false }],
      stock,
    );
    const methods = shippingMethodsFor(shipments, false, 'Shipping.FreeBulk');
    expect(fees(methods)).toEqual([
      ['Shipping.Standard', 5_500, 0],
      ['Shipping.FreeBulk', 3_000, 2_500],
      ['Shipping.Pickup', 0, 0],
    ]);
    expect(methods.find((m) => m.selected)?.shippingRateComputationMethodSystemName).toBe('Shipping.FreeBulk');
    expect(methods[1]?.bulkDeliveryInfos).toEqual([{ quantity: 20, warehouseName: 'SYDNEY', days: 5 }]);
    expect(
      warehouseShippingsOf(shipments, 'Shipping.FreeBulk', false).map((row) => [
        row.sku,
        row.warehouseName,
        row.cost.cents,
      ]),
    ).toEqual([
      ['T1', 'SYDNEY', 0],
      ['T2', 'SUPPLIER STOCK', 2_375],
      ['M9', 'SUPPLIER STOCK', 625],
    ]);
  });

  it('regional free bulk also waives the regional surcharge, and takes 3 days longer; a choice no longer offered falls back to Standard', () => {
    const shipments = shipmentsFor('VIC', [tyre(1, 24)], new Map([[1, [MELBOURNE(24)]]]));
    const metro = shippingMethodsFor(shipments, false, 'Shipping.RegionalFreeBulk');
    expect(fees(metro)).toEqual([
      ['Shipping.Standard', 0, 0],
      ['Shipping.Pickup', 0, 0],
    ]);
    expect(metro[0]?.selected).toBe(true);
    const regional = shippingMethodsFor(shipments, true, 'Shipping.RegionalFreeBulk');
    expect(fees(regional)).toEqual([
      ['Shipping.Standard', 2_000, 0],
      ['Shipping.RegionalFreeBulk', 0, 2_000],
      ['Shipping.Pickup', 0, 0],
    ]);
    expect(regional[1]).toMatchObject({
      selected: true,
      hasRegionalBulkDelivery: true,
      isBulkDelivery: false,
      regionalBulkDeliveryInfos: [{ days: 5 }],
    });
  });

  it('knows regional postcodes from the capital cities’ ranges', () => {
    expect(['3000', '2000', '4000', '5000', '6000', '7000', '0800', '2600'].map(isRegionalPostcode)).toEqual(
      Array(8).fill(false),
    );
    expect(['3550', '2650', '4870', '5290', '6430', '7250', '0870'].map(isRegionalPostcode)).toEqual(
      Array(7).fill(true),
    );
    expect([null, '', '30000', 'ABCD'].map(isRegionalPostcode)).toEqual([false, false, false, false]);
  });

  it('shares a fee over lines by quantity so that the shares add up to it exactly', () => {
    expect(splitByWeight(3_000, [1, 1, 1])).toEqual([1_000, 1_000, 1_000]);
    expect(splitByWeight(1_000, [1, 1, 1])).toEqual([334, 333, 333]);
    expect(splitByWeight(2_500, [3, 0])).toEqual([2_500, 0]);
    expect(splitByWeight(0, [2, 5])).toEqual([0, 0]);
  });
});

describe('totals', () => {
  it('GST is 10% of the GST-exclusive total, half a cent rounding up', () => {
    expect([0, 4, 5, 14, 15, 1_005, 2_010, 12_345].map(gstOf)).toEqual([0, 0, 1, 1, 2, 101, 201, 1_235]);
  });

  it('orders the discount before shipping and GST', () => {
    expect(orderTotalsOf({ subtotalCents: 40_000, discountCents: 4_000, shippingCents: 2_505 })).toEqual({
      subtotalCents: 40_000,
      discountCents: 4_000,
      shippingCents: 2_505,
      taxCents: 3_851,
      totalCents: 42_356,
    });
  });
});

describe('credit limit and discount codes', () => {
  it('is reached with no credit, with all credit used, or when the order would go past the limit', () => {
    const position = (limitCents: number, usedCents: number): CreditPosition => ({
      limitCents,
      usedCents,
      availableCents: Math.max(0, limitCents - usedCents),
    });
    expect(creditLimitReached(position(0, 0))).toBe(true);
    expect(creditLimitReached(position(50_000, 50_000))).toBe(true);
    expect(creditLimitReached(position(50_000, 60_000))).toBe(true);
    expect(creditLimitReached(position(50_000, 10_000), 40_001)).toBe(true);
    expect(creditLimitReached(position(50_000, 10_000), 40_000)).toBe(false);
    expect(creditLimitReached(position(50_000, 10_000))).toBe(false);
  });

  it('gives the reason a code is refused', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const open = { startsAt: null, endsAt: null, usesPerAccount: null, usesInTotal: null };
    const unused = { total: 0, byAccount: 0 };
    expect(discountRefusal(null, unused, now)).toBe('This discount code is not valid.');
    expect(discountRefusal({ ...open, endsAt: new Date(now.getTime() - DAY) }, unused, now)).toBe(
      'This discount code has expired.',
    );
    expect(discountRefusal({ ...open, startsAt: new Date(now.getTime() + DAY) }, unused, now)).toBe(
      'This discount code is not active yet.',
    );
    expect(discountRefusal(open, { total: 1_000, byAccount: 1_000 }, now)).toBeNull();
  });

  it('refuses a code once the orders placed with it reach its limit in total or for the account', () => {
    const now = new Date('2026-11-22T00:00:00Z');
    const limited = { startsAt: null, endsAt: null, usesPerAccount: 2, usesInTotal: 5 };
    expect(discountRefusal(limited, { total: 4, byAccount: 1 }, now)).toBeNull();
    expect(discountRefusal(limited, { total: 5, byAccount: 0 }, now)).toBe('This discount code has been used up.');
    expect(discountRefusal(limited, { total: 4, byAccount: 2 }, now)).toBe(
      'Your account has already used this discount code as often as it may.',
    );
  });
});
