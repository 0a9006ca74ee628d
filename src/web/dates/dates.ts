import dayjs from 'dayjs';
import 'dayjs/locale/en-au.js';
import updateLocale from 'dayjs/plugin/updateLocale.js';
import { browserTimeZone } from './browser-clock';

export { browserTimeZone, currentYear, timezoneOffsetMinutes } from './browser-clock';

dayjs.extend(updateLocale);
// Australian short month names as CLDR (and so Intl's en-AU) writes them: 'June', 'July', 'Sept'.
dayjs.updateLocale('en-au', {
  monthsShort: ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'June', 'July', 'Aug', 'Sept', 'Oct', 'Nov', 'Dec'],
});

/**
 * The browser's dates (DESIGN.md names dayjs): what the API sends is an ISO 8601 instant, shown in the browser's own
 * time zone as en-AU text. What goes to the API about the browser's clock is in browser-clock.ts, re-exported here.
 */

/** An instant as an en-AU date in the browser's zone: '2026-11-22T03:00:00.000Z' → '22 Nov 2026' (in Melbourne). */
export function formatDate(instant: string): string {
  return dayjs(instant).locale('en-au').format('D MMM YYYY');
}

/** A calendar day ('2026-12-01', not an instant) as an en-AU date with its weekday: 'Tue 1 Dec 2026'. */
export function formatCalendarDay(day: string): string {
  return dayjs(day).locale('en-au').format('ddd D MMM YYYY');
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

/** An instant as a `datetime-local` input's value in the browser's zone: '2026-11-22T13:00'. */
export function toDateTimeInput(instant: string): string {
  return dayjs(instant).format('YYYY-MM-DDTHH:mm');
}

/**
 * A `datetime-local` input's value, read in the browser's zone, as the ISO instant with its offset the API takes:
 * '2026-11-22T13:00' → '2026-11-22T13:00:00+11:00' (in Melbourne). Empty is null (an open end); what the input cannot
 * hold as a date is sent as typed, so the API names the field.
 */
export function fromDateTimeInput(value: string): string | null {
  if (value.trim() === '') return null;
  const local = dayjs(value);
  return local.isValid() ? local.format('YYYY-MM-DDTHH:mm:ssZ') : value;
}
