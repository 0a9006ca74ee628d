import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { CustomerRequest } from '../../../contract/requests';
import type { Database } from '../../db/client';
import { formSubmissions, requestReviews } from '../../db/schema';
import { REQUEST_PAGE_SIZE } from './request-queue';

/** The kinds a customer follows under My Account: what they sent about goods they bought. */
const FOLLOWED_KINDS = ['ProductReturn', 'WarrantyClaim'] as const;

/** The account's returns and warranty claims, newest first, with the status staff gave each (new until looked at). */
export async function listCustomerRequests(db: Database, accountId: number, page: number) {
  const where = and(eq(formSubmissions.accountId, accountId), inArray(formSubmissions.kind, [...FOLLOWED_KINDS]));
  const [rows, [totals]] = await Promise.all([
    db
      .select({
        reference: formSubmissions.reference,
        kind: formSubmissions.kind,
        createdAt: formSubmissions.createdAt,
        status: requestReviews.status,
      })
      .from(formSubmissions)
      .leftJoin(requestReviews, eq(requestReviews.reference, formSubmissions.reference))
      .where(where)
      .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id))
      .limit(REQUEST_PAGE_SIZE)
      .offset((page - 1) * REQUEST_PAGE_SIZE),
    db.select({ total: count() }).from(formSubmissions).where(where),
  ]);
  const totalCount = totals?.total ?? 0;
  const items: CustomerRequest[] = rows.map((row) => ({
    reference: row.reference,
    kind: row.kind === 'ProductReturn' ? 'ProductReturn' : 'WarrantyClaim',
    submittedAt: row.createdAt.toISOString(),
    status: row.status ?? 'new',
  }));
  return { items, totalCount, page, totalPages: Math.max(1, Math.ceil(totalCount / REQUEST_PAGE_SIZE)) };
}
