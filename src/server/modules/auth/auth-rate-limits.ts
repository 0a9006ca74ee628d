import { setTimeout as delay } from 'node:timers/promises';
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

/**
 * Once an account has seen its share of failed attempts from all addresses, its attempts take turns this far apart
 * (from every address and instance together), so guesses sent at once wait one after another instead of together.
 */
export const ACCOUNT_SLOWDOWN_MS = 1_000;

/**
 * The longest an attempt waits for its turn; one that would wait longer is refused (429) without trying the password,
 * so a flood of guesses cannot hold connections open for ever. The owner signing in meanwhile waits at most this.
 */
export const LONGEST_TURN_WAIT_MS = 10_000;

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
 * Sign-in and reset attempts, limited per client address (every attempt) and per (account email, address) (failed
 * attempts); failures on one account from every address together make its attempts take turns, one a second, refused
 * only when the line is already long. Both limits answer the same 429, whether the email
 * exists or not. The counts live in memory, or in Redis (REDIS_URL) so that every instance behind a
 * load balancer counts the same attempts. Call before the contract's routes are registered.
 */
export async function registerAuthRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'authRateLimit'>,
): Promise<void> {
  const { perAddress, perAccount, windowSeconds, redisUrl } = config.authRateLimit;
  const store = await createRateLimitStore(redisUrl, app.log);
  app.decorate('rateLimitStore', store);
  app.addHook('onClose', () => store.close());
  await app.register(rateLimit, { global: false, store: store.Store });
  const timeWindow = windowSeconds * 1000;
  const emailIn = (request: FastifyRequest) => emailOf.safeParse(request.body).data?.email ?? '';
  const byAddress = app.createRateLimit({
    max: perAddress,
    timeWindow,
    keyGenerator: (request) => `address:${request.ip}`,
  });
  // Locking is per account *and* address: a stranger guessing a password locks only themselves out, never the owner.
  const byAccountAndAddress = app.createRateLimit({
    max: perAccount,
    timeWindow,
    keyGenerator: (request) => `account:${emailIn(request)}:address:${request.ip}`,
  });
  // Across every address an account's attempts are only slowed down, so guessing from many addresses stays slow.
  const byAccount = app.createRateLimit({
    max: perAccount,
    timeWindow,
    keyGenerator: (request) => `account:${emailIn(request)}`,
  });

  // The account counts are of failures: they are read before an attempt and counted after a refused one (400).
  const limit = async (request: FastifyRequest, reply: FastifyReply) => {
    const address = await byAddress(request);
    const hasEmail = emailOf.safeParse(request.body).success;
    const accountHere = hasEmail ? await byAccountAndAddress(request, { increment: false }) : null;
    const refused =
      address && !address.isAllowed && address.isExceeded
        ? address
        : accountHere && !accountHere.isAllowed && accountHere.remaining <= 0
          ? accountHere
          : null;
    if (refused && !refused.isAllowed) {
      businessMetersOf(app.database.db).rateLimitRefused(
        refused === address ? 'sign-in per address' : 'sign-in per account',
      );
      reply.header('retry-after', refused.ttlInSeconds);
      throw new HttpProblem(429, TOO_MANY_ATTEMPTS);
    }
    const account = hasEmail ? await byAccount(request, { increment: false }) : null;
    if (!account || account.isAllowed || account.remaining > 0) return;
    const turn = await store.takeTurn(`sign-in:${emailIn(request)}`, ACCOUNT_SLOWDOWN_MS, LONGEST_TURN_WAIT_MS);
    if (!turn.granted) {
      businessMetersOf(app.database.db).rateLimitRefused('sign-in per account');
      reply.header('retry-after', Math.max(1, Math.ceil(turn.retryAfterMs / 1000)));
      throw new HttpProblem(429, TOO_MANY_ATTEMPTS);
    }
    await delay(turn.waitMs);
  };
  const countFailure = async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode !== 400 || !emailOf.safeParse(request.body).success) return;
    await byAccountAndAddress(request);
    await byAccount(request);
  };

  app.addHook('onRoute', (routeOptions) => {
    const methods = Array.isArray(routeOptions.method) ? routeOptions.method : [routeOptions.method];
    if (!methods.some((method) => limitedPath(routeOptions.url, method))) return;
    const existing = routeOptions.preHandler;
    routeOptions.preHandler = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), limit];
    const after = routeOptions.onResponse;
    routeOptions.onResponse = [...(Array.isArray(after) ? after : after ? [after] : []), countFailure];
  });
}
