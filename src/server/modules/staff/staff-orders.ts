import { count, desc, eq, ilike, or } from 'drizzle-orm';
import type { StaffOrder, StaffOrdersPage } from '../../../contract/staff-orders';
import type { Database } from '../../db/client';
import { likePattern } from '../../db/like-pattern';
import { accounts, invoices, orders, users } from '../../db/schema';
import { problems } from '../../http/problem';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { listStaffAudit } from './staff-audit';
import {
  type OrderFilter,
  entryOf,
  lineCounts,
  orderFilterCondition,
  presentOrderDetails,
  searchCondition,
} from '../order-history/order-history-queries';

/** What the customer's own search matches, and the account's code or trading name. */
function staffSearchCondition(search: string) {
  const pattern = likePattern(search);
  return or(searchCondition(search), ilike(accounts.code, pattern), ilike(accounts.name, pattern));
}

/** GET Staff/Orders: every account's orders matching the filter, newest first, one page. */
export async function staffOrders(
  db: Database,
  query: OrderFilter & { page: number; pageSize: number },
): Promise<StaffOrdersPage> {
  const shown = orderFilterCondition(query, staffSearchCondition);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        order: orders,
        invoiceNumber: invoices.invoiceNumber,
        accountCode: accounts.code,
        accountName: accounts.name,
        placerName: users.name,
      })
      .from(orders)
      .innerJoin(accounts, eq(accounts.id, orders.accountId))
      .leftJoin(invoices, eq(invoices.orderId, orders.id))
      .leftJoin(users, eq(users.id, orders.userId))
      .where(shown)
      .orderBy(desc(orders.placedAt), desc(orders.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(orders).innerJoin(accounts, eq(accounts.id, orders.accountId)).where(shown),
  ]);
  const counts = await lineCounts(
    db,
    rows.map((row) => row.order.id),
  );
  const totalCount = total?.total ?? 0;
  return {
    orders: rows.map((row) => ({
      ...entryOf(row.order, counts.get(row.order.id) ?? 0, row.invoiceNumber, row.placerName),
      accountCode: row.accountCode,
      accountName: row.accountName,
    })),
    totalCount,
    page: query.page,
    pageSize: query.pageSize,
    totalPages: Math.ceil(totalCount / query.pageSize),
  };
}

/** GET Staff/Order: the order as its customer sees it, at the trade prices it was placed at, with whose it is. */
export async function staffOrder(db: Database, catalogue: CatalogueReadModel, orderId: number): Promise<StaffOrder> {
  const [row] = await db
    .select({ order: orders, accountCode: accounts.code, accountName: accounts.name })
    .from(orders)
    .innerJoin(accounts, eq(accounts.id, orders.accountId))
    .where(eq(orders.id, orderId));
  if (!row) throw problems.notFound(`There is no order ${orderId}.`);
  const details = await presentOrderDetails(db, catalogue, row.order, 'Trade');
  const audit = await listStaffAudit(db, { subjectType: 'order', subjectRef: String(orderId), page: 1, pageSize: 50 });
  return { ...details, accountCode: row.accountCode, accountName: row.accountName, audit: audit.entries };
}
