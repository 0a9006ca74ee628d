import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { ORDER_HISTORY_TIME_ZONE } from '../../../contract/order-history';

dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * The instants a range of Melbourne days covers: from the first day's midnight (inclusive) to the midnight after the
 * last day (exclusive), daylight saving included, so '2026-10-04' is 23 hours long.
 */
export function shopDayRange(from: string | undefined, to: string | undefined): { start: Date | null; end: Date | null } {
  return {
    start: from ? dayjs.tz(from, ORDER_HISTORY_TIME_ZONE).toDate() : null,
    end: to ? dayjs.tz(to, ORDER_HISTORY_TIME_ZONE).add(1, 'day').toDate() : null,
  };
}
