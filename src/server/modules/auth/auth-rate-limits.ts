import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteDefinition } from '../../../contract/route';
import { API_PREFIX, type RouteName, routes } from '../../../contract/routes';
import type { Config } from '../../config';
import { businessMetersOf } from '../../http/business-metrics';
import { HttpProblem } from '../../http/problem';
import { type RateLimitStore, createRateLimitStore } from '../../integrations/redis/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    /** Where every limiter of the app counts (integrations/redis/rate-limit-store.ts). */
    rateLimitStore: RateLimitStore;
  }
}

/** The routes where passwords and tokens are guessed; each is limited per address, most also per account. */
const LIMITED_ROUTES: readonly RouteName[] = [
  'login',
  'staffLogin',
  'forgotPassword',
  'resetPassword',
  'tokenRefresh',
  'impersonate',
  'logout',
];

export const TOO_MANY_ATTEMPTS = 'Too many attempts. Wait a few minutes and try again.';

const emailOf = z.object({ email: z.string().trim().toLowerCase() });

function limitedPath(url: string, method: string): boolean {
  return LIMITED_ROUTES.some((name) => {
    const route: RouteDefinition = routes[name];
    return (
      route.method === method &&
      [route.path, ...(route.aliases ?? [])].some((path) => `${API_PREFIX}/${path}`.toLowerCase() === url.toLowerCase())
    );
  });
}

/**
 * Sign-in and reset attempts, limited per client address and per account email. Both limits answer the same 429,
 * whether the email exists or not. The counts live in memory, or in Redis (REDIS_URL) so that every instance behind a
 * load balancer counts the same attempts. Call before the contract's routes are registered.
 */
export async function registerAuthRateLimits(app: FastifyInstance, config: Pick<Config, 'authRateLimit'>): Promise<void> {
  const { perAddress, perAccount, windowSeconds, redisUrl } = config.authRateLimit;
  const store = createRateLimitStore(redisUrl, app.log);
  app.decorate('rateLimitStore', store);
  app.addHook('onClose', () => store.close());
  await app.register(rateLimit, { global: false, store: store.Store });
  const timeWindow = windowSeconds * 1000;
  const byAddress = app.createRateLimit({ max: perAddress, timeWindow, keyGenerator: (request) => `address:${request.ip}` });
  const byAccount = app.createRateLimit({
    max: perAccount,
    timeWindow,
    keyGenerator: (request) => `account:${emailOf.safeParse(request.body).data?.email ?? ''}`,
  });

  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const address = await byAddress(request);
    const account = emailOf.safeParse(request.body).success ? await byAccount(request) : null;
    const exceeded = [address, account].find((result) => result && !result.isAllowed && result.isExceeded);
    if (exceeded && !exceeded.isAllowed) {
      businessMetersOf(app.database.db).rateLimitRefused(exceeded === address ? 'sign-in per address' : 'sign-in per account');
      reply.header('retry-after', exceeded.ttlInSeconds);
      throw new HttpProblem(429, TOO_MANY_ATTEMPTS);
    }
  };

  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    if (!methods.some((method) => limitedPath(routeOptions.url, method))) return;
    const existing = routeOptions.preHandler;
    routeOptions.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), limit];
  });
}
