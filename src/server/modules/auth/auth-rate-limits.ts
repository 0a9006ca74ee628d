import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { RouteDefinition } from '../../../contract/route';
import { API_PREFIX, type RouteName, routes } from '../../../contract/routes';
import type { Config } from '../../config';
import { HttpProblem } from '../../http/problem';

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
  if (redisUrl) {
    // Fail fast rather than queue sign-ins behind an unreachable store; an unreachable Redis lets attempts through
    // (skipOnError) and is logged, so a Redis outage does not lock every customer out.
    const redis = new Redis(redisUrl, { connectTimeout: 1_000, maxRetriesPerRequest: 1 });
    redis.on('error', (error: Error) => app.log.warn({ err: error }, 'rate-limit store unreachable'));
    app.addHook('onClose', async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    await app.register(rateLimit, { global: false, redis, skipOnError: true });
  } else {
    await app.register(rateLimit, { global: false });
  }
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
