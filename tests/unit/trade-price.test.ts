import { describe, expect, it } from 'vitest';
import { accountTradeCents, displayedPrice, quotedUnitCents } from '../../src/domain/trade-price';

/** DESIGN.md §5: the account's price is trade less its brand tier; what each price display mode shows and answers. */
describe('trade price', () => {
  it('takes the brand discount off the trade price, rounded to the nearest cent', () => {
    expect(accountTradeCents(20_000, 0)).toBe(20_000);
    expect(accountTradeCents(20_000, 1_500)).toBe(17_000);
    // 12,345 × 0.925 = 11,419.125 → 11,419; 12,347 × 0.925 = 11,420.975 → 11,421.
    expect(accountTradeCents(12_345, 750)).toBe(11_419);
    expect(accountTradeCents(12_347, 750)).toBe(11_421);
    // 1,005 × 0.95 = 954.75 → 955 (half cents round up).
    expect(accountTradeCents(1_005, 500)).toBe(955);
    expect(accountTradeCents(999, 10_000)).toBe(0);
  });

  it('shows the account price with RRP beside it (Trade), the RRP alone (RRP), or nothing (Hide)', () => {
    expect(displayedPrice('Trade', 25_000, 18_000)).toEqual({ mode: 'Trade', priceCents: 18_000, rrpCents: 25_000 });
    expect(displayedPrice('RRP', 25_000, 18_000)).toEqual({ mode: 'RRP', priceCents: 25_000, rrpCents: 25_000 });
    expect(displayedPrice('Hide', 25_000, 18_000)).toEqual({ mode: 'Hide', priceCents: null, rrpCents: null });
  });

  it('quotes an RRP account the RRP and never the trade price; Trade and Hide accounts the trade price', () => {
    expect(quotedUnitCents('Trade', 25_000, 18_000)).toBe(18_000);
    expect(quotedUnitCents('RRP', 25_000, 18_000)).toBe(25_000);
    expect(quotedUnitCents('Hide', 25_000, 18_000)).toBe(18_000);
  });
});
