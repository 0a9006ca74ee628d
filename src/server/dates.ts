import dayjs from 'dayjs';
import 'dayjs/locale/en-au.js';
import timezone from 'dayjs/plugin/timezone.js';
import updateLocale from 'dayjs/plugin/updateLocale.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(updateLocale);
// Australian short month names as CLDR (and so Intl's en-AU) writes them: 'June', 'July', 'Sept'.
dayjs.updateLocale('en-au', {
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
});

/**
 * The server's dates (DESIGN.md names dayjs): the shop's calendar is Melbourne's, whatever the host's time zone;
 * instants are Date objects, calendar months 'YYYY-MM' strings. Nothing here reads the clock: callers pass `now`.
 */
export const SHOP_TIME_ZONE = 'Australia/Melbourne';

/** The calendar date ('YYYY-MM-DD') the instant falls on, in Melbourne. */
export function shopDateOf(instant: Date): string {
  return dayjs(instant).tz(SHOP_TIME_ZONE).format('YYYY-MM-DD');
}

/** The calendar month ('YYYY-MM') the instant falls in, in Melbourne. */
export function shopMonthOf(instant: Date): string {
  return dayjs(instant).tz(SHOP_TIME_ZONE).format('YYYY-MM');
}

/** The `count` calendar months ending with the one holding `now` in Melbourne, oldest first. */
export function shopMonthsEndingAt(now: Date, count: number): string[] {
  const current = dayjs.utc(`${shopMonthOf(now)}-01`);
  return Array.from({ length: count }, (_, index) => current.subtract(count - 1 - index, 'month').format('YYYY-MM'));
}

/** The instant a Melbourne calendar month ('YYYY-MM') begins: midnight on its first day, in Melbourne. */
export function shopMonthStart(month: string): Date {
  return dayjs.tz(`${month}-01 00:00`, SHOP_TIME_ZONE).toDate();
}

/** 'Nov 2026' for '2026-11'. */
export function monthLabel(month: string): string {
  return dayjs.utc(`${month}-01`).locale('en-au').format('MMM YYYY');
}

/** The last day of the month ('YYYY-MM') as 'YYYY-MM-DD'. */
export function lastDayOfMonth(month: string): string {
  return dayjs.utc(`${month}-01`).endOf('month').format('YYYY-MM-DD');
}

/**
 * `days` calendar days after the instant, at the same Melbourne clock time (a 30-day due date issued at 1 pm is
 * due at 1 pm, also across a change to or from daylight saving).
 */
export function shopDaysAfter(instant: Date, days: number): Date {
  const wallClock = dayjs(instant).tz(SHOP_TIME_ZONE).add(days, 'day').format('YYYY-MM-DD HH:mm:ss.SSS');
  return dayjs.tz(wallClock, SHOP_TIME_ZONE).toDate();
}

/** `days` × 24 hours before the instant (a window of elapsed time, not of calendar days). */
export function daysBefore(instant: Date, days: number): Date {
  return dayjs(instant)
    .subtract(days * 24, 'hour')
    .toDate();
}

/** `days` × 24 hours after the instant. */
export function daysAfter(instant: Date, days: number): Date {
  return dayjs(instant)
    .add(days * 24, 'hour')
    .toDate();
}

/** `minutes` after the instant (a payment reservation's end, an upload credential's expiry). */
export function minutesAfter(instant: Date, minutes: number): Date {
  return dayjs(instant).add(minutes, 'minute').toDate();
}

/** An instant as an en-AU date in Melbourne, as invoices print it: '22/11/2026'. */
export function formatShopDate(instant: Date | string): string {
  return dayjs(instant).tz(SHOP_TIME_ZONE).format('DD/MM/YYYY');
}

/** An instant on the sender's clock (minutes east of UTC), en-AU: '22 Nov 2026, 1:00 pm'. */
export function formatSenderDateTime(instant: Date, offsetMinutes: number): string {
  return dayjs(instant).utcOffset(offsetMinutes).locale('en-au').format('D MMM YYYY, h:mm a');
}

/** `hours` before the instant. */
export function hoursBefore(instant: Date, hours: number): Date {
  return dayjs(instant).subtract(hours, 'hour').toDate();
}

/** Elapsed days (fractional) from `earlier` to `later`. */
export function elapsedDays(earlier: Date, later: Date): number {
  return dayjs.utc(later).diff(earlier, 'day', true);
}

/** Midnight UTC of the instant's UTC date. */
export function utcDayStart(instant: Date): Date {
  return dayjs.utc(instant).startOf('day').toDate();
}

/** The instant itself, or whole days before it, until its UTC date is a Monday to Friday. */
export function weekdayOnOrBefore(instant: Date): Date {
  let day = dayjs.utc(instant);
  while (day.day() === 0 || day.day() === 6) day = day.subtract(1, 'day');
  return day.toDate();
}

/** 'YYYY-MM' of the instant in UTC (where uploads are filed: the same folder whichever zone the server runs in). */
export function utcMonthOf(instant: Date): string {
  return dayjs.utc(instant).format('YYYY-MM');
}

/**
 * The instants a range of Melbourne days covers (the order history's date filters): from the first day's midnight
 * (inclusive) to the midnight after the last day (exclusive), daylight saving included, so '2026-10-04' is 23 hours.
 */
export function shopDayRange(
  from: string | undefined,
  to: string | undefined,
): { start: Date | null; end: Date | null } {
  return {
    start: from ? dayjs.tz(from, SHOP_TIME_ZONE).toDate() : null,
    end: to ? dayjs.tz(to, SHOP_TIME_ZONE).add(1, 'day').toDate() : null,
  };
}
