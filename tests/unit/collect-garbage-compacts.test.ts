import v8 from 'node:v8';
import vm from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { collectGarbage } from '../../src/server/collect-garbage';

// Tests run without --expose-gc; a fresh context made after the flag is set has V8's gc() in it.
v8.setFlagsFromString('--expose-gc');
const realGc: unknown = vm.runInNewContext('gc');

/** Committed old-space megabytes that hold nothing live. */
function idleOldSpaceMb(): number {
  const old = v8.getHeapSpaceStatistics().find((space) => space.space_name === 'old_space');
  if (!old) throw new Error('no old space');
  return (old.space_size - old.space_used_size) / 1024 / 1024;
}

/**
 * Spreads a few survivors over many old-space pages, as a burst of requests does: objects live long enough to be
 * promoted, and only one in twenty is still referenced afterwards.
 */
function fragmentOldSpace(): object[] {
  const survivors: object[] = [];
  let promoted: object[] = [];
  for (let i = 0; i < 2_000_000; i += 1) {
    const item = { id: i, name: `tyre ${i}`, sizes: [i, i + 1] };
    if (i % 20 === 0) survivors.push(item);
    else promoted.push(item);
    if (promoted.length > 200_000) promoted = [];
  }
  return survivors;
}

describe('the collection an instance makes when quiet', () => {
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'gc');
  });

  it('compacts, so the pages a burst filled are handed back', () => {
    if (typeof realGc !== 'function') throw new Error('gc() is not available');
    Reflect.set(globalThis, 'gc', realGc);

    const first = fragmentOldSpace();
    collectGarbage();
    expect(first.length).toBe(100_000);
    expect(idleOldSpaceMb()).toBeLessThan(8);
  });
});
