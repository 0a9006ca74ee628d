import { describe, expect, it } from 'vitest';
import { shownPrice, shownPriceMode } from '../../src/domain/shown-price';

const trade = { priceDisplay: 'Trade' as const, priceCents: 14_840, rrpCents: 21_200 };
const rrp = { priceDisplay: 'RRP' as const, priceCents: 21_200, rrpCents: 21_200 };
const hidden = { priceDisplay: 'Hide' as const, priceCents: null, rrpCents: null };

describe('the price a screen or a quote shows', () => {
  it("follows the account's mode by default", () => {
    expect(shownPrice(trade, 'Account')).toEqual({ label: 'Trade', cents: 14_840, rrpCents: 21_200 });
    expect(shownPrice(rrp, 'Account')).toEqual({ label: 'RRP', cents: 21_200, rrpCents: null });
    expect(shownPrice(hidden, 'Account')).toBeNull();
  });

  it('lets the counter switch drop to RRP or hide prices', () => {
    expect(shownPrice(trade, 'RRP')).toEqual({ label: 'RRP', cents: 21_200, rrpCents: null });
    expect(shownPrice(trade, 'Hide')).toBeNull();
    expect(shownPrice(rrp, 'Hide')).toBeNull();
  });

  it('shows the RRP when a trade answer has no trade price, and nothing when there is no RRP either', () => {
    expect(shownPrice({ priceDisplay: 'Trade', priceCents: null, rrpCents: 21_200 }, 'Account')).toEqual({
      label: 'RRP',
      cents: 21_200,
      rrpCents: null,
    });
    expect(shownPrice({ priceDisplay: 'Trade', priceCents: null, rrpCents: null }, 'Account')).toBeNull();
    expect(shownPrice({ priceDisplay: 'RRP', priceCents: null, rrpCents: null }, 'RRP')).toBeNull();
  });

  it('never shows more than the account may see', () => {
    expect(shownPrice(rrp, 'Trade')).toEqual({ label: 'RRP', cents: 21_200, rrpCents: null });
    expect(shownPrice(hidden, 'Trade')).toBeNull();
    expect(shownPrice(hidden, 'RRP')).toBeNull();
  });

  it('answers the mode an order screen shows: the stricter of the account and the counter switch', () => {
    expect(shownPriceMode('Trade', 'Account')).toBe('Trade');
    expect(shownPriceMode('Trade', 'RRP')).toBe('RRP');
    expect(shownPriceMode('Trade', 'Hide')).toBe('Hide');
    expect(shownPriceMode('RRP', 'Trade')).toBe('RRP');
    expect(shownPriceMode('RRP', 'Hide')).toBe('Hide');
    expect(shownPriceMode('Hide', 'Trade')).toBe('Hide');
    expect(shownPriceMode('Hide', 'RRP')).toBe('Hide');
  });
});
