import type { FastifyInstance } from 'fastify';
import { sendProblem } from './errors';

export interface Drain {
  /** Refuses new requests from now on and resolves once every request already started has been answered. */
  drain(): Promise<void>;
}

/**
 * The first step of a stop. Closing the listening socket at once would reset connections the kernel has accepted
 * but the server has not yet picked up; instead the server keeps accepting for as long as requests are in flight
 * and answers anything new with 503 and `Connection: close` (a load balancer retries it elsewhere), so no caller
 * sees a reset. Register before every other hook.
 */
export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let whenIdle: (() => void) | null = null;

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      reply.header('connection', 'close');
      return sendProblem(reply, 503, 'The server is stopping. Try again in a moment.');
    }
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) whenIdle?.();
    });
  });

  return {
    drain: () => {
      draining = true;
      if (inFlight === 0) return Promise.resolve();
      return new Promise<void>((resolve) => {
        whenIdle = resolve;
      });
    },
  };
}
