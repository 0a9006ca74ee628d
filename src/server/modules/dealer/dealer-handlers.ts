import type { Handlers } from '../../http/handler';
import { submitPromotion } from './dealer-promotion';

export const dealerHandlers = {
  dealerPromotion: async ({ body }, context) =>
    submitPromotion({ db: context.db, config: context.config, now: context.now(), customer: context.customer() }, body),
} satisfies Partial<Handlers>;
