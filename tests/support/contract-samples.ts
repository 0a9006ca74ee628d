import type { z } from 'zod';
import type { RouteDefinition } from '../../src/contract/route';

/**
 * Valid inputs for any request schema of the contract, read from the schema itself, so tests can run over the whole
 * route table. Strings try a list of shapes the contract's formats take (email, phone, ABN, DOT serial…) and keep the
 * ones the field's schema accepts.
 */
const STRINGS = [
  'Sample',
  'Trade',
  'dealer@demo.test',
  '0412 345 678',
  '51 824 753 556',
  'DOT ABCD EF12 0124',
  'Australia/Sydney',
  '2026-01-15T10:30:00',
  '6x139.7',
  'sample-slug',
  '1',
  '3000',
  'INV-1001',
  'photo.jpg',
  '7d0b2c2e-52f4-4c1e-9a43-3f1f0c6f2a11',
  'Demo!2345',
  'https://erp.example.com/hooks',
  '12345-678',
  '/images/home/sample.png',
  '2026-11-03',
];

const NUMBERS = [1, 2, 0, 10, 12, 20, 100, 1000, 5.5, -1];

type Def = { type: string } & Record<string, unknown>;
const defOf = (schema: z.ZodType): Def => schema._zod.def as unknown as Def;
const MAX_CANDIDATES = 6;

function valid(schema: z.ZodType, candidates: readonly unknown[]): unknown[] {
  return candidates.filter((candidate) => schema.safeParse(candidate).success).slice(0, MAX_CANDIDATES);
}

function objectCandidates(shape: Record<string, z.ZodType>): unknown[] {
  const options = Object.entries(shape).map(([key, field]) => [key, candidatesOf(field)] as const);
  const first = Object.fromEntries(options.flatMap(([key, values]) => (values.length > 0 ? [[key, values[0]]] : [])));
  const variants = options.flatMap(([key, values]) => values.slice(1).map((value) => ({ ...first, [key]: value })));
  return [first, ...variants];
}

function candidatesOf(schema: z.ZodType): unknown[] {
  const def = defOf(schema);
  switch (def.type) {
    case 'optional':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return valid(schema, candidatesOf(def.innerType as z.ZodType));
    case 'nullable':
      return valid(schema, [...candidatesOf(def.innerType as z.ZodType), null]);
    case 'lazy':
      return candidatesOf((def.getter as () => z.ZodType)());
    case 'pipe':
      return valid(schema, candidatesOf(def.in as z.ZodType));
    case 'string':
      return valid(schema, STRINGS);
    case 'number':
    case 'int':
      return valid(schema, NUMBERS);
    case 'boolean':
      return [true, false];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>);
    case 'literal':
      return [...(def.values as unknown[])];
    case 'array': {
      const items = candidatesOf(def.element as z.ZodType);
      const ofLength = (length: number) => Array.from({ length }, (_, index) => items[index % items.length]);
      return valid(schema, items.length === 0 ? [[]] : [ofLength(1), ofLength(2), ofLength(3)]);
    }
    case 'record':
      return valid(
        schema,
        candidatesOf(def.valueType as z.ZodType).map((value) => ({ key: value })),
      );
    case 'union':
      return valid(schema, (def.options as z.ZodType[]).flatMap(candidatesOf));
    case 'object':
      return valid(schema, objectCandidates(def.shape as Record<string, z.ZodType>));
    default:
      return [];
  }
}

/** A valid input for the schema, every optional field included; throws when the schema defeats the generator. */
export function sampleOf(schema: z.ZodType): unknown {
  const [sample] = candidatesOf(schema);
  if (sample === undefined) throw new Error('no valid sample for this schema: add a string shape to STRINGS');
  return sample;
}

/** A query as the browser sends it: every value text, lists as repeated keys. */
export function queryText(query: unknown): Record<string, string | string[]> {
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([key, value]) => [
      key,
      Array.isArray(value) ? value.map(String) : String(value),
    ]),
  );
}

/** A route's sample input: its query as text and its body as JSON, both valid for the route's schemas. */
export function sampleRequest(route: RouteDefinition): { query?: Record<string, string | string[]>; body?: unknown } {
  return {
    ...(route.query ? { query: queryText(sampleOf(route.query)) } : {}),
    ...(route.body ? { body: sampleOf(route.body) } : {}),
  };
}

/** Every key of every object in `value`, at any depth, PascalCased (as a client from another stack may send them). */
export function pascalCaseKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pascalCaseKeys);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [`${key.charAt(0).toUpperCase()}${key.slice(1)}`, pascalCaseKeys(item)]),
  );
}
