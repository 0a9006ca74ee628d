import dayjs from 'dayjs';
import 'dayjs/locale/en-au';
import timezone from 'dayjs/plugin/timezone';
import updateLocale from 'dayjs/plugin/updateLocale';
import utc from 'dayjs/plugin/utc';

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
