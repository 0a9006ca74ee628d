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
/** How long the server must see no new request after the last answer before it stops listening. */
const QUIET_MS = 300;
const POLL_MS = 25;

export function registerDrain(app: FastifyInstance): Drain {
  let draining = false;
  let inFlight = 0;
  let lastArrival = 0;

  app.addHook('onRequest', async (request, reply) => {
    if (draining) {
      lastArrival = Date.now();
      reply.header('connection', 'close');
      return sendProblem(reply, 503, 'The server is stopping. Try again in a moment.');
    }
    inFlight += 1;
    reply.raw.once('close', () => {
      inFlight -= 1;
    });
  });
  // Answers given while draining tell the caller not to reuse the connection.
  app.addHook('onSend', async (request, reply) => {
    if (draining) reply.header('connection', 'close');
  });

  return {
    drain: () => {
      draining = true;
      lastArrival = Date.now();
      // Idle means nothing in flight and nothing new for QUIET_MS: a caller that connected just as the last answer
      // left is answered 503 rather than reset by the listening socket closing under it.
      return new Promise<void>((resolve) => {
        const check = () => {
          if (inFlight === 0 && Date.now() - lastArrival >= QUIET_MS) resolve();
          else setTimeout(check, POLL_MS);
        };
        check();
      });
    },
  };
}
