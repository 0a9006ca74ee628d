import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type RouteName, routes } from '../../contract/routes';
import { HttpProblem } from './problem';

export const TOO_MANY_REQUESTS = 'Too many requests. Wait a while and try again.';

/** One count: at most `max` per `windowSeconds` for each key; a null key is not counted. */
export interface RequestLimit {
  readonly name: string;
  readonly max: number;
  readonly windowSeconds: number;
  readonly keyOf: (request: FastifyRequest) => string | null;
}

export interface RequestLimiter {
  /** Counts this request on every limit and answers 429 (with Retry-After) once one is spent. */
  consume(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Answers 429 when a limit is already spent, without counting this request. */
  refuseWhenSpent(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  /** Counts this request (a failure, say) without refusing it. */
  count(request: FastifyRequest): Promise<void>;
}

/**
 * Counts kept by the rate-limit store that registerAuthRateLimits sets up: in memory, or in Redis (REDIS_URL) shared
 * by every instance, with that store's behaviour when Redis is unreachable. Create after it is registered.
 */
export function requestLimiter(app: FastifyInstance, limits: readonly RequestLimit[]): RequestLimiter {
  const counters = limits.map((limit) => ({
    limit,
    check: app.createRateLimit({
      max: limit.max,
      timeWindow: limit.windowSeconds * 1000,
      keyGenerator: (request) => `${limit.name}:${limit.keyOf(request) ?? ''}`,
    }),
  }));
  const refuse = async (request: FastifyRequest, reply: FastifyReply, increment: boolean) => {
    for (const { limit, check } of counters) {
      if (limit.keyOf(request) === null) continue;
      const result = await check(request, { increment });
      if (result.isAllowed) continue;
      // Counting, the limit is spent past max; only reading, once max requests have been counted.
      if (increment ? result.isExceeded : result.remaining <= 0) {
        reply.header('retry-after', result.ttlInSeconds);
        throw new HttpProblem(429, TOO_MANY_REQUESTS);
      }
    }
  };
  return {
    consume: (request, reply) => refuse(request, reply, true),
    refuseWhenSpent: (request, reply) => refuse(request, reply, false),
    count: async (request) => {
      for (const { limit, check } of counters) if (limit.keyOf(request) !== null) await check(request);
    },
  };
}

/** Whether a route being registered is one of the named contract routes (by method and path, case-insensitively). */
export function isRouteOf(
  names: readonly RouteName[],
  url: string,
  method: string | string[],
  prefix: string,
): boolean {
  const methods = Array.isArray(method) ? method : [method];
  return names.some((name) => {
    const route = routes[name];
    const paths: readonly string[] = [route.path, ...('aliases' in route && route.aliases ? route.aliases : [])];
    return (
      methods.includes(route.method) && paths.some((path) => `${prefix}/${path}`.toLowerCase() === url.toLowerCase())
    );
  });
}

/** Adds a hook to the named contract routes as they are registered. Call before the contract is registered. */
export function onContractRoutes(
  app: FastifyInstance,
  names: readonly RouteName[],
  prefix: string,
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>,
  when: 'preHandler' | 'onResponse' = 'preHandler',
): void {
  app.addHook('onRoute', (routeOptions) => {
    if (!isRouteOf(names, routeOptions.url, routeOptions.method, prefix)) return;
    const existing = routeOptions[when];
    routeOptions[when] = [...(Array.isArray(existing) ? existing : existing ? [existing] : []), hook];
  });
}
