import { describe, expect, it } from 'vitest';
import { centsOfDecimal, decimalOfCents, formatAud, formatAudCompact, money } from '../../src/domain/money';

describe('money, from integer cents', () => {
  it('formats en-AU dollars with thousands separators and two decimals', () => {
    expect(formatAud(123_450)).toBe('$1,234.50');
    expect(formatAud(5)).toBe('$0.05');
    expect(formatAud(0)).toBe('$0.00');
    expect(formatAud(-3_010)).toBe('-$30.10');
  });

  it('carries an amount as the API does: formatted and in cents', () => {
    expect(money(57_182)).toEqual({ formatted: '$571.82', cents: 57_182 });
  });

  it("shortens an axis label to a chart's width", () => {
    expect(formatAudCompact(123_450)).toBe('$1.2K');
  });

  it("writes and reads a payment provider's decimal string", () => {
    expect(decimalOfCents(12_345)).toBe('123.45');
    expect(decimalOfCents(5)).toBe('0.05');
    expect(centsOfDecimal('123.45')).toBe(12_345);
    expect(centsOfDecimal('123.4')).toBeNull();
    expect(centsOfDecimal('-1.00')).toBeNull();
    expect(centsOfDecimal('123.456')).toBeNull();
    expect(centsOfDecimal('123.45 ')).toBeNull();
  });
});
