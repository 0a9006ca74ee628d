import { eq } from 'drizzle-orm';
import type { QuoteSettings, quoteSettingsRequestSchema } from '../../../contract/quotes';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { accounts, quoteSettings } from '../../db/schema';
import { problems } from '../../http/problem';

type SettingsRow = typeof quoteSettings.$inferSelect;

/** The account's quoting settings row, or null until its owner first saves them. */
export async function quoteSettingsRow(db: Database, accountId: number): Promise<SettingsRow | null> {
  const [row] = await db.select().from(quoteSettings).where(eq(quoteSettings.accountId, accountId));
  return row ?? null;
}

async function accountName(db: Database, accountId: number): Promise<string> {
  const [account] = await db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw problems.notFound('There is no such account.');
  return account.name;
}

/** Who a quote is from: the trading name the owner set (the account's name until then) and the ABN, once set. */
export async function quoteIssuer(
  db: Database,
  accountId: number,
): Promise<{ tradingName: string; abn: string | null }> {
  const row = await quoteSettingsRow(db, accountId);
  return row
    ? { tradingName: row.tradingName, abn: row.abn }
    : { tradingName: await accountName(db, accountId), abn: null };
}

export async function readQuoteSettings(db: Database, accountId: number): Promise<QuoteSettings> {
  const row = await quoteSettingsRow(db, accountId);
  if (!row) {
    return {
      tradingName: await accountName(db, accountId),
      abn: '',
      markupBasisPoints: null,
      servicePrices: { Fitting: 0, Balancing: 0, Disposal: 0 },
    };
  }
  return {
    tradingName: row.tradingName,
    abn: row.abn,
    markupBasisPoints: row.markupBasisPoints,
    servicePrices: { Fitting: row.fittingCents, Balancing: row.balancingCents, Disposal: row.disposalCents },
  };
}

export async function saveQuoteSettings(
  db: Database,
  accountId: number,
  settings: z.output<typeof quoteSettingsRequestSchema>,
  now: Date,
): Promise<QuoteSettings> {
  const values = {
    tradingName: settings.tradingName,
    abn: settings.abn,
    markupBasisPoints: settings.markupBasisPoints,
    fittingCents: settings.servicePrices.Fitting,
    balancingCents: settings.servicePrices.Balancing,
    disposalCents: settings.servicePrices.Disposal,
    updatedAt: now,
  };
  await db
    .insert(quoteSettings)
    .values({ accountId, ...values })
    .onConflictDoUpdate({ target: quoteSettings.accountId, set: values });
  return readQuoteSettings(db, accountId);
}
