// Calendar dates ('YYYY-MM-DD') are days, not instants: the day a feed names is the same day wherever it is read, so
// it is formatted in UTC, where the date string's midnight falls. Intl, not dayjs, so the result list that shows an
// expected date does not carry dayjs to a visitor's first load (docs/performance.md).

const DAY_MONTH = new Intl.DateTimeFormat('en-AU', { day: 'numeric', month: 'short', timeZone: 'UTC' });

/** A calendar date as an en-AU day and short month: '2026-12-12' → '12 Dec', '2026-09-03' → '3 Sept'. */
export function formatDayMonth(date: string): string {
  return DAY_MONTH.format(new Date(`${date}T00:00:00Z`));
}
