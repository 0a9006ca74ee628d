import { formatDayMonth } from './calendar-dates';

/** SPEC.md §3 'Product stock': how available a product is to one account. */
export type StockType = 'Local' | 'Interstate' | 'OnOrder' | 'None';

export interface WarehouseStock {
  readonly warehouseName: string;
  readonly kind: 'own' | 'supplier';
  /** The state an own warehouse serves; null for supplier stock. */
  readonly state: string | null;
  readonly quantity: number;
  readonly onOrderQuantity: number;
  /** When the inbound quantity is expected ('YYYY-MM-DD'), when the feed says. */
  readonly onOrderExpectedDate: string | null;
}

/** States without a warehouse of their own are served from a neighbour's. */
const SERVED_FROM: ReadonlyMap<string, string> = new Map([
  ['ACT', 'NSW'],
  ['TAS', 'VIC'],
  ['NT', 'SA'],
]);

export function homeWarehouseState(accountState: string): string {
  return SERVED_FROM.get(accountState) ?? accountState;
}

/**
 * DESIGN.md §5: Local when the warehouse of the account's state holds stock, Interstate when another own
 * warehouse does, OnOrder when stock is inbound, None otherwise (supplier stock alone is None).
 */
export function stockTypeFor(accountState: string, stock: readonly WarehouseStock[]): StockType {
  const home = homeWarehouseState(accountState);
  const own = stock.filter((entry) => entry.kind === 'own' && entry.quantity > 0);
  if (own.some((entry) => entry.state === home)) return 'Local';
  if (own.length > 0) return 'Interstate';
  if (stock.some((entry) => entry.onOrderQuantity > 0)) return 'OnOrder';
  return 'None';
}

/** stockQuantity: what the company's own warehouses hold; supplier stock shows in the inventories only. */
export function ownStockQuantity(stock: readonly WarehouseStock[]): number {
  return stock.reduce((sum, entry) => sum + (entry.kind === 'own' ? entry.quantity : 0), 0);
}

/** localStockQuantity: what the warehouse serving the account's state holds, the figure a counter can hand over today. */
export function localStockQuantity(accountState: string, stock: readonly WarehouseStock[]): number {
  const home = homeWarehouseState(accountState);
  return stock.reduce((sum, entry) => sum + (entry.kind === 'own' && entry.state === home ? entry.quantity : 0), 0);
}

/** The earliest date inbound stock of the product is expected anywhere; null when none is inbound or none is dated. */
export function earliestExpectedDate(
  stock: readonly Pick<WarehouseStock, 'onOrderQuantity' | 'onOrderExpectedDate'>[],
): string | null {
  let earliest: string | null = null;
  for (const entry of stock) {
    const date = entry.onOrderQuantity > 0 ? entry.onOrderExpectedDate : null;
    // 'YYYY-MM-DD' strings order as the dates do.
    if (date !== null && (earliest === null || date < earliest)) earliest = date;
  }
  return earliest;
}

/** What follows 'On order' when the date is known: ', expected 12 Dec' (en-AU); nothing when it is not. */
export function expectedDateWords(expectedDate: string | null): string {
  return expectedDate === null ? '' : `, expected ${formatDayMonth(expectedDate)}`;
}

/** How inbound stock reads to a customer: 'On order', or 'On order, expected 12 Dec'. */
export function onOrderLabel(expectedDate: string | null): string {
  return `On order${expectedDateWords(expectedDate)}`;
}
