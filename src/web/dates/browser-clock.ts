/**
 * What every page tells the API about the browser's clock, and the footer's year: plain Date and Intl, so the first
 * load of any page does not carry dayjs and its plugins, which only the pages that format dates need (dates.ts).
 * They answer as dayjs does: `utcOffset()` is minus `getTimezoneOffset()`, `tz.guess()` reads Intl's zone.
 */

/** Minutes east of UTC at `at`, as X-Timezone-Offset carries it (Sydney in summer: 660). */
export function timezoneOffsetMinutes(at: Date = new Date()): number {
  return -at.getTimezoneOffset();
}

/** The browser's IANA time zone, for the timezone cookie ('Australia/Melbourne'). */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The calendar year in the browser's zone (the footer's copyright line). */
export function currentYear(now: Date = new Date()): number {
  return now.getFullYear();
}
