import { LRUCache } from 'lru-cache';

export interface CacheStats {
  readonly name: string;
  readonly entries: number;
  readonly bytes: number;
  readonly hits: number;
  readonly misses: number;
}

/**
 * A least-recently-used cache bounded by the bytes its values hold, not by their number: one answer can be a few
 * hundred bytes or a few hundred kilobytes. Counts its hits and misses for /metrics.
 */
export class ByteBoundedCache<V extends object | string> {
  private readonly cache: LRUCache<string, V>;
  private hits = 0;
  private misses = 0;

  constructor(
    readonly name: string,
    maxBytes: number,
    sizeOf: (value: V, key: string) => number,
  ) {
    this.cache = new LRUCache<string, V>({
      maxSize: maxBytes,
      // A value larger than the whole cache is not kept; lru-cache refuses sizes below 1.
      sizeCalculation: (value, key) => Math.max(1, Math.ceil(sizeOf(value, key))),
    });
  }

  get(key: string): V | undefined {
    const value = this.cache.get(key);
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  set(key: string, value: V): void {
    this.cache.set(key, value);
  }

  clear(): void {
    this.cache.clear();
  }

  stats(): CacheStats {
    return { name: this.name, entries: this.cache.size, bytes: this.cache.calculatedSize, hits: this.hits, misses: this.misses };
  }
}

/** Bytes of a string in memory, at most: V8 keeps non-Latin-1 strings at two bytes a character. */
export const stringBytes = (value: string, key: string) => (value.length + key.length) * 2;
