import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  accounts,
  invoiceLines,
  invoices,
  merchandise,
  merchandiseCategories,
  paymentInvoices,
  payments,
  pitPassEntries,
  products,
} from '../db/schema';
import { orderTotalsOf } from '../modules/checkout/order-totals';
import { invoiceNumberOf } from '../modules/checkout/place-order';
import { pointsForPurchase, purchaseEntryDescription } from '../modules/pit-pass/pit-pass';
import type { SeededRandom } from './random';
import {
  daysAfter,
  daysBefore,
  elapsedDays,
  hoursBefore,
  minutesAfter,
  shopDaysAfter,
  utcDayStart,
  weekdayOnOrBefore,
} from '../dates';

const HISTORY_DAYS = 365;

/** Contact and address details of the demo accounts, in their states (DESIGN.md §6). Numbers are 555 demo numbers. */
const DEMO_DETAILS = {
  C10001: {
    contactName: 'Dana Dealer',
    phone: '03 9555 0142',
    contactEmail: 'accounts@southerncrosstyres.example',
    deliveryAddress1: '148 Dandenong Road',
    deliveryCity: 'Oakleigh',
    deliveryPostcode: '3166',
    billingAddress1: 'PO Box 2217',
    billingCity: 'Oakleigh',
    billingPostcode: '3166',
    billingState: 'VIC',
  },
  C10002: {
    contactName: 'Riley Retailer',
    phone: '07 5555 0198',
    contactEmail: 'orders@sunshinecoasttyremart.example',
    deliveryAddress1: '22 Production Street',
    deliveryCity: 'Noosaville',
    deliveryPostcode: '4566',
  },
  C10003: {
    contactName: 'Owen Onhold',
    phone: '02 9555 0173',
    contactEmail: 'accounts@harbourcityauto.example',
    deliveryAddress1: '7 Parramatta Road',
    deliveryCity: 'Annandale',
    deliveryPostcode: '2038',
  },
} as const;
type DemoCode = keyof typeof DEMO_DETAILS;

/**
 * How each demo account buys and pays. The dealer pays nearly everything and owes the last month plus two overdue
 * invoices, well under its limit; the retailer owes only the last month; the account on hold has not paid for three
 * months and has no credit (limit 0), so Checkout refuses the Trading Account.
 */
interface BuyingHabit {
  readonly invoicesPerMonth: number;
  readonly linesPerInvoice: readonly [number, number];
  /** Unpaid when issued within this many days. */
  readonly unpaidWithinDays: number;
  /** How many invoices issued 31 to 75 days ago stay unpaid (overdue). */
  readonly overdue: number;
  /** Outstanding is kept below this share of the credit limit (null: no limit to respect). */
  readonly maxShareOfLimit: number | null;
}

const HABITS: Record<DemoCode, BuyingHabit> = {
  C10001: { invoicesPerMonth: 6, linesPerInvoice: [1, 4], unpaidWithinDays: 30, overdue: 2, maxShareOfLimit: 0.6 },
  C10002: { invoicesPerMonth: 3, linesPerInvoice: [1, 3], unpaidWithinDays: 30, overdue: 0, maxShareOfLimit: 0.6 },
  C10003: { invoicesPerMonth: 2, linesPerInvoice: [1, 3], unpaidWithinDays: 95, overdue: 0, maxShareOfLimit: null },
};

interface PoolProduct {
  readonly id: number;
  readonly sku: string;
  readonly name: string;
  readonly brand: string;
  readonly kind: 'Tyre' | 'Wheel' | 'Merchandise';
  readonly tradeCents: number;
  readonly category: string;
}

interface Pools {
  readonly tyres: readonly PoolProduct[];
  readonly programTyres: readonly PoolProduct[];
  readonly wheels: readonly PoolProduct[];
  readonly merchandise: readonly PoolProduct[];
}

/** Invoice lines name categories as checkout does: Tyres, Wheels, or the merchandise subcategory. */
async function loadPools(db: Database): Promise<Pools> {
  const rows = await db
    .select({
      id: products.id,
      sku: products.sku,
      name: products.name,
      brand: products.brand,
      kind: products.kind,
      tradeCents: products.tradeCents,
      subcategory: merchandiseCategories.name,
    })
    .from(products)
    .leftJoin(merchandise, eq(merchandise.productId, products.id))
    .leftJoin(merchandiseCategories, eq(merchandiseCategories.id, merchandise.categoryId))
    .where(eq(products.published, true))
    .orderBy(asc(products.id));
  const pool: PoolProduct[] = rows.map((row) => ({
    ...row,
    category: row.kind === 'Tyre' ? 'Tyres' : row.kind === 'Wheel' ? 'Wheels' : (row.subcategory ?? 'Accessories'),
  }));
  const tyres = pool.filter((p) => p.kind === 'Tyre');
  return {
    tyres,
    programTyres: tyres.filter((p) => p.brand === 'Marshal' || p.brand === 'Michelin'),
    wheels: pool.filter((p) => p.kind === 'Wheel'),
    merchandise: pool.filter((p) => p.kind === 'Merchandise'),
  };
}

interface DraftLine {
  readonly product: PoolProduct;
  readonly quantity: number;
}

function draftLine(random: SeededRandom, pools: Pools, favoursPrograms: boolean): DraftLine | null {
  const roll = random.next();
  if (roll < 0.55) {
    const source =
      favoursPrograms && pools.programTyres.length > 0 && random.chance(0.5) ? pools.programTyres : pools.tyres;
    if (source.length === 0) return null;
    return { product: random.pick(source), quantity: random.pick([2, 4, 4, 4, 8]) };
  }
  if (roll < 0.8) {
    if (pools.wheels.length === 0) return null;
    return { product: random.pick(pools.wheels), quantity: random.pick([4, 4, 4, 5]) };
  }
  if (pools.merchandise.length === 0) return null;
  return { product: random.pick(pools.merchandise), quantity: random.int(1, 6) };
}

/** A weekday at a business hour in Melbourne (UTC+10/11: 22:00–05:00 UTC is 9am–4pm there). */
function businessInstant(random: SeededRandom, now: Date, daysAgo: number): Date {
  const day = weekdayOnOrBefore(daysBefore(now, daysAgo));
  const start = hoursBefore(utcDayStart(day), 2);
  const instant = minutesAfter(start, random.int(0, 7 * 60));
  return instant.getTime() < now.getTime() ? instant : hoursBefore(now, random.int(1, 6));
}

interface DraftInvoice {
  readonly accountId: number;
  readonly issuedAt: Date;
  readonly dueAt: Date;
  readonly lines: readonly DraftLine[];
  readonly subtotalCents: number;
  readonly shippingCents: number;
  readonly taxCents: number;
  readonly totalCents: number;
  paid: boolean;
}

function draftInvoices(
  random: SeededRandom,
  pools: Pools,
  account: { id: number; termsDays: number; creditLimitCents: number; isMarshalKeyDealer: boolean },
  habit: BuyingHabit,
  now: Date,
): DraftInvoice[] {
  const count = habit.invoicesPerMonth * 12;
  const drafts: DraftInvoice[] = [];
  for (let index = 0; index < count; index += 1) {
    const daysAgo = Math.floor(((count - index) / count) * HISTORY_DAYS) - random.int(0, 3);
    const issuedAt = businessInstant(random, now, Math.max(0, daysAgo));
    const lines: DraftLine[] = [];
    const lineCount = random.int(habit.linesPerInvoice[0], habit.linesPerInvoice[1]);
    for (let n = 0; n < lineCount; n += 1) {
      const line = draftLine(random, pools, account.isMarshalKeyDealer);
      if (line && !lines.some((existing) => existing.product.id === line.product.id)) lines.push(line);
    }
    if (lines.length === 0) continue;
    const subtotalCents = lines.reduce((sum, line) => sum + line.product.tradeCents * line.quantity, 0);
    const shippingCents = random.chance(0.25) ? random.pick([1_500, 2_500, 3_500]) : 0;
    const totals = orderTotalsOf({ subtotalCents, discountCents: 0, shippingCents });
    const ageDays = elapsedDays(issuedAt, now);
    drafts.push({
      accountId: account.id,
      issuedAt,
      dueAt: shopDaysAfter(issuedAt, account.termsDays),
      lines,
      subtotalCents,
      shippingCents,
      taxCents: totals.taxCents,
      totalCents: totals.totalCents,
      paid: ageDays > habit.unpaidWithinDays,
    });
  }
  const overdueCandidates = drafts.filter((d) => {
    const ageDays = elapsedDays(d.issuedAt, now);
    return d.paid && ageDays > 31 && ageDays < 75;
  });
  for (const draft of overdueCandidates.slice(0, habit.overdue)) draft.paid = false;
  if (habit.maxShareOfLimit !== null) {
    // Pay the oldest unpaid first until the account has room to order on account again.
    const ceiling = account.creditLimitCents * habit.maxShareOfLimit;
    const owed = () => drafts.filter((d) => !d.paid).reduce((sum, d) => sum + d.totalCents, 0);
    for (const draft of drafts) {
      if (owed() <= ceiling) break;
      if (!draft.paid) draft.paid = true;
    }
  }
  return drafts;
}

/** The next `count` invoice ids, so numbers can be made from ids (as checkout does) in one insert. */
async function nextInvoiceIds(db: Database, count: number): Promise<number[]> {
  if (count === 0) return [];
  const rows = await db
    .select({ id: sql<string>`nextval(pg_get_serial_sequence('invoices', 'id'))` })
    .from(sql`generate_series(1, ${count})`);
  return rows.map((row) => Number(row.id));
}

/**
 * A year of invoices for each demo account, from real catalogue products, with their payments, and the dealer's
 * Pit Pass history; plus the demo accounts' contact and address details. Deterministic for a seed and a `now`.
 */
export async function seedInvoiceHistory(db: Database, random: SeededRandom, now: Date): Promise<void> {
  const demoCodes = Object.keys(DEMO_DETAILS) as DemoCode[];
  for (const code of demoCodes) {
    await db.update(accounts).set(DEMO_DETAILS[code]).where(eq(accounts.code, code));
  }
  const demoAccounts = await db
    .select()
    .from(accounts)
    .where(inArray(accounts.code, demoCodes))
    .orderBy(asc(accounts.code));
  const pools = await loadPools(db);

  const drafts = demoAccounts.flatMap((account) =>
    draftInvoices(random, pools, account, HABITS[account.code as DemoCode], now),
  );
  const ids = await nextInvoiceIds(db, drafts.length);
  const numbered = drafts.map((draft, index) => {
    const id = ids[index];
    if (id === undefined) throw new Error('invoice id missing');
    return { ...draft, id, invoiceNumber: invoiceNumberOf(id) };
  });
  if (numbered.length === 0) return;

  const paidAtOf = (draft: (typeof numbered)[number]) =>
    new Date(Math.min(daysBefore(now, 1).getTime(), daysAfter(draft.issuedAt, random.int(7, 28)).getTime()));
  const settled = numbered.map((draft) => ({ draft, paidAt: draft.paid ? paidAtOf(draft) : null }));

  await db.insert(invoices).values(
    settled.map(({ draft, paidAt }) => ({
      id: draft.id,
      invoiceNumber: draft.invoiceNumber,
      accountId: draft.accountId,
      issuedAt: draft.issuedAt,
      dueAt: draft.dueAt,
      subtotalCents: draft.subtotalCents,
      shippingCents: draft.shippingCents,
      taxCents: draft.taxCents,
      totalCents: draft.totalCents,
      paidCents: paidAt ? draft.totalCents : 0,
      paidAt,
    })),
  );
  await db.insert(invoiceLines).values(
    numbered.flatMap((draft) =>
      draft.lines.map((line) => ({
        invoiceId: draft.id,
        productId: line.product.id,
        sku: line.product.sku,
        description: line.product.name,
        brand: line.product.brand,
        category: line.product.category,
        quantity: line.quantity,
        unitPriceCents: line.product.tradeCents,
        lineTotalCents: line.product.tradeCents * line.quantity,
      })),
    ),
  );

  const paidOnes = settled.filter(
    (entry): entry is { draft: (typeof numbered)[number]; paidAt: Date } => entry.paidAt !== null,
  );
  if (paidOnes.length > 0) {
    const created = await db
      .insert(payments)
      .values(
        paidOnes.map(({ draft, paidAt }) => ({
          reference: `HIST-${draft.invoiceNumber}`,
          accountId: draft.accountId,
          kind: 'Invoice' as const,
          method: 'Payments.Card' as const,
          amountCents: draft.totalCents,
          status: 'Completed' as const,
          createdAt: paidAt,
          completedAt: paidAt,
        })),
      )
      .returning({ id: payments.id, reference: payments.reference });
    const paymentIds = new Map(created.map((payment) => [payment.reference, payment.id]));
    await db.insert(paymentInvoices).values(
      paidOnes.map(({ draft }) => {
        const paymentId = paymentIds.get(`HIST-${draft.invoiceNumber}`);
        if (paymentId === undefined) throw new Error('payment missing');
        return { paymentId, invoiceId: draft.id, amountCents: draft.totalCents };
      }),
    );
  }

  await seedPitPassHistory(db, random, demoAccounts, numbered, now);
}

async function seedPitPassHistory(
  db: Database,
  random: SeededRandom,
  demoAccounts: readonly (typeof accounts.$inferSelect)[],
  numbered: readonly (DraftInvoice & { id: number; invoiceNumber: string })[],
  now: Date,
): Promise<void> {
  const entries: (typeof pitPassEntries.$inferInsert)[] = [];
  for (const account of demoAccounts.filter((a) => a.hasPitPass)) {
    entries.push({
      accountId: account.id,
      occurredAt: daysBefore(now, 400),
      description: 'Welcome to Pit Pass',
      points: 500,
    });
    for (const draft of numbered.filter((d) => d.accountId === account.id)) {
      const points = pointsForPurchase(draft.subtotalCents);
      if (points > 0) {
        entries.push({
          accountId: account.id,
          occurredAt: draft.issuedAt,
          description: purchaseEntryDescription(draft.invoiceNumber),
          points,
          invoiceId: draft.id,
        });
      }
    }
    entries.push(
      {
        accountId: account.id,
        occurredAt: businessInstant(random, now, 200),
        description: 'Double points weekend bonus',
        points: 750,
      },
      {
        accountId: account.id,
        occurredAt: businessInstant(random, now, 150),
        description: 'Redeemed 1 × Pit Pass workshop jacket',
        points: -1_500,
      },
      {
        accountId: account.id,
        occurredAt: businessInstant(random, now, 60),
        description: 'Redeemed 1 × $100 fuel card',
        points: -4_000,
      },
    );
  }
  if (entries.length > 0) await db.insert(pitPassEntries).values(entries);
}
