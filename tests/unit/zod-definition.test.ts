import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { definitionOf } from '../../src/contract/zod-definition';

/**
 * Every field of zod's definitions that the shop's schema walkers read (the answer compiler, the request edge, the
 * catalogue's column reads, the product fields), checked against the installed zod: a release that renames or moves
 * one fails here, by name, instead of in three walkers in three different ways.
 */
describe("zod's definitions, as the schema walkers read them", () => {
  it('names each type the walkers handle', () => {
    expect(definitionOf(z.string()).type).toBe('string');
    expect(definitionOf(z.boolean()).type).toBe('boolean');
    expect(definitionOf(z.number()).type).toBe('number');
    expect(definitionOf(z.never()).type).toBe('never');
  });

  it('keeps an integer as a number of the safe-integer format, or a number with that one check', () => {
    expect(definitionOf(z.int())).toMatchObject({ type: 'number', check: 'number_format', format: 'safeint' });
    const checks = definitionOf(z.number().int()).checks as unknown[];
    expect(checks).toHaveLength(1);
    expect(definitionOf(checks[0])).toMatchObject({ check: 'number_format', format: 'safeint' });
  });

  it('keeps a bound as a check with its value and whether it is inclusive', () => {
    const [minimum, below] = definitionOf(z.number().min(1).lt(10)).checks as unknown[];
    expect(definitionOf(minimum)).toMatchObject({ check: 'greater_than', value: 1, inclusive: true });
    expect(definitionOf(below)).toMatchObject({ check: 'less_than', value: 10, inclusive: false });
  });

  it('keeps what wraps or holds another schema where the walkers look for it', () => {
    const inner = z.string();
    expect(definitionOf(inner.nullable())).toMatchObject({ type: 'nullable', innerType: inner });
    expect(definitionOf(inner.optional())).toMatchObject({ type: 'optional', innerType: inner });
    expect(definitionOf(inner.default('x'))).toMatchObject({ type: 'default', innerType: inner });
    expect(definitionOf(z.array(inner))).toMatchObject({ type: 'array', element: inner });
    expect(definitionOf(z.record(z.string(), inner))).toMatchObject({ type: 'record', valueType: inner });
    const piped = inner.pipe(z.string().min(1));
    expect(definitionOf(piped)).toMatchObject({ type: 'pipe', in: inner });
    const union = z.union([inner, z.number()]);
    expect(definitionOf(union).type).toBe('union');
    expect(definitionOf(union).options).toEqual([inner, expect.anything()]);
    const lazy = z.lazy(() => inner);
    expect(definitionOf(lazy).type).toBe('lazy');
    expect((definitionOf(lazy).getter as () => unknown)()).toBe(inner);
  });

  it('keeps an object shape and its catch-all, and an enum its entries', () => {
    const shape = { a: z.string() };
    expect(definitionOf(z.object(shape))).toMatchObject({ type: 'object', shape });
    expect(definitionOf(definitionOf(z.strictObject(shape)).catchall).type).toBe('never');
    expect(definitionOf(definitionOf(z.looseObject(shape)).catchall).type).toBe('unknown');
    expect(definitionOf(z.enum(['Trade', 'RRP']))).toMatchObject({
      type: 'enum',
      entries: { Trade: 'Trade', RRP: 'RRP' },
    });
  });

  it('refuses what is not a zod schema', () => {
    expect(() => definitionOf({})).toThrow('not a zod schema');
    expect(() => definitionOf(null)).toThrow('not a zod schema');
  });
});
