import type { Handlers } from '../../http/handler';
import { retailerSales } from './retailer-sales';

export const salesHandlers = {
  salesRetailerSales: async (_request, context) =>
    retailerSales(context.db, context.customer().accountId, context.now()),
} satisfies Partial<Handlers>;
