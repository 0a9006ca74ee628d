import type { z } from 'zod';
import { FIELD_SPELLINGS } from '../../contract/field-spellings';
import type { ValidationError } from '../../contract/problem';
import { type ZodDefinition, definitionOf } from '../../contract/zod-definition';
import { problems } from './problem';

/** What the edge hands to the route's schema: the input with every field under its contract name, or why not. */
export interface EdgeReading {
  readonly value: unknown;
  readonly validationErrors: ValidationError[];
}

export const UNKNOWN_FIELD = 'This field is not part of the request';
export const REPEATED_FIELD = 'This field is given more than once (field names ignore case)';
export const BAD_CHARACTER = 'Contains a character that is not allowed (a NUL or an unpaired surrogate)';

type Path = readonly (string | number)[];
const nameOf = (path: Path, part: string) => (path.length === 0 ? part : path.join('.'));

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** PostgreSQL cannot store a NUL or an unpaired surrogate in text, and neither belongs in anything a person types. */
const hasBadCharacter = (text: string) => text.includes('\u0000') || UNPAIRED_SURROGATE.test(text);

const lookups = new WeakMap<z.ZodType, ReadonlyMap<string, string>>();

/** An object schema's field names by their lower-case spelling, second spellings included. */
function lookupOf(schema: z.ZodType, shape: Record<string, z.ZodType>): ReadonlyMap<string, string> {
  const known = lookups.get(schema);
  if (known) return known;
  const lookup = new Map<string, string>();
  for (const key of Object.keys(shape)) {
    const lower = key.toLowerCase();
    const taken = lookup.get(lower);
    if (taken !== undefined) throw new Error(`Request fields ${taken} and ${key} differ only in case`);
    lookup.set(lower, key);
  }
  for (const [spelling, field] of Object.entries(FIELD_SPELLINGS)) {
    if (Object.hasOwn(shape, field) && !lookup.has(spelling.toLowerCase())) lookup.set(spelling.toLowerCase(), field);
  }
  lookups.set(schema, lookup);
  return lookup;
}

/** Unknown keys are refused unless the object schema itself takes any key (a catch-all other than never). */
function catchAllOf(def: ZodDefinition): z.ZodType | null {
  const catchall = def.catchall as z.ZodType | undefined;
  return catchall && definitionOf(catchall).type !== 'never' ? catchall : null;
}

function readObject(
  schema: z.ZodType,
  def: ZodDefinition,
  value: Record<string, unknown>,
  path: Path,
  part: string,
  errors: ValidationError[],
) {
  const shape = def.shape as Record<string, z.ZodType>;
  const lookup = lookupOf(schema, shape);
  const catchAll = catchAllOf(def);
  const read: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(value)) {
    const name = Object.hasOwn(shape, key) ? key : lookup.get(key.toLowerCase());
    const fieldSchema = name === undefined ? catchAll : (shape[name] as z.ZodType);
    const target = name ?? key;
    if (fieldSchema === null) {
      errors.push({ name: nameOf([...path, key], part), reason: UNKNOWN_FIELD });
    } else if (Object.hasOwn(read, target)) {
      errors.push({ name: nameOf([...path, target], part), reason: REPEATED_FIELD });
    } else {
      // Defined, not assigned: assigning a key named '__proto__' would replace the object's prototype instead.
      Object.defineProperty(read, target, {
        value: readValue(fieldSchema, field, [...path, target], part, errors),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return read;
}

/** A union reads as its first option that takes the input whole, else as the option it fits best. */
function readUnion(options: readonly z.ZodType[], value: unknown, path: Path, part: string, errors: ValidationError[]) {
  let best: { value: unknown; errors: ValidationError[] } | null = null;
  for (const option of options) {
    const optionErrors: ValidationError[] = [];
    const read = readValue(option, value, path, part, optionErrors);
    if (optionErrors.length === 0 && option.safeParse(read).success) return read;
    if (best === null || optionErrors.length < best.errors.length) best = { value: read, errors: optionErrors };
  }
  if (best === null) return value;
  errors.push(...best.errors);
  return best.value;
}

function readValue(schema: z.ZodType, value: unknown, path: Path, part: string, errors: ValidationError[]): unknown {
  const def = definitionOf(schema);
  switch (def.type) {
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return readValue(def.innerType as z.ZodType, value, path, part, errors);
    case 'lazy':
      return readValue((def.getter as () => z.ZodType)(), value, path, part, errors);
    case 'pipe':
      return readValue(def.in as z.ZodType, value, path, part, errors);
    case 'object':
      return isRecord(value) ? readObject(schema, def, value, path, part, errors) : value;
    case 'array':
      return Array.isArray(value)
        ? value.map((item, index) => readValue(def.element as z.ZodType, item, [...path, index], part, errors))
        : value;
    case 'record':
      return isRecord(value)
        ? Object.fromEntries(
            Object.entries(value).map(([key, item]) => [
              key,
              readValue(def.valueType as z.ZodType, item, [...path, key], part, errors),
            ]),
          )
        : value;
    case 'union':
      return readUnion(def.options as z.ZodType[], value, path, part, errors);
    default:
      return value;
  }
}

function findBadCharacters(value: unknown, path: Path, part: string, errors: ValidationError[]): void {
  if (typeof value === 'string') {
    if (hasBadCharacter(value)) errors.push({ name: nameOf(path, part), reason: BAD_CHARACTER });
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => findBadCharacters(item, [...path, index], part, errors));
  } else if (isRecord(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasBadCharacter(key)) errors.push({ name: nameOf([...path, key], part), reason: BAD_CHARACTER });
      else findBadCharacters(item, [...path, key], part, errors);
    }
  }
}

/**
 * Reads one part of a request (its body or query) against the route's schema before the schema parses it: each key is
 * matched to its field whatever its case (or second spelling), at every depth; a key that matches no field, a field
 * given twice and a string holding a NUL or an unpaired surrogate are refused. A route without a schema for the part
 * takes no keys in it.
 */
export function readRequestPart(schema: z.ZodType | undefined, value: unknown, part: string): EdgeReading {
  const errors: ValidationError[] = [];
  let read = value;
  if (schema) {
    read = readValue(schema, value, [], part, errors);
  } else if (isRecord(value)) {
    for (const key of Object.keys(value)) errors.push({ name: key, reason: UNKNOWN_FIELD });
  }
  findBadCharacters(read, [], part, errors);
  return { value: read, validationErrors: errors };
}

function schemaErrors(schema: z.ZodType | undefined, value: unknown, part: string): ValidationError[] {
  const parsed = schema?.safeParse(value);
  if (!parsed || parsed.success) return [];
  return parsed.error.issues.map((issue) => ({ name: nameOf(issue.path as Path, part), reason: issue.message }));
}

/**
 * The query and body of a request as the route's schemas will parse them. Throws a 400 problem naming every refused
 * field (with the schema's own complaints about the rest, so one answer lists every field to fix).
 */
export function readRequest(
  definition: { readonly query?: z.ZodType; readonly body?: z.ZodType },
  input: { readonly query: unknown; readonly body: unknown },
): { query: unknown; body: unknown } {
  const query = readRequestPart(definition.query, input.query, 'querystring');
  const body = readRequestPart(definition.body, input.body, 'body');
  const refused = [...query.validationErrors, ...body.validationErrors];
  if (refused.length === 0) return { query: query.value, body: body.value };
  const named = new Set(refused.map((error) => error.name));
  const others = [
    ...schemaErrors(definition.query, query.value, 'querystring'),
    ...schemaErrors(definition.body, body.value, 'body'),
  ].filter((error) => !named.has(error.name));
  const unique = new Map([...refused, ...others].map((error) => [error.name, error]));
  throw problems.badRequest('The request is not valid.', [...unique.values()]);
}
