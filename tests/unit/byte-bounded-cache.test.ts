import { describe, expect, it } from 'vitest';
import { ByteBoundedCache } from '../../src/server/modules/catalogue/byte-bounded-cache';

describe('a cache bounded by bytes', () => {
  const buffers = () => new ByteBoundedCache<Int32Array>('test', 1_000, (value) => value.byteLength);

  it('keeps its values under the byte budget however many there are, dropping the least recently used', () => {
    const cache = buffers();
    for (let n = 0; n < 10; n += 1) cache.set(`k${n}`, new Int32Array(50));
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_000);
    expect(cache.stats().entries).toBe(5);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.get('k9')).toHaveLength(50);
  });

  it('does not keep a value larger than the whole budget', () => {
    const cache = buffers();
    cache.set('small', new Int32Array(10));
    cache.set('huge', new Int32Array(1_000));
    expect(cache.get('huge')).toBeUndefined();
    expect(cache.get('small')).toHaveLength(10);
  });

  it('counts hits and misses', () => {
    const cache = buffers();
    cache.set('a', new Int32Array(1));
    cache.get('a');
    cache.get('a');
    cache.get('b');
    expect(cache.stats()).toMatchObject({ name: 'test', hits: 2, misses: 1 });
  });
});

describe('a cache that, once full, keeps only what is asked for again', () => {
  const admitting = () =>
    new ByteBoundedCache<Int32Array>('test', 1_000, (value) => value.byteLength, { admitRepeatedWhenFull: true });

  it('keeps every new value while it has room', () => {
    const cache = admitting();
    for (let n = 0; n < 5; n += 1) cache.set(`k${n}`, new Int32Array(50));
    for (let n = 0; n < 5; n += 1) expect(cache.get(`k${n}`)).toHaveLength(50);
  });

  it('once full, leaves out a key set for the first time and keeps it the second time, dropping the least recently used', () => {
    const cache = admitting();
    for (let n = 0; n < 5; n += 1) cache.set(`k${n}`, new Int32Array(50));
    for (let n = 5; n < 50; n += 1) cache.set(`once ${n}`, new Int32Array(50));
    for (let n = 0; n < 5; n += 1) expect(cache.get(`k${n}`)).toHaveLength(50);
    for (let n = 5; n < 50; n += 1) expect(cache.get(`once ${n}`)).toBeUndefined();

    cache.set('once 7', new Int32Array(50));
    expect(cache.get('once 7')).toHaveLength(50);
    expect(cache.get('k0')).toBeUndefined();
    expect(cache.stats().bytes).toBeLessThanOrEqual(1_000);
  });

  it('replaces the value of a key it holds, full or not', () => {
    const cache = admitting();
    for (let n = 0; n < 5; n += 1) cache.set(`k${n}`, new Int32Array(50));
    cache.set('k2', new Int32Array(40));
    expect(cache.get('k2')).toHaveLength(40);
  });
});
