import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { API_PREFIX, type RouteName } from '../../../contract/routes';
import type { Config } from '../../config';
import { onContractRoutes, requestLimiter } from '../../http/request-limits';

const DISCOUNT_ROUTES: readonly RouteName[] = ['cartDiscount', 'checkoutDiscount'];
const enteredCode = z.object({ code: z.string().trim().min(1) });

/**
 * Discount codes cannot be guessed: failed codes are counted per account and per client address, and once either
 * has failed its share in the window every code is refused (429) until the window ends. A right code costs nothing.
 */
export function registerDiscountCodeLimits(app: FastifyInstance, config: Pick<Config, 'discountCodeLimit'>): void {
  const { failuresPerAccount, failuresPerAddress, windowSeconds } = config.discountCodeLimit;
  const failures = requestLimiter(app, [
    {
      name: 'discount-account',
      max: failuresPerAccount,
      windowSeconds,
      keyOf: (request) => (request.principal?.kind === 'customer' ? String(request.principal.accountId) : null),
    },
    { name: 'discount-address', max: failuresPerAddress, windowSeconds, keyOf: (request) => request.ip },
  ]);
  onContractRoutes(app, DISCOUNT_ROUTES, API_PREFIX, (request, reply) => failures.refuseWhenSpent(request, reply));
  onContractRoutes(
    app,
    DISCOUNT_ROUTES,
    API_PREFIX,
    async (request, reply) => {
      if (reply.statusCode === 400 && enteredCode.safeParse(request.body).success) await failures.count(request);
    },
    'onResponse',
  );
}
