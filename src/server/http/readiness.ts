import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from '../db/client';
import { sendProblem } from './errors';

/**
 * GET /readyz, for load balancers and operators. 503 while the database does not answer (take the instance out).
 * 200 otherwise, 'degraded' when the instance serves but something is off: the catalogue's notification connection
 * is being re-established (searches may lag other instances' writes until the next reload), or Redis is unreachable
 * (rate limits count per instance). docs/operations.md lists the fields.
 */
export function registerReadiness(app: FastifyInstance, database: DatabaseHandle): void {
  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await database.ping();
    } catch (error) {
      request.log.warn({ err: error }, 'database not reachable');
      return sendProblem(reply, 503, 'The database is not reachable.');
    }
    const catalogue = app.catalogue.health();
    const rateLimitStore = app.rateLimitStore.backend();
    const degraded = catalogue.listener.state !== 'listening' || rateLimitStore === 'memory-fallback';
    return {
      status: degraded ? 'degraded' : 'ready',
      database: database.kind,
      catalogue: {
        listener: catalogue.listener.state,
        listenerOutages: catalogue.listener.outages,
        revision: catalogue.revision,
        ageSeconds: Math.round(catalogue.ageSeconds * 10) / 10,
      },
      rateLimitStore,
    };
  });
}
