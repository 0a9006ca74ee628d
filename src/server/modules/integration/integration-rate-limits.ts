import type { FastifyInstance } from 'fastify';
import type { RouteDefinition } from '../../../contract/route';
import { API_PREFIX, type RouteName, routes } from '../../../contract/routes';
import type { Config } from '../../config';
import { onContractRoutes, requestLimiter } from '../../http/request-limits';

/** Every route an integration key calls. */
const INTEGRATION_ROUTES = (Object.keys(routes) as RouteName[]).filter(
  (name) => (routes[name] as RouteDefinition).access === 'integration',
);

/**
 * Each integration key has a budget of its own, counted in the shared rate-limit store (every instance counts the
 * same): a runaway feed slows itself, not the shop's customers or the other keys. Call before the contract is
 * registered.
 */
export function registerIntegrationRateLimits(
  app: FastifyInstance,
  config: Pick<Config, 'integrationRateLimitPerMinute'>,
): void {
  const limiter = requestLimiter(app, [
    {
      name: 'integration-key',
      max: config.integrationRateLimitPerMinute,
      windowSeconds: 60,
      keyOf: (request) => (request.integrationCaller ? String(request.integrationCaller.keyId) : null),
    },
  ]);
  onContractRoutes(app, INTEGRATION_ROUTES, API_PREFIX, (request, reply) => limiter.consume(request, reply));
}
