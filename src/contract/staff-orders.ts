import { z } from 'zod';
import {
  orderDetailsSchema,
  orderHistoryEntrySchema,
  orderHistoryPageSchema,
  orderHistoryQuerySchema,
} from './order-history';
import { queryId } from './ids';
import { staffAuditEntrySchema } from './staff';
import { defineRoute } from './route';

/**
 * GET Staff/Orders: the order history's search across every account. `search` also matches the account's code or
 * trading name; `from`/`to` are Melbourne days, both included.
 */
export const staffOrdersQuerySchema = orderHistoryQuerySchema;
export type StaffOrdersQuery = z.input<typeof staffOrdersQuerySchema>;

/** Whose order it is, as staff find the account. */
const orderAccountShape = { accountCode: z.string(), accountName: z.string() };

export const staffOrderSummarySchema = orderHistoryEntrySchema.extend(orderAccountShape);
export type StaffOrderSummary = z.infer<typeof staffOrderSummarySchema>;

/**
 * Paged as the customer's Order/History is; staff always see totals, so no price display, and the page spans accounts,
 * so no users to filter by.
 */
export const staffOrdersPageSchema = orderHistoryPageSchema
  .omit({ priceDisplay: true, users: true })
  .extend({ orders: z.array(staffOrderSummarySchema) });
export type StaffOrdersPage = z.infer<typeof staffOrdersPageSchema>;

/**
 * GET Staff/Order: the order as its customer's Order/Details shows it, at trade prices whatever the account's price
 * display, with whose it is. `timeline` is its status history; `audit` the changes staff made to it, newest first.
 */
export const staffOrderSchema = orderDetailsSchema.extend({
  ...orderAccountShape,
  audit: z.array(staffAuditEntrySchema),
});
export type StaffOrder = z.infer<typeof staffOrderSchema>;

const ORDER_READERS = ['sales'] as const;

export const staffOrderRoutes = {
  staffOrders: defineRoute({
    method: 'GET',
    path: 'Staff/Orders',
    access: 'staff',
    staffRoles: ORDER_READERS,
    tag: 'Staff',
    summary:
      "Every account's orders, newest first, a page at a time: by order number, stock number, reference, account code or name, or SKU, Melbourne days and status",
    query: staffOrdersQuerySchema,
    response: staffOrdersPageSchema,
  }),
  staffOrder: defineRoute({
    method: 'GET',
    path: 'Staff/Order',
    access: 'staff',
    staffRoles: ORDER_READERS,
    tag: 'Staff',
    summary:
      'One order, by id: its account, lines, totals, payments, delivery and status history (404 when there is none)',
    query: z.object({ id: queryId }),
    response: staffOrderSchema,
  }),
};
