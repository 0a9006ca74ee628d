import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { CatalogueReadModel } from '../catalogue/catalogue-read-model';
import { releaseLapsedReservations } from './order-reservation';

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the release job once now (the periodic sweep calls it; tests call it with their clock set). */
    releaseLapsedReservations(): Promise<number[]>;
  }
}

/**
 * The release job inside the server (docs/checkout.md 'Reservation and release'): every
 * PAYMENT_RESERVATION_SWEEP_SECONDS each instance releases the card and PayPal orders whose reservation has lapsed.
 * Instances may sweep at the same moment; each order is still released once.
 */
export function registerReservationSweep(
  app: FastifyInstance,
  deps: { db: Database; catalogue: CatalogueReadModel; config: Config; now: () => Date },
): void {
  app.decorate('releaseLapsedReservations', () => releaseLapsedReservations(deps.db, deps.catalogue, deps.now()));
  let timer: NodeJS.Timeout | null = null;
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    app
      .releaseLapsedReservations()
      .then((released) => {
        if (released.length > 0) app.log.info({ orders: released }, 'released lapsed payment reservations');
      })
      .catch((error: unknown) => app.log.error({ err: error }, 'releasing lapsed payment reservations failed'))
      .finally(() => {
        sweeping = false;
      });
  };
  app.addHook('onReady', async () => {
    const seconds = deps.config.paymentReservationSweepSeconds;
    if (seconds === 0) return;
    timer = setInterval(sweep, seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
