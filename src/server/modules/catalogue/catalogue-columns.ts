import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { definitionOf } from '../../../contract/zod-definition';
import type { Database } from '../../db/client';

/**
 * Product ids per query. One answer per range keeps what the database builds at once small: PGlite's WebAssembly
 * memory grows to hold the largest answer it ever built and never gives it back (measured at 100,000 tyres: one
 * answer for all of them grew it by 280 MB for good, 20,000 ids per answer by 83 MB, 5,000 by nothing).
 */
export const IDS_PER_QUERY = 5_000;

/** A read of whole columns: SQL expressions by name, what they are read from, and which product id ranges them. */
export interface ColumnRead<S extends z.ZodRawShape> {
  /** Column name → SQL expression over `from` (constants of this module's callers, never user input). */
  readonly columns: { readonly [K in keyof S]: string };
  /** The FROM and join clauses, and any condition of its own, as `from … where …` without the id range. */
  readonly from: string;
  /**
   * The product id expressions the ranges apply to: every joined table's own, so each is read through its key's
   * index (a range on one side only left PostgreSQL scanning the whole other table for every range).
   */
  readonly productIds: readonly string[];
  /** An order for the values (`order by` of each aggregate), where the order of rows is meaningful. */
  readonly orderBy?: string;
  /** The type of each column: an array of its values. */
  readonly shape: S;
}

export type Columns<S extends z.ZodRawShape> = { [K in keyof S]: z.infer<S[K]>[] };

const rangeSchema = z.object({
  rows: z
    .array(z.object({ low: z.coerce.number().int().nullable(), high: z.coerce.number().int().nullable() }))
    .length(1),
});
const answerSchema = z.object({ rows: z.array(z.object({ columns: z.string() })).length(1) });

/** Definition fields that change nothing for a column's type; with any other, a column is left to zod. */
const PLAIN_FIELDS: Readonly<Record<string, readonly string[]>> = {
  string: ['type'],
  boolean: ['type'],
  number: ['type', 'checks'],
  nullable: ['type', 'innerType'],
  array: ['type', 'element'],
};

/**
 * The check zod makes of one value, as a plain test, for the few types columns use (text, integers, numbers,
 * booleans, nullable, lists); null for anything else, which zod then checks. Zod costs a fifth of a second a load at
 * 100,000 tyres, a plain test next to nothing; a column the test refuses is still handed to zod, so a wrong value
 * fails with zod's own error.
 */
function plainCheck(schema: unknown): ((value: unknown) => boolean) | null {
  const definition = definitionOf(schema);
  const known = PLAIN_FIELDS[definition.type];
  if (!known || Object.keys(definition).some((field) => !known.includes(field) && definition[field] !== undefined))
    return null;
  switch (definition.type) {
    case 'string':
      return (value) => typeof value === 'string';
    case 'boolean':
      return (value) => typeof value === 'boolean';
    case 'number': {
      const checks = (definition.checks ?? []) as unknown[];
      if (checks.length === 0) return (value) => typeof value === 'number' && Number.isFinite(value);
      const only = checks.length === 1 ? definitionOf(checks[0]) : null;
      if (only?.check !== 'number_format' || only.format !== 'safeint') return null;
      return (value) => Number.isSafeInteger(value);
    }
    case 'nullable': {
      const inner = plainCheck(definition.innerType);
      return inner && ((value) => value === null || inner(value));
    }
    default: {
      const element = plainCheck(definition.element);
      return element && ((value) => Array.isArray(value) && value.every(element));
    }
  }
}

/** Each column's plain test (plainCheck), or null when any column needs zod. */
function plainColumnsCheck(shape: z.ZodRawShape): ((columns: unknown) => boolean) | null {
  const checks = Object.entries(shape).map(([name, schema]) => [name, plainCheck(schema)] as const);
  if (checks.some(([, check]) => check === null)) return null;
  return (columns) => {
    if (typeof columns !== 'object' || columns === null || Array.isArray(columns)) return false;
    const record = columns as Record<string, unknown>;
    return checks.every(([name, check]) => {
      const column = record[name];
      return Array.isArray(column) && column.every(check as (value: unknown) => boolean);
    });
  };
}

/**
 * The lowest and highest product id in a table (a constant of this module's callers, never user input): the ranges a
 * columnar read of that table walks. Each read walks its own table's span, so wheels, whose ids follow the tyres',
 * are not asked for in every range of the tyres' ids (each empty range was a query of its own).
 */
export async function productIdRange(
  db: Database,
  of: { readonly table: string; readonly column: string },
): Promise<{ low: number; high: number } | null> {
  const query = sql`select min(${sql.raw(of.column)}) as low, max(${sql.raw(of.column)}) as high from ${sql.raw(of.table)}`;
  const [range] = rangeSchema.parse(await db.execute(query)).rows;
  return range?.low === null || range?.low === undefined || range.high === null
    ? null
    : { low: range.low, high: range.high };
}

/**
 * Reads whole columns instead of rows: per id range, one aggregated JSON text (one value to transfer and one
 * JSON.parse, where rows cost a message and an object each, the bulk of a catalogue load through PGlite's wire).
 * The aggregates of one query read the same rows in the same order, so the columns stay aligned. `use` takes each
 * range's columns in turn: they are garbage as soon as it returns, young enough for the cheap collector, where
 * columns of the whole table would outlive it and swell the heap the server keeps after its load. The next range is
 * asked for before this one is used, so on PostgreSQL the database builds it while this process parses (the embedded
 * database runs queries one at a time either way, and builds no more at once).
 */
export async function readColumns<S extends z.ZodRawShape>(
  db: Database,
  read: ColumnRead<S>,
  ids: { low: number; high: number } | null,
  use: (columns: Columns<S>) => void,
  idsPerQuery: number = IDS_PER_QUERY,
): Promise<void> {
  if (!ids) return;
  const names = Object.keys(read.shape);
  const chunkSchema = z.object(Object.fromEntries(names.map((name) => [name, z.array(read.shape[name] as z.ZodType)])));
  const plainlyValid = plainColumnsCheck(read.shape);
  const order = read.orderBy ? ` order by ${read.orderBy}` : '';
  const aggregates = names
    .map((name) => `'${name}', coalesce(json_agg(${read.columns[name]}${order}), '[]'::json)`)
    .join(', ');
  const rangeFrom = async (low: number): Promise<string> => {
    const high = low + idsPerQuery;
    const ranges = read.productIds.map((id) => sql` and ${sql.raw(id)} >= ${low} and ${sql.raw(id)} < ${high}`);
    const query = sql`select json_build_object(${sql.raw(aggregates)})::text as columns ${sql.raw(read.from)}${sql.join(ranges)}`;
    const [answer] = answerSchema.parse(await db.execute(query)).rows;
    return answer?.columns ?? '{}';
  };
  let next: Promise<string> | null = rangeFrom(ids.low);
  try {
    for (let low = ids.low; next; low += idsPerQuery) {
      const text: string = await next;
      next = low + idsPerQuery <= ids.high ? rangeFrom(low + idsPerQuery) : null;
      const columns: unknown = JSON.parse(text);
      use((plainlyValid?.(columns) ? columns : chunkSchema.parse(columns)) as Columns<S>);
    }
  } finally {
    // A range asked for ahead of a failed one is not awaited: its own failure must not end the process unhandled.
    next?.catch(() => undefined);
  }
}
