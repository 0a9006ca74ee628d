import { LRUCache } from 'lru-cache';

export interface CacheStats {
  readonly name: string;
  readonly entries: number;
  readonly bytes: number;
  readonly hits: number;
  readonly misses: number;
}

export interface CacheOptions {
  /**
   * Once the cache is full, keep a new key's value only when the key was set before (recently, as remembered by a
   * small table of key hashes). Searches that never repeat then stop pushing out the ones that do, and stop turning
   * every answer into long-lived garbage.
   */
  readonly admitRepeatedWhenFull?: boolean;
}

/** Slots in the table of key hashes seen once: 32 KB, a few thousand recent searches. */
const SEEN_SLOTS = 8_192;

/** FNV-1a over the key's UTF-16 code units: cheap, and a collision only admits a value early. */
function hashOf(key: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return hash;
}

/**
 * A least-recently-used cache bounded by the bytes its values hold, not by their number: one answer can be a few
 * hundred bytes or a few hundred kilobytes. Counts its hits and misses for /metrics.
 */
export class ByteBoundedCache<V extends object | string> {
  private readonly cache: LRUCache<string, V>;
  private readonly sizeOf: (value: V, key: string) => number;
  /** Hashes of keys set once while the cache was full (admitRepeatedWhenFull); 0 is an empty slot. */
  private readonly seen: Int32Array | null;
  private hits = 0;
  private misses = 0;

  constructor(
    readonly name: string,
    private readonly maxBytes: number,
    sizeOf: (value: V, key: string) => number,
    options: CacheOptions = {},
  ) {
    // A value larger than the whole cache is not kept; lru-cache refuses sizes below 1.
    this.sizeOf = (value, key) => Math.max(1, Math.ceil(sizeOf(value, key)));
    this.cache = new LRUCache<string, V>({ maxSize: maxBytes, sizeCalculation: this.sizeOf });
    this.seen = options.admitRepeatedWhenFull ? new Int32Array(SEEN_SLOTS) : null;
  }

  get(key: string): V | undefined {
    const value = this.cache.get(key);
    if (value === undefined) this.misses += 1;
    else this.hits += 1;
    return value;
  }

  set(key: string, value: V): void {
    if (
      this.seen &&
      !this.cache.has(key) &&
      this.cache.calculatedSize + this.sizeOf(value, key) > this.maxBytes &&
      !this.seenBefore(key)
    )
      return;
    this.cache.set(key, value);
  }

  /** Whether the key was set before; remembers it if not. */
  private seenBefore(key: string): boolean {
    const seen = this.seen as Int32Array;
    const hash = hashOf(key);
    const slot = hash & (SEEN_SLOTS - 1);
    // Never 0, which marks an empty slot.
    const mark = hash | 1;
    if (seen[slot] === mark) return true;
    seen[slot] = mark;
    return false;
  }

  clear(): void {
    this.cache.clear();
  }

  stats(): CacheStats {
    return {
      name: this.name,
      entries: this.cache.size,
      bytes: this.cache.calculatedSize,
      hits: this.hits,
      misses: this.misses,
    };
  }
}

/** Bytes of a buffer kept under a string key (V8 keeps non-Latin-1 strings at two bytes a character). */
export const bufferBytes = (value: Buffer, key: string) => value.byteLength + key.length * 2;
