import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check } from 'drizzle-orm/pg-core';

/**
 * A CHECK that a count or an amount in cents is never below zero: the database refuses such a row whatever code
 * writes it (a bug, a script, an import), instead of a later answer adding it up. Named `<table>_<column>_non_negative`.
 */
export function nonNegative(table: string, column: AnyPgColumn) {
  return check(`${table}_${column.name}_non_negative`, sql`${column} >= 0`);
}
