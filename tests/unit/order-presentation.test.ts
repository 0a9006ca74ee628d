import { describe, expect, it } from 'vitest';
import { type LineInput, presentOrder } from '../../src/server/modules/checkout/order-presentation';

const wheel: LineInput = {
  id: 1,
  sku: 'W1',
  name: 'Wheel',
  quantity: 4,
  unitCents: 28_005,
  discountCents: 11_202,
  rrpUnitCents: 40_000,
  vehicle: 'Ford Ranger PX3 XLT',
  accessories: [
    { sku: 'N1', name: 'Nut', quantity: 24, unitCents: 215, discountCents: 516, rrpUnitCents: 300 },
    { sku: 'L1', name: 'Lock', quantity: 1, unitCents: 6_005, discountCents: 601, rrpUnitCents: 12_000 },
  ],
};

describe('presentOrder: the one place an order is added up', () => {
  it('prices every row at quantity × unit, takes one discount line off, adds freight and GST once, to the cent', () => {
    const { presentation, totals } = presentOrder({
      priceDisplay: 'Trade',
      lines: [wheel],
      discountCode: 'SAVE10',
      shipping: { name: 'Standard', cents: 2_500 },
    });
    const line = presentation.lines[0];
    expect(line?.amount.cents).toBe(112_020);
    expect(line?.accessories.map((row) => row.amount.cents)).toEqual([5_160, 6_005]);
    expect(presentation.linesTotal.cents).toBe(112_020 + 5_160 + 6_005);
    expect(presentation.discount).toEqual({
      label: 'Discount (code SAVE10)',
      amount: { cents: 12_319, formatted: '$123.19' },
    });
    expect(presentation.subtotal.cents).toBe(123_185 - 12_319);
    // GST on 110,866 + 2,500 = 113,366: 11,336.6 → 11,337 (half up).
    expect(presentation.gst?.cents).toBe(11_337);
    expect(presentation.total?.cents).toBe(113_366 + 11_337);
    expect(totals).toEqual({
      subtotalCents: 123_185,
      discountCents: 12_319,
      shippingCents: 2_500,
      taxCents: 11_337,
      totalCents: 124_703,
    });
    expect(presentation.rrpTotal?.cents).toBe(160_000 + 7_200 + 12_000);
  });

  it('stops at the subtotal for the cart, and carries no RRP for an account that hides prices', () => {
    const { presentation } = presentOrder({ priceDisplay: 'Hide', lines: [wheel], discountCode: null, shipping: null });
    expect(presentation).toMatchObject({
      shipping: null,
      gst: null,
      total: null,
      rrpTotal: null,
      priceDisplay: 'Hide',
    });
    expect(presentation.discount?.label).toBe('Discount (promotions)');
    expect(presentation.lines[0]?.rrpUnitPrice).toBeNull();
  });
});
