import { describe, expect, it, vi } from 'vitest';
import { preloadable } from '../../src/web/components/layout/preloadable';

describe('a part kept out of the first load (preloadable)', () => {
  it('fetches its chunk once, however often it is asked for', async () => {
    const load = vi.fn(async () => ({ Part: 'the part' }));
    const part = preloadable(load);
    const [first, second] = await Promise.all([part.preload(), part.preload()]);
    await part.preload();
    expect(load).toHaveBeenCalledTimes(1);
    expect(first).toBe(second);
  });

  it('fetches again on the next ask after a failed fetch (a chunk a new deployment replaced, a dropped connection)', async () => {
    const load = vi
      .fn<() => Promise<{ Part: string }>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue({ Part: 'the part' });
    const part = preloadable(load);
    await expect(part.preload()).rejects.toThrow('offline');
    await expect(part.preload()).resolves.toEqual({ Part: 'the part' });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
