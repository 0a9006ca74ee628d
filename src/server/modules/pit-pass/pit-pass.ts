import { and, desc, eq, gt, gte, sql } from 'drizzle-orm';
import { PIT_PASS_CENTS_PER_POINT, type PitPass, type PitPassTier, pitPassTiers } from '../../../contract/pit-pass';
import { daysBefore } from '../../dates';
import type { Database } from '../../db/client';
import { accounts, pitPassEntries } from '../../db/schema';
import { problems } from '../../http/problem';

const HISTORY_LIMIT = 100;
const TIER_WINDOW_DAYS = 365;

/** Points a purchase earns: one per whole $10 excl. GST. */
export function pointsForPurchase(subtotalCents: number): number {
  return Math.max(0, Math.floor(subtotalCents / PIT_PASS_CENTS_PER_POINT));
}

/** The highest tier whose minimum the points reach, and what the next one needs. */
export function tierFor(tierPoints: number): { tier: PitPassTier; nextTier: PitPass['nextTier'] } {
  let index = 0;
  pitPassTiers.forEach((tier, position) => {
    if (tierPoints >= tier.minimumPoints) index = position;
  });
  const next = pitPassTiers[index + 1];
  return {
    tier: pitPassTiers[index]?.tier ?? 'Bronze',
    nextTier: next ? { tier: next.tier, pointsNeeded: next.minimumPoints - tierPoints } : null,
  };
}

/** Refuses accounts outside the program (SPEC.md §6: hasPitPass unlocks it). */
export async function requirePitPassMember(db: Database, accountId: number): Promise<{ code: string }> {
  const [account] = await db
    .select({ code: accounts.code, hasPitPass: accounts.hasPitPass })
    .from(accounts)
    .where(eq(accounts.id, accountId));
  if (!account?.hasPitPass) throw problems.forbidden('Your account is not in the Pit Pass loyalty program.');
  return account;
}

/** The spendable balance: every entry's points summed. */
export async function pitPassBalance(db: Database, accountId: number): Promise<number> {
  const [row] = await db
    .select({ points: sql<string>`coalesce(sum(${pitPassEntries.points}), 0)` })
    .from(pitPassEntries)
    .where(eq(pitPassEntries.accountId, accountId));
  return Number(row?.points ?? 0);
}

export async function readPitPass(db: Database, accountId: number, now: Date): Promise<PitPass> {
  const account = await requirePitPassMember(db, accountId);
  const since = daysBefore(now, TIER_WINDOW_DAYS);
  const [points, [earned], history] = await Promise.all([
    pitPassBalance(db, accountId),
    db
      .select({ points: sql<string>`coalesce(sum(${pitPassEntries.points}), 0)` })
      .from(pitPassEntries)
      .where(
        and(
          eq(pitPassEntries.accountId, accountId),
          gt(pitPassEntries.points, 0),
          gte(pitPassEntries.occurredAt, since),
        ),
      ),
    db
      .select()
      .from(pitPassEntries)
      .where(eq(pitPassEntries.accountId, accountId))
      .orderBy(desc(pitPassEntries.occurredAt), desc(pitPassEntries.id))
      .limit(HISTORY_LIMIT),
  ]);
  const tierPoints = Number(earned?.points ?? 0);
  return {
    accountCode: account.code,
    points,
    tierPoints,
    ...tierFor(tierPoints),
    history: history.map((entry) => ({
      date: entry.occurredAt.toISOString(),
      description: entry.description,
      points: entry.points,
    })),
  };
}

/** How a purchase reads in the Pit Pass history. */
export function purchaseEntryDescription(invoiceNumber: string): string {
  return `Purchase ${invoiceNumber}`;
}

/** Credits a member's purchase (once per invoice; nothing for accounts outside the program). */
export async function awardPurchasePoints(
  db: Database,
  invoice: { id: number; accountId: number; invoiceNumber: string; subtotalCents: number; issuedAt: Date },
): Promise<void> {
  const points = pointsForPurchase(invoice.subtotalCents);
  if (points === 0) return;
  const [account] = await db
    .select({ hasPitPass: accounts.hasPitPass })
    .from(accounts)
    .where(eq(accounts.id, invoice.accountId));
  if (!account?.hasPitPass) return;
  await db
    .insert(pitPassEntries)
    .values({
      accountId: invoice.accountId,
      occurredAt: invoice.issuedAt,
      description: purchaseEntryDescription(invoice.invoiceNumber),
      points,
      invoiceId: invoice.id,
    })
    .onConflictDoNothing({ target: pitPassEntries.invoiceId });
}
