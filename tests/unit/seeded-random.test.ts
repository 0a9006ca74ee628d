import { describe, expect, it } from 'vitest';
import { SeededRandom } from '../../src/server/seed/random';

describe('seeded random', () => {
  it('repeats the same sequence for the same seed, and another for another seed', () => {
    const draw = (seed: number) => {
      const random = new SeededRandom(seed);
      return Array.from({ length: 5 }, () => random.next());
    };
    expect(draw(42)).toEqual(draw(42));
    expect(draw(42)).not.toEqual(draw(43));
  });

  it('keeps int() within its bounds and reaches both ends', () => {
    const random = new SeededRandom(7);
    const values = new Set(Array.from({ length: 500 }, () => random.int(3, 6)));
    expect([...values].sort()).toEqual([3, 4, 5, 6]);
  });

  it('splits off a second generator without advancing the first, the same way every time', () => {
    const random = new SeededRandom(42);
    random.next();
    const split = random.split(9);
    const again = new SeededRandom(42);
    again.next();
    expect(again.split(9).next()).toBe(split.next());
    expect(random.next()).toBe(again.next());
    expect(new SeededRandom(42).split(9).next()).not.toBe(new SeededRandom(42).next());
  });

  it('refuses to pick from an empty list', () => {
    expect(() => new SeededRandom(1).pick([])).toThrow('empty');
  });
});
