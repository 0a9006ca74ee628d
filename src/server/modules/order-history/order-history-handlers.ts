import type { HandlerContext, Handlers } from '../../http/handler';
import type { CartScope } from '../cart/cart-service';
import { orderDetails, orderHistory } from './order-history-queries';
import { reorder } from './reorder';

const cartScopeOf = (context: HandlerContext): CartScope => ({
  db: context.db,
  catalogue: context.catalogue,
  accountId: context.customer().accountId,
  userId: context.customer().userId,
  now: context.now(),
});

export const orderHistoryHandlers = {
  orderHistory: async ({ query }, context) => orderHistory(context.db, context.customer().accountId, query),
  orderDetails: async ({ query }, context) =>
    orderDetails(context.db, context.catalogue, context.customer().accountId, query.id),
  orderReorder: async ({ body }, context) => reorder(cartScopeOf(context), body),
} satisfies Partial<Handlers>;
