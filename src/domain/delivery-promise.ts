import { formatDayMonth } from './calendar-dates';
import { isPublicHoliday } from './public-holidays';
import { homeWarehouseState } from './stock-availability';

/** When a line can arrive, in the words every screen shows ('today (pick-up)', 'tomorrow', 'Tue 2 Dec', 'on order, expected 12 Dec') and as a date. */
export interface DeliveryPromise {
  readonly text: string;
  /** The calendar date ('YYYY-MM-DD') it can arrive; null when that is not known. */
  readonly date: string | null;
}

/** What one warehouse holds of a product, with how it dispatches. */
export interface DeliverySource {
  readonly kind: 'own' | 'supplier';
  /** The state an own warehouse serves; null for supplier stock. */
  readonly state: string | null;
  readonly quantity: number;
  readonly onOrderQuantity: number;
  readonly onOrderExpectedDate: string | null;
  /** The local time ('HH:MM') after which an order is dispatched the next business day. */
  readonly dispatchCutoff: string;
  /** Business days from dispatch to a customer in another state (supplier stock: to any customer). */
  readonly transitDays: number;
}

/** Each state's clock: cut-offs and calendar dates are read where the warehouse or the customer is. */
const STATE_TIME_ZONES: Readonly<Record<string, string>> = {
  NSW: 'Australia/Sydney',
  ACT: 'Australia/Sydney',
  VIC: 'Australia/Melbourne',
  TAS: 'Australia/Hobart',
  QLD: 'Australia/Brisbane',
  SA: 'Australia/Adelaide',
  NT: 'Australia/Darwin',
  WA: 'Australia/Perth',
};
const DEFAULT_TIME_ZONE = 'Australia/Melbourne';

const clocks = new Map<string, Intl.DateTimeFormat>();
function clockOf(state: string): Intl.DateTimeFormat {
  const timeZone = STATE_TIME_ZONES[state] ?? DEFAULT_TIME_ZONE;
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    clocks.set(timeZone, clock);
  }
  return clock;
}

/** The calendar date and the minutes past midnight it is now in the state. */
function localNow(state: string, now: Date): { readonly date: string; readonly minutes: number } {
  const parts = Object.fromEntries(
    clockOf(state)
      .formatToParts(now)
      .map((part) => [part.type, part.value]),
  );
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    minutes: Number(parts.hour) * 60 + Number(parts.minute),
  };
}

function addDays(date: string, days: number): string {
  const day = new Date(`${date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function isBusinessDay(state: string, date: string): boolean {
  const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6 && !isPublicHoliday(state, date);
}

function nextBusinessDay(state: string, date: string): string {
  let next = addDays(date, 1);
  while (!isBusinessDay(state, next)) next = addDays(next, 1);
  return next;
}

function addBusinessDays(state: string, date: string, days: number): string {
  let day = date;
  for (let left = days; left > 0; left--) day = nextBusinessDay(state, day);
  return day;
}

function minutesOf(time: string): number {
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return hours * 60 + minutes;
}

/** The day the warehouse sends an order placed now: today before its cut-off on a business day, else the next one. */
function dispatchDay(state: string, cutoff: string, now: Date): string {
  const local = localNow(state, now);
  return isBusinessDay(state, local.date) && local.minutes < minutesOf(cutoff)
    ? local.date
    : nextBusinessDay(state, local.date);
}

interface Arrival {
  readonly date: string;
  readonly quantity: number;
  readonly pickUp: boolean;
  readonly onOrder: boolean;
}

/** When each source's units can reach a customer in the state: held stock by dispatch and transit, inbound by its date. */
function arrivalsFor(accountState: string, sources: readonly DeliverySource[], now: Date, today: string): Arrival[] {
  const home = homeWarehouseState(accountState);
  const arrivals: Arrival[] = [];
  for (const source of sources) {
    const local = source.kind === 'own' && source.state === home;
    const sendingState = source.state ?? accountState;
    if (source.quantity > 0) {
      const sent = dispatchDay(sendingState, source.dispatchCutoff, now);
      arrivals.push({
        date: local ? sent : addBusinessDays(accountState, sent, source.transitDays),
        quantity: source.quantity,
        pickUp: local,
        onOrder: false,
      });
    }
    if (source.onOrderQuantity > 0 && source.onOrderExpectedDate !== null) {
      // An inbound date already past is late, not here: the customer is promised no earlier than tomorrow.
      const expected = source.onOrderExpectedDate > today ? source.onOrderExpectedDate : addDays(today, 1);
      arrivals.push({
        date: local ? expected : addBusinessDays(accountState, expected, source.transitDays),
        quantity: source.onOrderQuantity,
        pickUp: false,
        onOrder: true,
      });
    }
  }
  return arrivals.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const WEEKDAY = new Intl.DateTimeFormat('en-AU', { weekday: 'short', timeZone: 'UTC' });

/** 'today', 'tomorrow' or 'Tue 2 Dec', read from the customer's own calendar. */
function dayWords(date: string, today: string): string {
  if (date === today) return 'today';
  if (date === addDays(today, 1)) return 'tomorrow';
  return `${WEEKDAY.format(new Date(`${date}T00:00:00Z`))} ${formatDayMonth(date)}`;
}

/**
 * Nothing held anywhere and the only inbound stock without an expected date: nobody can say when any of it would
 * ship, so it cannot be ordered, not even as a back-order (docs/checkout.md 'Back-orders').
 */
export function onOrderWithoutDate(sources: readonly DeliverySource[]): boolean {
  const inbound = sources.filter((source) => source.onOrderQuantity > 0);
  return (
    sources.every((source) => source.quantity === 0) &&
    inbound.length > 0 &&
    inbound.every((source) => source.onOrderExpectedDate === null)
  );
}

/** The words of a product on order without a date, on its card and in the refusal of Cart/Add. */
export const ON_ORDER_WITHOUT_DATE = 'on order, no date yet: cannot be ordered';

/**
 * The one delivery promise of a line: when `quantity` units can reach a customer of `accountState` ordering `now`,
 * filled from the soonest sources first (local pick-up, then dispatch and transit, then inbound stock on its date).
 */
export function deliveryPromise(
  accountState: string,
  quantity: number,
  sources: readonly DeliverySource[],
  now: Date,
): DeliveryPromise {
  const today = localNow(accountState, now).date;
  let covered = 0;
  for (const arrival of arrivalsFor(accountState, sources, now, today)) {
    covered += arrival.quantity;
    if (covered < quantity) continue;
    if (arrival.onOrder) return { text: `on order, expected ${formatDayMonth(arrival.date)}`, date: arrival.date };
    const words = dayWords(arrival.date, today);
    return { text: arrival.pickUp && arrival.date === today ? `${words} (pick-up)` : words, date: arrival.date };
  }
  if (sources.some((source) => source.onOrderQuantity > 0 && source.onOrderExpectedDate === null)) {
    return { text: onOrderWithoutDate(sources) ? ON_ORDER_WITHOUT_DATE : 'on order', date: null };
  }
  return { text: covered > 0 ? `only ${covered} available` : 'not available', date: null };
}

/**
 * What a promise made now depends on besides stock: the customer's date and each warehouse's dispatch day. Two
 * moments with the same key give every product the same promise, so answers cached at one serve the other.
 */
export function deliveryClockKey(
  accountState: string,
  warehouses: readonly Pick<DeliverySource, 'state' | 'dispatchCutoff'>[],
  now: Date,
): string {
  const days = warehouses.map((warehouse) =>
    dispatchDay(warehouse.state ?? accountState, warehouse.dispatchCutoff, now),
  );
  return `${accountState}|${localNow(accountState, now).date}|${days.join(',')}`;
}
