import { type SQL, type SQLWrapper, getTableColumns, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/*
 * A batch of a thousand rows written or looked up through the query builder is thousands of parameters, and building
 * such a statement costs more than running it. Given as one array parameter per column, the statement is the same few
 * parameters however long the batch, on PostgreSQL and on the embedded database alike.
 */

function arrayElement(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = typeof value === 'string' ? value : String(value);
  return `"${text.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** The text of a one-dimensional PostgreSQL array ('{"a","b",NULL}'), to be cast to its type (`::text[]`). */
export function arrayLiteral(values: readonly unknown[]): string {
  return `{${values.map(arrayElement).join(',')}}`;
}

/** `column = any(values)`: the array form of `in (…)`, which a btree index answers as it answers a list. */
export function anyOf(column: SQLWrapper, values: readonly string[] | readonly number[], type: 'text' | 'int'): SQL {
  return sql`${column} = any(${arrayLiteral(values)}::${sql.raw(type)}[])`;
}

/**
 * `insert into <table> (<columns>) select * from unnest(<one array per column>)`: every row of the batch in one
 * statement of one parameter per column. Array columns cannot be written this way (unnest flattens them).
 */
export function insertUnnested<Table extends PgTable, Key extends keyof Table['$inferInsert'] & string>(
  table: Table,
  keys: readonly Key[],
  rows: readonly Pick<Table['$inferInsert'], Key>[],
): SQL {
  const columns = getTableColumns(table);
  const chosen = keys.map((key) => {
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column`);
    const type = column.getSQLType();
    if (type.endsWith(']')) throw new Error(`${column.name} is an array column, which unnest would flatten`);
    return { key, column, type };
  });
  const names = sql.join(
    chosen.map(({ column }) => sql.identifier(column.name)),
    sql`, `,
  );
  const arrays = sql.join(
    chosen.map(({ key, column, type }) => {
      const values = rows.map((row) => {
        const value: unknown = row[key];
        return value === null || value === undefined ? null : column.mapToDriverValue(value);
      });
      return sql`${arrayLiteral(values)}::${sql.raw(type)}[]`;
    }),
    sql`, `,
  );
  return sql`insert into ${table} (${names}) select * from unnest(${arrays})`;
}
