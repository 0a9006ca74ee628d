import { describe, expect, it } from 'vitest';
import {
  browserTimeZone,
  clientTime,
  formatDate,
  formatLongDate,
  formatLongDateTime,
  timezoneOffsetMinutes,
} from '../../src/web/dates/dates';

describe("the browser's dates (dayjs)", () => {
  it('shows an instant as an en-AU date', () => {
    // Noon UTC is the same calendar day in every zone from UTC−11 to UTC+11.
    expect(formatDate('2026-11-22T12:00:00.000Z')).toBe('22 Nov 2026');
    expect(formatDate('2027-01-05T12:00:00.000Z')).toBe('5 Jan 2027');
    expect(formatDate('2026-09-15T12:00:00.000Z')).toBe('15 Sept 2026');
    expect(formatDate('2026-06-15T12:00:00.000Z')).toBe('15 June 2026');
  });

  it("sends the browser's offset east of UTC and its IANA zone", () => {
    const at = new Date('2026-01-15T00:00:00.000Z');
    expect(timezoneOffsetMinutes(at)).toBe(-at.getTimezoneOffset());
    expect(browserTimeZone()).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
});

describe("the browser's payment clock and long dates (dayjs)", () => {
  it("sends the browser's local date-time and zone with a payment", () => {
    const at = new Date(2026, 10, 22, 9, 5, 7);
    expect(clientTime(at)).toEqual({ clientDateTime: '2026-11-22T09:05:07', timezone: browserTimeZone() });
  });

  it('shows long en-AU dates', () => {
    expect(formatLongDate('2026-11-22T12:00:00.000Z')).toBe('22 November 2026');
    expect(formatLongDateTime(new Date(2026, 10, 22, 13, 0).toISOString())).toBe('22 November 2026 at 1:00 pm');
  });
});
