import { customType } from 'drizzle-orm/pg-core';

/**
 * The rule for a stored enumeration (docs/security.md, 'Stored values'): a value outside the column's choices (written
 * before a check existed, by hand, or by a release that had a choice this one dropped) reads as the column's fallback
 * instead of failing every request that reads the row, and is reported once per process, so the row can be mended.
 */

export interface StoredValueLog {
  warn(object: object, message: string): void;
}

let log: StoredValueLog = { warn: (object, message) => console.warn(message, object) };
const reported = new Set<string>();
/** Reports are kept to tell a repeat from a new one; past this many distinct ones, further reports are dropped. */
const MAX_REPORTS = 1_000;
const SHOWN_VALUE_LENGTH = 80;

/** Where the reports go: the app's own log once it has one. */
export function reportStoredValuesTo(next: StoredValueLog): void {
  log = next;
}

/** `value` when it is one of `choices`; otherwise `fallback`, reported once per column and value. */
export function readStoredChoice<C extends string, F>(
  column: string,
  choices: ReadonlySet<string>,
  value: string,
  fallback: F,
): C | F {
  if (choices.has(value)) return value as C;
  const key = `${column}\u0000${value}`;
  if (!reported.has(key) && reported.size < MAX_REPORTS) {
    reported.add(key);
    log.warn(
      { column, value: value.slice(0, SHOWN_VALUE_LENGTH), fallback },
      'a stored value is not one of its column’s choices; it reads as the fallback until the row is saved again',
    );
  }
  return fallback;
}

/**
 * A text column holding one of `choices`. Every read through Drizzle goes through `readStoredChoice`, so no query of
 * the column can hand a request a value its code does not know; writes are typed to the choices (and requests are
 * parsed with zod before anything is written).
 */
export function storedChoice<const C extends readonly [string, ...string[]]>(
  name: string,
  choices: C,
  fallback: C[number] | null,
) {
  const allowed: ReadonlySet<string> = new Set(choices);
  return customType<{ data: C[number]; driverData: string }>({
    dataType: () => 'text',
    fromDriver: (value) => readStoredChoice<C[number], C[number]>(name, allowed, value, fallback as C[number]),
  })(name);
}
