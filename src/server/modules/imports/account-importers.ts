import { randomBytes } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AccountRow, AccountUserRow } from '../../../contract/imports';
import type { Database } from '../../db/client';
import { accounts, users } from '../../db/schema';
import { hashPassword } from '../auth/passwords';
import { revokeUserRefreshTokens } from '../auth/refresh-token';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { AppliedCounts, EntityImporter, ResolvedRow } from './import-entity';
import { accountsByCode } from './natural-keys';

type AccountValues = Omit<typeof accounts.$inferInsert, 'id' | 'createdAt'>;

/** The account columns each file column writes; a column the row leaves undefined is not written. */
function accountValues(row: AccountRow): Partial<AccountValues> {
  const values: Partial<AccountValues> = {
    code: row.code,
    name: row.name,
    state: row.state,
    creditLimitCents: row.credit_limit,
    termsDays: row.terms_days,
    contactName: row.contact_name,
    contactEmail: row.contact_email,
    phone: row.phone,
    deliveryAddress1: row.delivery_address,
    deliveryCity: row.delivery_city,
    deliveryPostcode: row.delivery_postcode,
    billingAddress1: row.billing_address,
    billingCity: row.billing_city,
    billingPostcode: row.billing_postcode,
    billingState: row.billing_state,
    isMarshalKeyDealer: row.marshal_key_dealer,
    isAssociateDealer: row.associate_dealer,
    hasPitPass: row.pit_pass,
    isRestrictedSalesRetailer: row.restricted_sales_retailer,
  };
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined));
}

const differs = (stored: Record<string, unknown>, values: Record<string, unknown>) =>
  Object.entries(values).some(([key, value]) => stored[key] !== value);

async function resolveAsIs<Row>(
  _db: Database,
  _session: unknown,
  rows: readonly { line: number; row: Row }[],
): Promise<ResolvedRow<Row>[]> {
  return rows.map(({ line, row }) => ({ line, resolved: row }));
}

/**
 * Upserts by account code. A change of the delivery state or the programs is announced, so every instance's
 * catalogue answers (local stock, program prices) follow at once.
 */
async function applyAccounts(tx: Database, _session: unknown, rows: readonly AccountRow[]): Promise<AppliedCounts> {
  const codes = [...new Set(rows.map((row) => row.code))];
  const stored = await tx.select().from(accounts).where(inArray(accounts.code, codes));
  const byCode = new Map(stored.map((account) => [account.code, account as Record<string, unknown>]));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const row of rows) {
    const values = accountValues(row);
    const current = byCode.get(row.code);
    if (!current) {
      const [created] = await tx
        .insert(accounts)
        .values(values as AccountValues)
        .returning();
      byCode.set(row.code, created as Record<string, unknown>);
      counts.created += 1;
    } else if (differs(current, values)) {
      await tx
        .update(accounts)
        .set(values)
        .where(eq(accounts.id, current.id as number));
      byCode.set(row.code, { ...current, ...values });
      await announceCatalogueChange(tx, { kind: 'account', accountId: current.id as number });
      counts.updated += 1;
    } else {
      counts.unchanged += 1;
    }
  }
  return counts;
}

interface UserSession {
  /** Account codes (upper case) → ids. */
  readonly accountIds: Map<string, number>;
  /** Account ids → codes as stored. */
  readonly accountCodes: Map<number, string>;
  /**
   * What a new user's password hash is: that of a random password nobody is told, made once per job (a hash per user
   * would cost a hash's time per row).
   */
  readonly unknownPasswordHash: string;
}

async function beginUsers(db: Database): Promise<UserSession> {
  const known = await accountsByCode(db);
  return {
    accountIds: known.ids,
    accountCodes: known.codes,
    unknownPasswordHash: await hashPassword(randomBytes(32).toString('base64url')),
  };
}

const storedUsers = (db: Database, emails: readonly string[]) =>
  db
    .select({
      id: users.id,
      accountId: users.accountId,
      email: users.email,
      name: users.name,
      disabled: users.disabled,
    })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, [...new Set(emails)]));

interface ResolvedUser {
  readonly row: AccountUserRow;
  readonly accountId: number;
}

/**
 * A user never moves between accounts by import: that would hand one customer's order history and invoices to
 * another's staff.
 */
async function resolveUsers(
  db: Database,
  session: UserSession,
  rows: readonly { line: number; row: AccountUserRow }[],
): Promise<ResolvedRow<ResolvedUser>[]> {
  const accountOf = new Map(
    (
      await storedUsers(
        db,
        rows.map(({ row }) => row.email),
      )
    ).map((user) => [user.email.toLowerCase(), user.accountId]),
  );
  return rows.map(({ line, row }) => {
    const accountId = session.accountIds.get(row.account.toUpperCase());
    if (accountId === undefined) {
      return { line, issue: { column: 'account', value: row.account, reason: 'no account has this code' } };
    }
    const current = accountOf.get(row.email);
    if (current !== undefined && current !== accountId) {
      return {
        line,
        issue: {
          column: 'email',
          value: row.email,
          reason: `signs in for account ${session.accountCodes.get(current) ?? current}`,
        },
      };
    }
    return { line, resolved: { row, accountId } };
  });
}

/**
 * Upserts by email. A new user chooses their password through 'Forgot password?'. Disabling one ends their sessions
 * (session-liveness.ts) and spends their refresh tokens.
 */
async function applyUsers(tx: Database, session: UserSession, rows: readonly ResolvedUser[]): Promise<AppliedCounts> {
  const stored = await storedUsers(
    tx,
    rows.map(({ row }) => row.email),
  );
  const byEmail = new Map(stored.map((user) => [user.email.toLowerCase(), user]));
  const counts = { created: 0, updated: 0, unchanged: 0 };
  for (const { row, accountId } of rows) {
    const current = byEmail.get(row.email);
    const disabled = row.active === undefined ? (current?.disabled ?? false) : !row.active;
    if (!current) {
      const [created] = await tx
        .insert(users)
        .values({ accountId, email: row.email, name: row.name, passwordHash: session.unknownPasswordHash, disabled })
        .returning({ id: users.id });
      byEmail.set(row.email, { id: created?.id as number, accountId, email: row.email, name: row.name, disabled });
      counts.created += 1;
    } else if (current.name !== row.name || current.disabled !== disabled) {
      await tx.update(users).set({ name: row.name, disabled }).where(eq(users.id, current.id));
      if (disabled && !current.disabled) await revokeUserRefreshTokens(tx, current.id, new Date());
      byEmail.set(row.email, { ...current, name: row.name, disabled });
      counts.updated += 1;
    } else {
      counts.unchanged += 1;
    }
  }
  return counts;
}

export const accountImporter: EntityImporter<AccountRow, AccountRow, undefined> = {
  begin: async () => undefined,
  resolve: resolveAsIs,
  apply: applyAccounts,
};

export const accountUserImporter: EntityImporter<AccountUserRow, ResolvedUser, UserSession> = {
  begin: beginUsers,
  resolve: resolveUsers,
  apply: applyUsers,
};
