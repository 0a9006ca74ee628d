import { and, asc, count, eq, exists, ilike, or, sql } from 'drizzle-orm';
import type { VendorPage } from '../../../contract/staff';
import type { Database } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { accounts, users } from '../../db/schema';

/**
 * Customer accounts whose code or trading name, or the name or email of one of whose users, contains the search text,
 * by code, one page. Staff search for the person on the phone as often as for the account, and the page shows the
 * contact; the match on users is an EXISTS so an account with several matching users is listed once.
 */
export async function findAccounts(db: Database, request: { search: string; page: number; pageSize: number }) {
  const pattern = likePattern(request.search);
  const matchingUser = db
    .select({ one: sql`1` })
    .from(users)
    .where(and(eq(users.accountId, accounts.id), or(ilike(users.name, pattern), ilike(users.email, pattern))));
  const where = request.search
    ? or(ilike(accounts.code, pattern), ilike(accounts.name, pattern), exists(matchingUser))
    : undefined;
  const firstUser = db
    .select({ accountId: users.accountId, name: sql<string>`min(${users.name})`.as('first_user_name') })
    .from(users)
    .groupBy(users.accountId)
    .as('first_user');
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        accountId: accounts.id,
        code: accounts.code,
        name: accounts.name,
        state: accounts.state,
        contactName: firstUser.name,
        isRestrictedSalesRetailer: accounts.isRestrictedSalesRetailer,
        onHold: accounts.onHold,
        disabled: accounts.disabled,
      })
      .from(accounts)
      .leftJoin(firstUser, eq(firstUser.accountId, accounts.id))
      .where(where)
      .orderBy(asc(accounts.code))
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize),
    db.select({ total: count() }).from(accounts).where(where),
  ]);
  return {
    rows: rows.map((row) => ({ ...row, contactName: row.contactName ?? null })),
    total: totals?.total ?? 0,
    page: request.page,
    pageSize: request.pageSize,
  };
}

/** Staff/Vendors: the accounts to act as. */
export async function searchVendors(
  db: Database,
  request: { search: string; page: number; pageSize: number },
): Promise<VendorPage> {
  const { rows, ...paging } = await findAccounts(db, request);
  return {
    items: rows.map((row) => ({
      accountId: row.accountId,
      sapCode: row.code,
      name: row.name,
      state: row.state,
      contactName: row.contactName,
      isRestrictedSalesRetailer: row.isRestrictedSalesRetailer,
    })),
    ...paging,
  };
}
