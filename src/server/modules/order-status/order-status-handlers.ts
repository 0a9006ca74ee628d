import type { Handlers } from '../../http/handler';
import { refreshStockOf } from '../checkout/order-reservation';
import { requireScope } from '../integration/integration-caller';
import { idempotently, requiredIdempotencyKey } from '../integration/integration-idempotency';
import { type AppliedStatus, applyOrderStatus } from './order-status-service';

export const orderStatusHandlers = {
  integrationOrderStatus: async ({ body }, context) => {
    const caller = context.integrationCaller();
    requireScope(caller, 'orders');
    const idempotencyKey = requiredIdempotencyKey(context.reply.request.headers['idempotency-key']);
    const now = context.now();
    // Filled only when this request made the change; a replayed answer has nothing left to do after commit.
    const done: { applied?: AppliedStatus } = {};
    const { answer } = await idempotently(
      context.db,
      { keyId: caller.keyId, route: context.routeName, idempotencyKey, body },
      async (tx) => {
        done.applied = await applyOrderStatus(tx, body, now);
        return done.applied.receipt;
      },
    );
    if (done.applied) await refreshStockOf(context.catalogue, done.applied.releasedProductIds);
    return answer;
  },
} satisfies Partial<Handlers>;
