import { and, eq, isNull, ne, notExists, or, sql } from 'drizzle-orm';
import type { CreditLimit } from '../../../contract/account';
import { formatAud } from '../../../domain/money';
import type { Database } from '../../db/client';
import { accounts, invoices, orders } from '../../db/schema';
import { problems } from '../../http/problem';
import { owedCents } from './invoice-owed';

export interface CreditPosition {
  readonly limitCents: number;
  /**
   * What the account's invoices still owe (invoiceStanding's outstanding, summed: the shop's and the ERP's open
   * items), plus its orders on account not yet invoiced and not cancelled.
   */
  readonly usedCents: number;
  /** limit − used, never below zero, and nothing while staff hold the account; a Trading Account order needs some. */
  readonly availableCents: number;
}

/** The one credit computation: Account/CreditLimit shows it and Checkout/CreditLimit refuses on it. */
export async function creditPosition(db: Database, accountId: number): Promise<CreditPosition> {
  const [[account], [owed], [uninvoiced]] = await Promise.all([
    db
      .select({ limitCents: accounts.creditLimitCents, onHold: accounts.onHold })
      .from(accounts)
      .where(eq(accounts.id, accountId)),
    db
      .select({ usedCents: sql<string>`coalesce(sum(${owedCents}), 0)` })
      .from(invoices)
      .where(eq(invoices.accountId, accountId)),
    db
      .select({ totalCents: sql<string>`coalesce(sum(${orders.totalCents}), 0)` })
      .from(orders)
      .where(
        and(
          eq(orders.accountId, accountId),
          eq(orders.paymentMethodSystemName, 'Payments.TradingAccount'),
          or(isNull(orders.fulfilmentStatus), ne(orders.fulfilmentStatus, 'Cancelled')),
          notExists(db.select({ id: invoices.id }).from(invoices).where(eq(invoices.orderId, orders.id))),
        ),
      ),
  ]);
  if (!account) throw problems.notFound('The account was not found.');
  const usedCents = Number(owed?.usedCents ?? 0) + Number(uninvoiced?.totalCents ?? 0);
  // An account staff put on hold has nothing available, so every refusal of a reached limit refuses it the same way.
  const availableCents = account.onHold ? 0 : Math.max(0, account.limitCents - usedCents);
  return { limitCents: account.limitCents, usedCents, availableCents };
}

/** The position as Account/CreditLimit answers it (and staff see it on the account's page). */
export function creditLimitAnswer(position: CreditPosition): CreditLimit {
  return {
    limit: formatAud(position.limitCents),
    limitValue: position.limitCents,
    used: formatAud(position.usedCents),
    usedValue: position.usedCents,
    available: formatAud(position.availableCents),
    availableValue: position.availableCents,
    isLimitReached: creditLimitReached(position),
  };
}

/**
 * docs/checkout.md 'Credit limit': reached when nothing is left to order on account with (a limit of 0, an account
 * on hold, or invoices owing all of it), or when an order of `orderCents` would take what is owed past the limit.
 */
export function creditLimitReached(position: CreditPosition, orderCents = 0): boolean {
  return position.availableCents === 0 || orderCents > position.availableCents;
}
