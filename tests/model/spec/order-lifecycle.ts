import { expect } from 'vitest';
import type { SpecAssertions, SpecObservation } from '../support/model-harness';

/*
 * The order lifecycle as the issue states it, written from the rules, not read off the machine: statuses may skip
 * forward but never go back; a status repeats only with new details (PartlyShipped, BackOrdered, Shipped); nothing
 * that has shipped is cancelled; Delivered and Cancelled are final.
 */
const STATUS_PREFIX = 'status.';

/** How far along an order is; Picking and BackOrdered are the same distance (a back-order goes back to picking). */
const RANK: Record<string, number> = {
  Accepted: 1,
  Picking: 2,
  BackOrdered: 2,
  PartlyShipped: 3,
  Shipped: 4,
  Delivered: 5,
  Cancelled: 5,
};
const REPEATABLE = ['PartlyShipped', 'BackOrdered', 'Shipped'];
const STATE_OF: Record<string, string> = {
  Accepted: 'accepted',
  Picking: 'picking',
  BackOrdered: 'backOrdered',
  PartlyShipped: 'partlyShipped',
  Shipped: 'shipped',
  Delivered: 'delivered',
  Cancelled: 'cancelled',
};

const statusesTaken = (observed: SpecObservation): string[] =>
  observed.trace
    .map((entry) => entry.event.type)
    .filter((type) => type.startsWith(STATUS_PREFIX))
    .map((type) => type.slice(STATUS_PREFIX.length));

export const orderLifecycleSpec: SpecAssertions = {
  '*': (observed) => {
    const taken = statusesTaken(observed);
    taken.forEach((status, index) => {
      const before = taken[index - 1];
      if (before === undefined) return;
      expect(RANK[status], `${status} after ${before} goes back`).toBeGreaterThanOrEqual(RANK[before] ?? 0);
      if (status === before) expect(REPEATABLE, `${status} repeated`).toContain(status);
      expect(['Delivered', 'Cancelled'], `a status after the final ${before}`).not.toContain(before);
    });
    const latest = taken.at(-1);
    expect(observed.snapshot.value).toBe(latest === undefined ? 'placed' : STATE_OF[latest]);
  },
  placed: (observed) => {
    expect(statusesTaken(observed)).toEqual([]);
  },
  cancelled: (observed) => {
    expect(statusesTaken(observed)).not.toContain('PartlyShipped');
    expect(statusesTaken(observed)).not.toContain('Shipped');
    expect(observed.snapshot.status).toBe('done');
  },
  delivered: (observed) => {
    expect(observed.snapshot.status).toBe('done');
  },
};

export const orderLifecycleModelOptions = { spec: orderLifecycleSpec } as const;
