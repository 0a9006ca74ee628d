import { z } from 'zod';
import { orderStatusSchema } from '../../../contract/checkout';
import { calendarDaySchema } from '../../../contract/order-history';

/**
 * /my-account/orders?search=&from=&to=&status=&placedBy=&page=: the filters live in the URL, so a reload, the back button and a
 * shared link keep them. What cannot be read is dropped rather than refused. The router reads '123' as a number.
 */
export const orderHistorySearchSchema = z.object({
  search: z
    .preprocess((value) => (typeof value === 'number' ? String(value) : value), z.string().trim().min(1).max(100))
    .optional()
    .catch(undefined),
  from: calendarDaySchema.optional().catch(undefined),
  to: calendarDaySchema.optional().catch(undefined),
  status: orderStatusSchema.optional().catch(undefined),
  /** A user id of the account: the orders that user placed. */
  placedBy: z.coerce.number().int().positive().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).optional().catch(undefined),
});
export type OrderHistorySearch = z.infer<typeof orderHistorySearchSchema>;
