import { describe, expect, it } from 'vitest';
import { isWithinDisplayWindow } from '../../src/domain/notification-window';

const now = new Date('2026-11-22T10:00:00+11:00');

describe('notification display window', () => {
  it('shows within both dates, inclusive', () => {
    expect(
      isWithinDisplayWindow({ startDate: '2026-11-22T10:00:00+11:00', endDate: '2026-11-22T10:00:00+11:00' }, now),
    ).toBe(true);
  });

  it('hides before the start and after the end', () => {
    expect(isWithinDisplayWindow({ startDate: '2026-11-22T10:00:01+11:00', endDate: null }, now)).toBe(false);
    expect(isWithinDisplayWindow({ startDate: null, endDate: '2026-11-22T09:59:59+11:00' }, now)).toBe(false);
  });

  it('treats a missing date as an open end', () => {
    expect(isWithinDisplayWindow({ startDate: null, endDate: null }, now)).toBe(true);
    expect(isWithinDisplayWindow({ startDate: '2020-01-01T00:00:00Z', endDate: null }, now)).toBe(true);
    expect(isWithinDisplayWindow({ startDate: null, endDate: '2030-01-01T00:00:00Z' }, now)).toBe(true);
  });

  it('compares instants, whatever the offsets', () => {
    expect(isWithinDisplayWindow({ startDate: '2026-11-21T23:00:00Z', endDate: null }, now)).toBe(true);
    expect(isWithinDisplayWindow({ startDate: '2026-11-21T23:00:01Z', endDate: null }, now)).toBe(false);
  });
});
