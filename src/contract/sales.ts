import { z } from 'zod';
import { buyersToo } from './customer-roles';
import { defineRoute } from './route';

/** One bar of a sales chart: invoiced amount excl. GST (formatted and in cents) and units. */
export const salesTotalSchema = z.object({
  total: z.string(),
  totalValue: z.int(),
  quantity: z.int(),
});

export const salesMonthSchema = salesTotalSchema.extend({
  /** 'YYYY-MM', a calendar month in Australia/Melbourne. */
  month: z.string(),
  /** en-AU, e.g. 'Nov 2026'. */
  label: z.string(),
});
export type SalesMonth = z.infer<typeof salesMonthSchema>;

export const salesGroupSchema = salesTotalSchema.extend({ name: z.string() });
export type SalesGroup = z.infer<typeof salesGroupSchema>;

/**
 * The account's purchases over the last 12 calendar months (the current one included), from its invoice lines.
 * `months` always has 12 entries, oldest first, empty months at zero; categories and brands are largest first.
 */
export const retailerSalesSchema = z.object({
  /** First day of the first month and last day of the current month, 'YYYY-MM-DD'. */
  from: z.string(),
  to: z.string(),
  months: z.array(salesMonthSchema),
  categories: z.array(salesGroupSchema),
  brands: z.array(salesGroupSchema),
  total: z.string(),
  totalValue: z.int(),
  quantity: z.int(),
});
export type RetailerSales = z.infer<typeof retailerSalesSchema>;

export const salesRoutes = {
  salesRetailerSales: defineRoute({
    method: 'GET',
    path: 'Sales/RetailerSales',
    access: 'customer',
    customerRoles: buyersToo,
    tag: 'Sales',
    summary: "The account's purchases for the last 12 months by month, by category and by brand",
    response: retailerSalesSchema,
  }),
};
