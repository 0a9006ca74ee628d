import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { mailerFor } from '../../integrations/mail/mailer';
import { sendQueuedMail } from '../mail/mail-sender';
import { deliverWebhooks, dropOldEvents } from '../webhooks/webhook-dispatcher';

declare module 'fastify' {
  interface FastifyInstance {
    /** One round of webhook delivery now (the loop runs them; tests run them with their clock set). */
    deliverWebhooks(): Promise<number>;
    /** Sends the mail that is due now (the loop does it; tests do it with their clock set). */
    sendQueuedMail(): Promise<number>;
  }
}

/** How often old events are dropped: they are kept for weeks, so hourly is plenty. */
const DROP_OLD_EVENTS_MS = 3_600_000;

/**
 * What the shop sends out, from inside every instance: every DELIVERY_POLL_MILLISECONDS a round delivers the
 * webhooks and the mail that are due (docs/integration.md, Webhooks; docs/operations.md, Mail). Rounds never overlap
 * within an instance; across instances the database's row locks keep each delivery to one sender at a time.
 */
export function registerDeliveryLoop(
  app: FastifyInstance,
  deps: { db: Database; config: Config; now: () => Date },
): void {
  app.decorate('deliverWebhooks', () => deliverWebhooks({ db: deps.db, now: deps.now, rules: deps.config.webhooks }));
  app.decorate('sendQueuedMail', () => sendQueuedMail({ db: deps.db, now: deps.now, mailer: mailerFor(deps.config) }));
  let timer: NodeJS.Timeout | null = null;
  let closing = false;
  let lastDrop = 0;
  const round = async () => {
    for (const [what, work] of [
      ['webhook delivery', () => app.deliverWebhooks()],
      ['mail', () => app.sendQueuedMail()],
    ] as const) {
      try {
        await work();
      } catch (error) {
        app.log.error({ err: error }, `${what} round failed`);
      }
    }
    if (Date.now() - lastDrop > DROP_OLD_EVENTS_MS) {
      lastDrop = Date.now();
      await dropOldEvents(deps.db, deps.now()).catch((error: unknown) =>
        app.log.error({ err: error }, 'old events not dropped'),
      );
    }
    if (!closing) schedule();
  };
  const schedule = () => {
    timer = setTimeout(() => void round(), deps.config.deliveryPollMs);
    timer.unref();
  };
  app.addHook('onReady', async () => {
    if (deps.config.deliveryPollMs > 0) schedule();
  });
  app.addHook('onClose', async () => {
    closing = true;
    if (timer) clearTimeout(timer);
  });
}
