import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { Database } from '../../src/server/db/client';
import { type ColumnRead, type Columns, readColumns } from '../../src/server/modules/catalogue/catalogue-columns';

const shape = {
  id: z.number().int(),
  name: z.string(),
  prefix: z.string().nullable(),
  width: z.number(),
  runFlat: z.boolean(),
  pcds: z.array(z.string()),
};
const READ: ColumnRead<typeof shape> = {
  columns: { id: 'id', name: 'name', prefix: 'prefix', width: 'width', runFlat: 'run_flat', pcds: 'pcds' },
  from: 'from things where true',
  productIds: ['id'],
  shape,
};
const chunkSchema = z.object(
  Object.fromEntries(Object.entries(shape).map(([name, schema]) => [name, z.array(schema)])),
);

/** A database that answers each columnar query with the next of `answers`, and counts the queries asked. */
function answering(answers: readonly string[]): { db: Database; asked: () => number } {
  let asked = 0;
  const db = {
    execute: async () => {
      const columns = answers[asked] ?? '{}';
      asked += 1;
      return { rows: [{ columns }] };
    },
  };
  return { db: db as unknown as Database, asked: () => asked };
}

/** Any value JSON carries, with the near misses of each column type: fractions, unsafe integers, nulls, numbers as text. */
const anyValue = fc.oneof(
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(2 ** 53, -(2 ** 53), 0.5, '1', '', null, true, false),
  fc.string({ maxLength: 5 }),
  fc.array(fc.oneof(fc.string({ maxLength: 5 }), fc.integer(), fc.constant(null)), { maxLength: 3 }),
);
const anyColumn = fc.oneof(fc.array(anyValue, { maxLength: 4 }), fc.constantFrom(null, 'text', 3, {}));
const validColumns = fc.record({
  id: fc.array(fc.integer(), { minLength: 2, maxLength: 2 }),
  name: fc.array(fc.string(), { minLength: 2, maxLength: 2 }),
  prefix: fc.array(fc.option(fc.string()), { minLength: 2, maxLength: 2 }),
  width: fc.array(fc.double({ noNaN: true, noDefaultInfinity: true }), { minLength: 2, maxLength: 2 }),
  runFlat: fc.array(fc.boolean(), { minLength: 2, maxLength: 2 }),
  pcds: fc.array(fc.array(fc.string(), { maxLength: 3 }), { minLength: 2, maxLength: 2 }),
});
/** Valid columns with one column, or one value of one, replaced by anything. */
const nearlyValidColumns = fc
  .tuple(validColumns, fc.constantFrom(...Object.keys(shape)), anyColumn, anyValue, fc.boolean())
  .map(([columns, name, column, value, wholeColumn]) => {
    const broken: Record<string, unknown> = { ...columns };
    broken[name] = wholeColumn ? column : [value, ...(columns[name as keyof typeof columns] as unknown[]).slice(1)];
    return broken;
  });

async function outcome(text: string): Promise<{ columns: unknown } | { error: unknown }> {
  const used: Columns<typeof shape>[] = [];
  try {
    await readColumns(answering([text]).db, READ, { low: 1, high: 1 }, (columns) => used.push(columns), 10);
    return { columns: used[0] };
  } catch (error) {
    return { error };
  }
}

describe('columns read from the database', () => {
  it('are accepted and refused exactly as zod accepts and refuses them, with zod’s own error', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(validColumns, nearlyValidColumns), async (columns) => {
        const text = JSON.stringify(columns);
        const expected = chunkSchema.safeParse(JSON.parse(text));
        const got = await outcome(text);
        if (expected.success) {
          expect(got).toEqual({ columns: expect.objectContaining(expected.data) });
        } else {
          expect(got).toHaveProperty('error');
          expect((got as { error: unknown }).error).toBeInstanceOf(z.ZodError);
          expect((got as { error: z.ZodError }).error.issues).toEqual(expected.error.issues);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('asks for the next id range before the columns of this one are used, and uses the ranges in order', async () => {
    const answers = [1, 2, 3].map((id) =>
      JSON.stringify({ id: [id], name: ['n'], prefix: [null], width: [8.5], runFlat: [false], pcds: [[]] }),
    );
    const database = answering(answers);
    const seen: { id: number; askedBefore: number }[] = [];
    await readColumns(
      database.db,
      READ,
      { low: 1, high: 25 },
      (columns) => seen.push({ id: columns.id[0] as number, askedBefore: database.asked() }),
      10,
    );
    expect(seen).toEqual([
      { id: 1, askedBefore: 2 },
      { id: 2, askedBefore: 3 },
      { id: 3, askedBefore: 3 },
    ]);
  });
});
