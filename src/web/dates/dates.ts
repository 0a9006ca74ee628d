import dayjs from 'dayjs';
import 'dayjs/locale/en-au.js';
import timezone from 'dayjs/plugin/timezone.js';
import updateLocale from 'dayjs/plugin/updateLocale.js';
import utc from 'dayjs/plugin/utc.js';

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(updateLocale);
// Australian short month names as CLDR (and so Intl's en-AU) writes them: 'June', 'July', 'Sept'.
dayjs.updateLocale('en-au', { monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'] });

/**
 * The browser's dates (DESIGN.md names dayjs): what the API sends is an ISO 8601 instant, shown in the browser's own
 * time zone as en-AU text; what goes to the API about the browser's clock is its offset east of UTC.
 */

/** An instant as an en-AU date in the browser's zone: '2026-11-22T03:00:00.000Z' → '22 Nov 2026' (in Melbourne). */
export function formatDate(instant: string): string {
  return dayjs(instant).locale('en-au').format('D MMM YYYY');
}

/** Minutes east of UTC at `at`, as X-Timezone-Offset carries it (Sydney in summer: 660). */
export function timezoneOffsetMinutes(at: Date = new Date()): number {
  return dayjs(at).utcOffset();
}

/** The browser's IANA time zone, for the timezone cookie ('Australia/Melbourne'). */
export function browserTimeZone(): string {
  return dayjs.tz.guess();
}

/** An instant as a long en-AU date in the browser's zone: '22 November 2026'. */
export function formatLongDate(instant: string): string {
  return dayjs(instant).locale('en-au').format('D MMMM YYYY');
}

/** An instant as a long en-AU date and time in the browser's zone: '22 November 2026 at 1:00 pm'. */
export function formatLongDateTime(instant: string): string {
  return dayjs(instant).locale('en-au').format('D MMMM YYYY [at] h:mm a');
}

/**
 * SPEC.md §7 'Payment': the browser's local date-time as 'YYYY-MM-DDTHH:mm:ss' and its IANA time zone, sent with
 * every payment call.
 */
export function clientTime(now: Date = new Date()): { clientDateTime: string; timezone: string } {
  return { clientDateTime: dayjs(now).format('YYYY-MM-DDTHH:mm:ss'), timezone: browserTimeZone() || 'UTC' };
}

/** The calendar year in the browser's zone (the footer's copyright line). */
export function currentYear(now: Date = new Date()): number {
  return dayjs(now).year();
}
