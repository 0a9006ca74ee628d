import { describe, expect, it } from 'vitest';
import {
  formatSenderDateTime,
  formatShopDate,
  lastDayOfMonth,
  minutesAfter,
  monthLabel,
  shopDaysAfter,
  shopMonthOf,
  shopMonthStart,
  shopMonthsEndingAt,
} from '../../src/server/dates';

/** src/server/dates.ts: the shop's calendar is Melbourne's (AEST +10, AEDT +11 from the first Sunday of October to the first Sunday of April). */
describe("the server's dates (dayjs, Melbourne)", () => {
  it('puts an instant in the Melbourne calendar month, on both sides of midnight and of daylight saving', () => {
    // Winter (+10): 1 October 00:30 in Melbourne is 30 September 14:30 UTC.
    expect(shopMonthOf(new Date('2026-09-30T13:59:59Z'))).toBe('2026-09');
    expect(shopMonthOf(new Date('2026-09-30T14:00:00Z'))).toBe('2026-10');
    // Summer (+11): 1 November 00:00 in Melbourne is 31 October 13:00 UTC.
    expect(shopMonthOf(new Date('2026-10-31T12:59:59Z'))).toBe('2026-10');
    expect(shopMonthOf(new Date('2026-10-31T13:00:00Z'))).toBe('2026-11');
    // New year in Melbourne while it is still the old year in UTC.
    expect(shopMonthOf(new Date('2026-12-31T13:30:00Z'))).toBe('2027-01');
  });

  it('starts a Melbourne month at local midnight, with the offset of that day', () => {
    expect(shopMonthStart('2026-10').toISOString()).toBe('2026-09-30T14:00:00.000Z');
    expect(shopMonthStart('2026-11').toISOString()).toBe('2026-10-31T13:00:00.000Z');
    expect(shopMonthStart('2027-04').toISOString()).toBe('2027-03-31T13:00:00.000Z');
    expect(shopMonthStart('2027-05').toISOString()).toBe('2027-04-30T14:00:00.000Z');
  });

  it('lists the twelve months ending with the current Melbourne month, across a year end', () => {
    const months = shopMonthsEndingAt(new Date('2026-12-31T13:30:00Z'), 12);
    expect(months).toHaveLength(12);
    expect(months[0]).toBe('2026-02');
    expect(months[11]).toBe('2027-01');
  });

  it('labels months and finds their last day', () => {
    expect(monthLabel('2026-11')).toBe('Nov 2026');
    expect(monthLabel('2026-09')).toBe('Sept 2026');
    expect(monthLabel('2026-06')).toBe('June 2026');
    expect(lastDayOfMonth('2028-02')).toBe('2028-02-29');
    expect(lastDayOfMonth('2026-11')).toBe('2026-11-30');
  });

  it('makes a due date the same Melbourne clock time, calendar days later, also across daylight saving', () => {
    // Issued 20 September 10:00 AEST; due 20 October 10:00 AEDT, which is 23 hours earlier in UTC terms than 30 × 24 h.
    expect(shopDaysAfter(new Date('2026-09-20T00:00:00Z'), 30).toISOString()).toBe('2026-10-19T23:00:00.000Z');
    // Issued 20 March 10:00 AEDT; due 19 April 10:00 AEST.
    expect(shopDaysAfter(new Date('2027-03-19T23:00:00Z'), 30).toISOString()).toBe('2027-04-19T00:00:00.000Z');
    // Without a change of offset it is exactly 30 days.
    expect(shopDaysAfter(new Date('2026-11-22T02:00:00Z'), 30).toISOString()).toBe('2026-12-22T02:00:00.000Z');
  });

  it('ends a payment reservation the given minutes later', () => {
    expect(minutesAfter(new Date('2026-11-22T23:50:00Z'), 30).toISOString()).toBe('2026-11-23T00:20:00.000Z');
    // Minutes are elapsed time: the night daylight saving starts does not stretch them.
    expect(minutesAfter(new Date('2026-10-03T15:45:00Z'), 30).toISOString()).toBe('2026-10-03T16:15:00.000Z');
  });

  it('prints invoice dates in Melbourne, en-AU', () => {
    expect(formatShopDate('2026-11-21T13:00:00Z')).toBe('22/11/2026');
    expect(formatShopDate(new Date('2026-11-21T12:59:00Z'))).toBe('21/11/2026');
  });

  it("prints the sender's date and time on their own clock", () => {
    expect(formatSenderDateTime(new Date('2026-11-22T02:00:00Z'), 660)).toBe('22 Nov 2026, 1:00 pm');
    expect(formatSenderDateTime(new Date('2026-11-22T02:00:00Z'), -300)).toBe('21 Nov 2026, 9:00 pm');
  });
});
