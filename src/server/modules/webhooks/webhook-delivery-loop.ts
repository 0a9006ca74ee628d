import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { deliverWebhooks, dropOldEvents } from './webhook-dispatcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** One delivery round now (the loop runs them; tests run them with their clock set). */
    deliverWebhooks(): Promise<number>;
  }
}

/** How often old events are dropped: they are kept for weeks, so hourly is plenty. */
const DROP_OLD_EVENTS_MS = 3_600_000;

/**
 * Webhook delivery inside every instance (docs/integration.md, Webhooks): every WEBHOOK_POLL_MILLISECONDS a round
 * fans out new events and delivers what is due. Rounds never overlap within an instance; across instances the
 * database's row locks keep each delivery to one sender at a time.
 */
export function registerWebhookDelivery(
  app: FastifyInstance,
  deps: { db: Database; config: Config; now: () => Date },
): void {
  const dispatcher = { db: deps.db, now: deps.now, rules: deps.config.webhooks };
  app.decorate('deliverWebhooks', () => deliverWebhooks(dispatcher));
  let timer: NodeJS.Timeout | null = null;
  let closing = false;
  let lastDrop = 0;
  const round = async () => {
    try {
      await app.deliverWebhooks();
      if (Date.now() - lastDrop > DROP_OLD_EVENTS_MS) {
        lastDrop = Date.now();
        await dropOldEvents(deps.db, deps.now());
      }
    } catch (error) {
      app.log.error({ err: error }, 'webhook delivery round failed');
    }
    if (!closing) schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void round(), deps.config.webhooks.pollMs);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    if (deps.config.webhooks.pollMs > 0) schedule();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearTimeout(timer);
  });
}
