import { describe, expect, it } from 'vitest';
import { type CustomerPrice, appliedUnitCents, priceBreaks } from '../../src/domain/applied-price';

const price = (values: Partial<CustomerPrice> & Pick<CustomerPrice, 'priceCents'>): CustomerPrice => ({
  minQuantity: 1,
  validFrom: null,
  validTo: null,
  ...values,
});

/** Base trade $200.00 with a 10% brand tier discount: $180.00 without a price of the account's own. */
const basis = (customerPrices: CustomerPrice[]) => ({ tradeCents: 20_000, discountBasisPoints: 1_000, customerPrices });

describe('the unit price an account pays', () => {
  it('is the base trade price less the brand tier discount without a price of its own', () => {
    expect(appliedUnitCents(basis([]), 1, '2026-11-22')).toBe(18_000);
    expect(
      appliedUnitCents({ tradeCents: 10_005, discountBasisPoints: 750, customerPrices: [] }, 1, '2026-11-22'),
    ).toBe(9_255);
  });

  it("is the account's own price, even above the tier's", () => {
    expect(appliedUnitCents(basis([price({ priceCents: 15_000 })]), 1, '2026-11-22')).toBe(15_000);
    expect(appliedUnitCents(basis([price({ priceCents: 19_000 })]), 1, '2026-11-22')).toBe(19_000);
  });

  it('takes an own price only on the dates of its window, both ends included, an empty end open', () => {
    const windowed = basis([price({ priceCents: 15_000, validFrom: '2026-11-01', validTo: '2026-11-30' })]);
    expect(appliedUnitCents(windowed, 1, '2026-10-31')).toBe(18_000);
    expect(appliedUnitCents(windowed, 1, '2026-11-01')).toBe(15_000);
    expect(appliedUnitCents(windowed, 1, '2026-11-30')).toBe(15_000);
    expect(appliedUnitCents(windowed, 1, '2026-12-01')).toBe(18_000);
    const fromOnly = basis([price({ priceCents: 15_000, validFrom: '2026-11-01' })]);
    expect(appliedUnitCents(fromOnly, 1, '2099-01-01')).toBe(15_000);
    const toOnly = basis([price({ priceCents: 15_000, validTo: '2026-11-30' })]);
    expect(appliedUnitCents(toOnly, 1, '2000-01-01')).toBe(15_000);
  });

  it('takes a quantity break from its quantity, the highest minimum reached winning', () => {
    const breaks = basis([
      price({ priceCents: 17_000 }),
      price({ priceCents: 16_000, minQuantity: 4 }),
      price({ priceCents: 15_000, minQuantity: 8 }),
    ]);
    expect(appliedUnitCents(breaks, 1, '2026-11-22')).toBe(17_000);
    expect(appliedUnitCents(breaks, 3, '2026-11-22')).toBe(17_000);
    expect(appliedUnitCents(breaks, 4, '2026-11-22')).toBe(16_000);
    expect(appliedUnitCents(breaks, 7, '2026-11-22')).toBe(16_000);
    expect(appliedUnitCents(breaks, 8, '2026-11-22')).toBe(15_000);
  });

  it('falls back to the tier below the lowest break of its own', () => {
    const onlyFromFour = basis([price({ priceCents: 16_000, minQuantity: 4 })]);
    expect(appliedUnitCents(onlyFromFour, 3, '2026-11-22')).toBe(18_000);
    expect(appliedUnitCents(onlyFromFour, 4, '2026-11-22')).toBe(16_000);
  });

  it('takes the latest start among prices of one minimum whose windows overlap', () => {
    const overlapping = basis([
      price({ priceCents: 17_000, validFrom: '2026-01-01' }),
      price({ priceCents: 16_500, validFrom: '2026-11-15', validTo: '2026-11-30' }),
      price({ priceCents: 16_900 }),
    ]);
    expect(appliedUnitCents(overlapping, 1, '2026-11-14')).toBe(17_000);
    expect(appliedUnitCents(overlapping, 1, '2026-11-15')).toBe(16_500);
    expect(appliedUnitCents(overlapping, 1, '2026-12-01')).toBe(17_000);
    expect(appliedUnitCents(overlapping, 1, '2025-12-31')).toBe(16_900);
  });

  it('a higher minimum beats a later start', () => {
    const both = basis([
      price({ priceCents: 16_000, minQuantity: 4, validFrom: '2026-01-01' }),
      price({ priceCents: 17_500, minQuantity: 2, validFrom: '2026-11-01' }),
    ]);
    expect(appliedUnitCents(both, 4, '2026-11-22')).toBe(16_000);
  });
});

describe('the price breaks a product card shows', () => {
  it('lists the breaks from the smallest quantity up, whatever order the prices come in', () => {
    const unordered = basis([
      price({ minQuantity: 8, priceCents: 15_000 }),
      price({ minQuantity: 20, priceCents: 14_000 }),
      price({ minQuantity: 4, priceCents: 16_000 }),
    ]);
    expect(priceBreaks(unordered, '2026-11-22')).toEqual([
      { minQuantity: 4, priceCents: 16_000 },
      { minQuantity: 8, priceCents: 15_000 },
      { minQuantity: 20, priceCents: 14_000 },
    ]);
  });

  it('lists each quantity from which the price changes on the date, at its price', () => {
    const breaks = basis([
      price({ priceCents: 17_000 }),
      price({ priceCents: 16_000, minQuantity: 4 }),
      price({ priceCents: 16_000, minQuantity: 6 }),
      price({ priceCents: 15_000, minQuantity: 8, validTo: '2026-11-01' }),
    ]);
    expect(priceBreaks(breaks, '2026-11-22')).toEqual([{ minQuantity: 4, priceCents: 16_000 }]);
    expect(priceBreaks(breaks, '2026-10-22')).toEqual([
      { minQuantity: 4, priceCents: 16_000 },
      { minQuantity: 8, priceCents: 15_000 },
    ]);
    expect(priceBreaks(basis([]), '2026-11-22')).toEqual([]);
  });
});
