import type { FastifyInstance } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sendProblem } from './errors';

/**
 * Connections the kernel has accepted wait in the listening socket's queue until the event loop takes them, and under
 * load (a long database write blocks the loop) several wait there, one taken per turn. Closing the listening socket
 * resets every connection still queued, with its request already sent. So before closing, the stop lets the loop turn
 * until a turn takes no new connection (the queue is empty), for at most this long: traffic that keeps coming must
 * not hold the stop open, and from now on each turn is quick, since every new request is answered 503 at once.
 */
const EMPTY_QUEUE_WAIT_MS = 1_000;

/** Resolves after a turn of the event loop in which the server took no new connection, or after `limitMs`. */
async function untilNoConnectionIsWaiting(app: FastifyInstance, limitMs: number): Promise<void> {
  let taken = 0;
  const count = () => {
    taken += 1;
  };
  app.server.on('connection', count);
  const deadline = Date.now() + limitMs;
  try {
    do {
      taken = 0;
      // Two turns: the first ends the one the signal arrived in, the second polls the socket again.
      await nextTurn();
      await nextTurn();
    } while (taken > 0 && Date.now() < deadline);
  } finally {
    app.server.off('connection', count);
  }
}

/**
 * What a stop (app.close(), main.ts) does to requests. Once the connections already queued are taken (above), Fastify
 * closes the listening socket, so a new connection is refused and a load balancer moves on to another instance without
 * waiting for a quiet moment that steady traffic never gives; Node closes the keep-alive connections that sit idle; requests in flight run to their
 * answer. These hooks do the rest: a request that arrives during the stop on a connection opened before it is answered
 * 503 (a problem, like every other failure), and every answer from then on carries `Connection: close`, so each
 * connection ends with its last answer and the close completes as soon as the last request in flight is answered.
 * Register before every other hook.
 */
export function registerDrain(app: FastifyInstance): void {
  let stopping = false;

  app.addHook('preClose', async () => {
    stopping = true;
    await untilNoConnectionIsWaiting(app, EMPTY_QUEUE_WAIT_MS);
  });
  app.addHook('onRequest', async (request, reply) => {
    if (!stopping) return;
    reply.header('connection', 'close');
    return sendProblem(reply, 503, 'The server is stopping. Try again in a moment.');
  });
  app.addHook('onSend', async (request, reply) => {
    if (stopping) reply.header('connection', 'close');
  });
}
