import type { Database } from '../db/client';

/** The shop's own events that /metrics counts; recorded where they happen, counted by the app that owns the db. */
export interface BusinessMeters {
  orderPlaced(paymentMethod: string): void;
  paymentSettled(kind: string, outcome: 'approved' | 'declined'): void;
  rateLimitRefused(limiter: string): void;
}

const meters = new WeakMap<Database, BusinessMeters>();

export function registerBusinessMeters(db: Database, meter: BusinessMeters): void {
  meters.set(db, meter);
}

const nothing: BusinessMeters = {
  orderPlaced: () => undefined,
  paymentSettled: () => undefined,
  rateLimitRefused: () => undefined,
};

/** The meters of the app that owns `db` (none for scripts and services used outside an app). */
export function businessMetersOf(db: Database): BusinessMeters {
  return meters.get(db) ?? nothing;
}
