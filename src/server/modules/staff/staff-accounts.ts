import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { StaffAccount, StaffAccountFields } from '../../../contract/staff-accounts';
import { formatAud } from '../../../domain/money';
import type { Database } from '../../db/client';
import { accounts, orders, refreshTokens, users } from '../../db/schema';
import { problems } from '../../http/problem';
import { creditLimitAnswer, creditPosition } from '../account/credit';
import { announceCatalogueChange } from '../catalogue/catalogue-changes';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { listStaffAudit, recordStaffChange } from './staff-audit';
import { userInvited } from './user-invited';

type AccountRow = typeof accounts.$inferSelect;

/** Account codes are matched in any case (the field hands them over in upper case; older rows may not be). */
const codeIs = (accountCode: string) => sql`upper(${accounts.code}) = upper(${accountCode})`;

const RECENT_ORDERS = 10;
const RECENT_CHANGES = 20;

/** The fields staff edit, as the audit records them before and after. */
function editable(account: AccountRow) {
  return {
    name: account.name,
    state: account.state,
    isMarshalKeyDealer: account.isMarshalKeyDealer,
    isAssociateDealer: account.isAssociateDealer,
    hasPitPass: account.hasPitPass,
    isRestrictedSalesRetailer: account.isRestrictedSalesRetailer,
    priceDisplay: account.priceDisplay,
    contactName: account.contactName,
    phone: account.phone,
    contactEmail: account.contactEmail,
    deliveryAddress1: account.deliveryAddress1,
    deliveryCity: account.deliveryCity,
    deliveryPostcode: account.deliveryPostcode,
    disabled: account.disabled,
    creditLimitCents: account.creditLimitCents,
    termsDays: account.termsDays,
    onHold: account.onHold,
  };
}

/** Only what changed, before and after, so an entry says what the member did and nothing else. */
function changedFields(before: AccountRow, after: AccountRow) {
  const was: Record<string, unknown> = editable(before);
  const is: Record<string, unknown> = editable(after);
  const changed = Object.keys(is).filter((key) => was[key] !== is[key]);
  return {
    before: Object.fromEntries(changed.map((key) => [key, was[key]])),
    after: Object.fromEntries(changed.map((key) => [key, is[key]])),
  };
}

export async function accountOfCode(db: Database, accountCode: string): Promise<AccountRow> {
  const [account] = await db.select().from(accounts).where(codeIs(accountCode));
  if (!account) throw problems.notFound(`No account has the code ${accountCode}.`);
  return account;
}

/** Staff/Account: the account with its users, credit position, latest orders and the staff changes made to it. */
export async function staffAccount(db: Database, accountCode: string): Promise<StaffAccount> {
  const account = await accountOfCode(db, accountCode);
  const [people, position, latest, audit] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        disabled: users.disabled,
        invited: userInvited,
      })
      .from(users)
      .where(eq(users.accountId, account.id))
      .orderBy(users.email),
    creditPosition(db, account.id),
    db
      .select({ id: orders.id, placedAt: orders.placedAt, status: orders.status, totalCents: orders.totalCents })
      .from(orders)
      .where(eq(orders.accountId, account.id))
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(RECENT_ORDERS),
    listStaffAudit(db, { accountCode: account.code, page: 1, pageSize: RECENT_CHANGES }),
  ]);
  const { creditLimitCents, state, ...fields } = editable(account);
  return {
    accountId: account.id,
    accountCode: account.code,
    ...fields,
    state: state as StaffAccount['state'],
    creditLimitValue: creditLimitCents,
    users: people,
    credit: creditLimitAnswer(position),
    recentOrders: latest.map((order) => ({
      orderNumber: String(order.id),
      placedAt: order.placedAt.toISOString(),
      status: order.status,
      total: formatAud(order.totalCents),
      totalValue: order.totalCents,
    })),
    audit: audit.entries,
  };
}

/** Opens an account in the caller's transaction, audited (409 when the code is taken); its users are invited apart. */
export async function openAccount(tx: Database, staffId: number, fields: StaffAccountFields, now: Date) {
  const [created] = await tx
    .insert(accounts)
    .values({ ...fields, code: fields.accountCode })
    .onConflictDoNothing()
    .returning();
  if (!created) throw problems.conflict(`An account with the code ${fields.accountCode} already exists.`);
  await recordStaffChange(
    tx,
    staffId,
    {
      action: 'account.created',
      subjectType: 'account',
      subjectRef: created.code,
      accountId: created.id,
      before: null,
      after: editable(created),
    },
    now,
  );
  return created;
}

/** Staff/AccountCreate. */
export async function createAccount(db: Database, staffId: number, fields: StaffAccountFields, now: Date) {
  await db.transaction((tx) => openAccount(tx, staffId, fields, now));
  return staffAccount(db, fields.accountCode);
}

/**
 * Saves an account's fields in one transaction with its audit entry. The state and price display decide what the
 * catalogue answers the account, so the read model forgets its copy (here at once, elsewhere on the announcement);
 * disabling ends the users' sessions: their refresh tokens are revoked, and every instance's liveness check refuses
 * their access tokens within 60 s (at once on this one, through `onDisabled`).
 */
async function updateAccount(
  db: Database,
  catalogue: CatalogueReadModel,
  staffId: number,
  accountCode: string,
  values: Partial<typeof accounts.$inferInsert>,
  now: Date,
  onDisabled: () => void,
) {
  const { account, disabledNow } = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(accounts).where(codeIs(accountCode)).for('update');
    if (!before) throw problems.notFound(`No account has the code ${accountCode}.`);
    const [after] = await tx.update(accounts).set(values).where(eq(accounts.id, before.id)).returning();
    if (!after) throw problems.notFound(`No account has the code ${accountCode}.`);
    const { before: was, after: is } = changedFields(before, after);
    if (Object.keys(is).length > 0) {
      await recordStaffChange(
        tx,
        staffId,
        {
          action: 'account.updated',
          subjectType: 'account',
          subjectRef: after.code,
          accountId: after.id,
          before: was,
          after: is,
        },
        now,
      );
    }
    const disabledNow = after.disabled && !before.disabled;
    if (disabledNow) {
      const members = tx.select({ id: users.id }).from(users).where(eq(users.accountId, after.id));
      await tx
        .update(refreshTokens)
        .set({ revokedAt: now })
        .where(and(inArray(refreshTokens.userId, members), isNull(refreshTokens.revokedAt)));
    }
    await announceCatalogueChange(tx, { kind: 'account', accountId: after.id });
    return { account: after, disabledNow };
  });
  catalogue.forgetAccount(account.id);
  if (disabledNow) onDisabled();
  return staffAccount(db, account.code);
}

export function saveAccount(
  db: Database,
  catalogue: CatalogueReadModel,
  staffId: number,
  body: StaffAccountFields & { disabled: boolean },
  now: Date,
  onDisabled: () => void,
) {
  const { accountCode, ...values } = body;
  return updateAccount(db, catalogue, staffId, accountCode, values, now, onDisabled);
}

export function setAccountCredit(
  db: Database,
  catalogue: CatalogueReadModel,
  staffId: number,
  body: { accountCode: string; creditLimitValue: number; termsDays: number; onHold: boolean },
  now: Date,
) {
  return updateAccount(
    db,
    catalogue,
    staffId,
    body.accountCode,
    { creditLimitCents: body.creditLimitValue, termsDays: body.termsDays, onHold: body.onHold },
    now,
    () => undefined,
  );
}
