import { and, eq, gte } from 'drizzle-orm';
import type { RetailerSales, SalesGroup, SalesMonth } from '../../../contract/sales';
import type { Database } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema';
import { formatAud } from '../cart/format-aud';

/** Sales months are the shop's calendar months, whatever the caller's clock says. */
export const SALES_TIME_ZONE = 'Australia/Melbourne';
const MONTHS = 12;
const DAY_MS = 86_400_000;

const MONTH_KEY = new Intl.DateTimeFormat('en-CA', { timeZone: SALES_TIME_ZONE, year: 'numeric', month: '2-digit' });
const MONTH_LABEL = new Intl.DateTimeFormat('en-AU', { timeZone: 'UTC', month: 'short', year: 'numeric' });

/** 'YYYY-MM' of the instant in Melbourne. */
export function salesMonthOf(instant: Date): string {
  const parts = MONTH_KEY.formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}`;
}

/** The 12 months ending with the current one, oldest first. */
export function lastTwelveMonths(now: Date): string[] {
  const [year = 0, month = 1] = salesMonthOf(now).split('-').map(Number);
  return Array.from({ length: MONTHS }, (_, index) => {
    const date = new Date(Date.UTC(year, month - 1 - (MONTHS - 1 - index), 1));
    return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
  });
}

function monthLabel(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  return MONTH_LABEL.format(new Date(Date.UTC(year, monthNumber - 1, 1)));
}

function lastDayOf(month: string): string {
  const [year = 0, monthNumber = 1] = month.split('-').map(Number);
  const last = new Date(Date.UTC(year, monthNumber, 0));
  return last.toISOString().slice(0, 10);
}

interface Tally {
  cents: number;
  quantity: number;
}

function groups(tallies: Map<string, Tally>): SalesGroup[] {
  return [...tallies.entries()]
    .map(([name, tally]) => ({ name, total: formatAud(tally.cents), totalValue: tally.cents, quantity: tally.quantity }))
    .sort((a, b) => b.totalValue - a.totalValue || a.name.localeCompare(b.name));
}

function add(tallies: Map<string, Tally>, key: string, cents: number, quantity: number): void {
  const tally = tallies.get(key) ?? { cents: 0, quantity: 0 };
  tally.cents += cents;
  tally.quantity += quantity;
  tallies.set(key, tally);
}

/** The account's invoiced purchases (lines, excl. GST) over the last 12 Melbourne calendar months. */
export async function retailerSales(db: Database, accountId: number, now: Date): Promise<RetailerSales> {
  const months = lastTwelveMonths(now);
  const firstMonth = months[0] ?? salesMonthOf(now);
  // A day's margin either side of the first month's start in any time zone; the month test below is exact.
  const [firstYear = 0, firstMonthNumber = 1] = firstMonth.split('-').map(Number);
  const since = new Date(Date.UTC(firstYear, firstMonthNumber - 1, 1) - DAY_MS);
  const lines = await db
    .select({
      issuedAt: invoices.issuedAt,
      brand: invoiceLines.brand,
      category: invoiceLines.category,
      quantity: invoiceLines.quantity,
      lineTotalCents: invoiceLines.lineTotalCents,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(and(eq(invoices.accountId, accountId), gte(invoices.issuedAt, since)));

  const byMonth = new Map<string, Tally>(months.map((month) => [month, { cents: 0, quantity: 0 }]));
  const byCategory = new Map<string, Tally>();
  const byBrand = new Map<string, Tally>();
  const total: Tally = { cents: 0, quantity: 0 };
  for (const line of lines) {
    const month = byMonth.get(salesMonthOf(line.issuedAt));
    if (!month) continue;
    month.cents += line.lineTotalCents;
    month.quantity += line.quantity;
    add(byCategory, line.category, line.lineTotalCents, line.quantity);
    add(byBrand, line.brand ?? 'Unbranded', line.lineTotalCents, line.quantity);
    total.cents += line.lineTotalCents;
    total.quantity += line.quantity;
  }
  const monthEntries: SalesMonth[] = months.map((month) => {
    const tally = byMonth.get(month) ?? { cents: 0, quantity: 0 };
    return { month, label: monthLabel(month), total: formatAud(tally.cents), totalValue: tally.cents, quantity: tally.quantity };
  });
  return {
    from: `${firstMonth}-01`,
    to: lastDayOf(months[months.length - 1] ?? firstMonth),
    months: monthEntries,
    categories: groups(byCategory),
    brands: groups(byBrand),
    total: formatAud(total.cents),
    totalValue: total.cents,
    quantity: total.quantity,
  };
}
