import { ByteBoundedCache, type CacheStats, bufferBytes } from './byte-bounded-cache';
import type { CatalogueSnapshot } from './catalogue-snapshot';
import type { NarrowedSearch } from './faceted-index';

/**
 * Byte budgets of the caches (docs/performance.md): what a snapshot may hold on top of its data. Together they stay
 * well inside the 64 MB a server may grow by after start, with room left for the heap a burst of searches needs:
 * answers 8 MB, narrowings 4 MB per table, and price orders 12 MB per table, which at 100,000 tyres is 15 price keys
 * (rrp, trade and one per discount tier), more than the shop has.
 */
const PRICE_ORDER_BYTES = 12 * 1024 * 1024;
const NARROWING_BYTES = 4 * 1024 * 1024;
const ANSWER_BYTES = 8 * 1024 * 1024;

function narrowingBytes(result: NarrowedSearch): number {
  let bytes = (result.matches?.byteLength ?? 0) + 64;
  for (const counts of Object.values(result.facets)) bytes += 48 + counts.length * 48;
  return bytes;
}

/** A table's sorted orders by price, per price key ('rrp', 'trade', 'tier:3'). */
export const priceOrderCache = (table: string) =>
  new ByteBoundedCache<{ order: Int32Array; rank: Int32Array }>(
    `${table}-price-orders`,
    PRICE_ORDER_BYTES,
    (entry) => entry.order.byteLength + entry.rank.byteLength,
  );

/** A table's matches and facet counts per filter set. */
export const narrowingCache = (table: string) =>
  new ByteBoundedCache<NarrowedSearch>(`${table}-narrowings`, NARROWING_BYTES, narrowingBytes, {
    admitRepeatedWhenFull: true,
  });

/** Serialised search answers (answer-cache.ts). */
export const answerCache = () =>
  new ByteBoundedCache<Buffer>('answers', ANSWER_BYTES, bufferBytes, { admitRepeatedWhenFull: true });

/** Size, bytes and hit counts of every cache of a snapshot, for /metrics. */
export function snapshotCacheStats(snapshot: CatalogueSnapshot): CacheStats[] {
  return [
    snapshot.answerCache.stats(),
    ...[snapshot.tyres, snapshot.wheels, snapshot.merchandise].flatMap((table) => [
      table.narrowCache.stats(),
      table.priceOrders.stats(),
    ]),
  ];
}
