import type { Handlers } from '../../http/handler';
import { sendProductQuote } from './select-and-email-service';

export const selectAndEmailHandlers = {
  formSelectAndEmail: async ({ body }, context) => {
    const customer = context.customer();
    const { catalogue } = context;
    const [snapshot, account] = await Promise.all([
      catalogue.snapshot(),
      catalogue.account(customer.accountId, context.now()),
    ]);
    return sendProductQuote(
      {
        db: context.db,
        config: context.config,
        log: context.log,
        now: context.now(),
        timezoneOffsetMinutes: context.timezoneOffsetMinutes,
        snapshot,
        account,
        customer,
      },
      body,
    );
  },
} satisfies Partial<Handlers>;
