import v8 from 'node:v8';
import type { FastifyInstance } from 'fastify';

/**
 * Full garbage collections at the two moments V8 would otherwise keep garbage resident: after the catalogue's first
 * load (the heap then holds about as much of the load's garbage as live data) and once an instance falls quiet after
 * a burst of requests (V8 grows its heap to what the burst allocated and keeps it). Only when node runs with
 * --expose-gc: npm start and the benchmark do, tests do not (docs/performance.md, memory).
 *
 * The collection compacts: a plain full collection frees the garbage but leaves the survivors spread over the pages
 * the burst filled, so V8 keeps those pages (after the uncached benchmark, old space 159 MB committed around 115 MB in
 * use; compacted, 118 around 116). The flag is read when a full collection selects the pages to evacuate, so it is
 * switched on for this one collection only: requests never pay for compaction, only an instance that is quiet.
 */
export function collectGarbage(): void {
  const gc: unknown = Reflect.get(globalThis, 'gc');
  if (typeof gc !== 'function') return;
  v8.setFlagsFromString('--compact-on-every-full-gc');
  try {
    gc();
  } finally {
    v8.setFlagsFromString('--no-compact-on-every-full-gc');
  }
}
/** How long without a request counts as quiet. */
export const QUIET_MS = 5_000;

/** One full collection each time the app has had no request for QUIET_MS, after at least one request. */
export function collectGarbageWhenQuiet(app: FastifyInstance): void {
  let lastRequestAt = 0;
  let collected = true;
  app.addHook('onRequest', async () => {
    lastRequestAt = Date.now();
    collected = false;
  });
  const timer = setInterval(() => {
    if (collected || Date.now() - lastRequestAt < QUIET_MS) return;
    collected = true;
    collectGarbage();
  }, QUIET_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
