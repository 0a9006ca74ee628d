import { and, eq, gte } from 'drizzle-orm';
import type { RetailerSales, SalesGroup, SalesMonth } from '../../../contract/sales';
import type { Database } from '../../db/client';
import { invoiceLines, invoices } from '../../db/schema';
import { lastDayOfMonth, monthLabel, shopMonthOf, shopMonthStart, shopMonthsEndingAt } from '../../dates';
import { formatAud } from '../../../domain/money';

const MONTHS = 12;

interface Tally {
  cents: number;
  quantity: number;
}

function groups(tallies: Map<string, Tally>): SalesGroup[] {
  return [...tallies.entries()]
    .map(([name, tally]) => ({
      name,
      total: formatAud(tally.cents),
      totalValue: tally.cents,
      quantity: tally.quantity,
    }))
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
  // Sales months are the shop's calendar months (Melbourne), whatever the caller's clock says.
  const months = shopMonthsEndingAt(now, MONTHS);
  const firstMonth = months[0] ?? shopMonthOf(now);
  const lastMonth = months[months.length - 1] ?? firstMonth;
  const since = shopMonthStart(firstMonth);
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
    const month = byMonth.get(shopMonthOf(line.issuedAt));
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
    return {
      month,
      label: monthLabel(month),
      total: formatAud(tally.cents),
      totalValue: tally.cents,
      quantity: tally.quantity,
    };
  });
  return {
    from: `${firstMonth}-01`,
    to: lastDayOfMonth(lastMonth),
    months: monthEntries,
    categories: groups(byCategory),
    brands: groups(byBrand),
    total: formatAud(total.cents),
    totalValue: total.cents,
    quantity: total.quantity,
  };
}
